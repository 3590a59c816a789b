/**
 * While a backup copies the photos, a photo removed by a write (a deleted record, a replaced
 * photo) stays on disk until the backup ends: the snapshot taken before may still name it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdImageRemovals } from '../../server/lib/image-removal-hold';
import { type Actor, actor, auth, createWithPhotos, imagesDir } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { jpeg } from './image-fixtures';

describe.each(engines)('photo removals wait for a backup in progress ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('keeps a deleted record’s photo files until the hold ends, then removes them', async () => {
    const rec = await createWithPhotos(h, admin, [await jpeg(300, 200)]);
    const files = [rec.images[0] ?? '', rec.thumbs[0] ?? ''].map((f) => path.join(imagesDir(h), f));
    const release = holdImageRemovals();
    try {
      const res = await h.app.inject({
        method: 'DELETE',
        url: `/api/sepultados/${rec.id}`,
        headers: auth(admin),
      });
      expect(res.statusCode).toBe(200);
      expect(files.every((f) => fs.existsSync(f))).toBe(true);
    } finally {
      await release();
    }
    expect(files.some((f) => fs.existsSync(f))).toBe(false);
  });
});
