/**
 * GET /api/sync/info: what a visit pack costs before it starts — public records,
 * an estimate of the compressed record bytes of a full walk, and the thumbnails' count and
 * bytes — so the pack screen can say the sizes before a visitor spends data on them.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncInfo } from '../../src/domain/sync-types';
import {
  type Actor,
  actor,
  auth,
  createRecord,
  createWithPhotos,
  imagesDir,
} from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { jpeg } from './image-fixtures';

describe.each(engines)('sync info: the size of a visit pack ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin', 'Ana Administradora');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('counts public records and photos, and estimates the bytes a phone will download', async () => {
    const plain = [];
    for (let i = 0; i < 30; i += 1) {
      plain.push(await createRecord(h, admin, { nome: `Pessoa Registro ${i}`, chapa: String(i) }));
    }
    const withPhotos = [
      await createWithPhotos(h, admin, [await jpeg(640, 480, 1), await jpeg(640, 480, 2)]),
      await createWithPhotos(h, admin, [await jpeg(800, 600, 3)]),
    ];
    const gone = plain[0];
    if (!gone) throw new Error('no record');
    const del = await h.app.inject({
      method: 'DELETE',
      url: `/api/sepultados/${gone.id}`,
      headers: auth(admin),
    });
    expect(del.statusCode).toBe(200);

    // Anyone may ask (the pack is for visitors), and nothing personal is in it.
    const res = await h.app.inject({ method: 'GET', url: '/api/sync/info' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const info = res.json() as SyncInfo;
    expect(Object.keys(info).sort()).toEqual(
      ['recordBytesEstimate', 'records', 'thumbBytes', 'thumbs'].sort(),
    );
    expect(info.records).toBe(31);
    expect(info.thumbs).toBe(2);

    // The thumbnails a pack takes: the first photo's of each record, as stored.
    const dir = imagesDir(h);
    const firstThumbs = withPhotos.map((r) => r.thumbs[0] ?? '');
    const expected = firstThumbs.reduce((sum, t) => sum + fs.statSync(path.join(dir, t)).size, 0);
    expect(info.thumbBytes).toBe(expected);

    // The estimate is within 25 % of what a full walk really sends gzip'd.
    const walk = await h.app.inject({
      method: 'GET',
      url: '/api/sync/sepultados?limit=2000',
      headers: { 'accept-encoding': 'gzip' },
    });
    const real = walk.rawPayload.length;
    expect(JSON.parse(zlib.gunzipSync(walk.rawPayload).toString()).changed).toHaveLength(31);
    expect(info.recordBytesEstimate).toBeGreaterThan(real * 0.75);
    expect(info.recordBytesEstimate).toBeLessThan(real * 1.25);
  });
});
