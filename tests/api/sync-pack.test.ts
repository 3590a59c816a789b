/**
 * GET /api/sync/pack: a cemetery's visit pack as compact columns — exactly that cemetery's
 * live records on a first walk, in pages; the same fields as the public record; a delta after
 * its cursor that brings edits (flagged `again`), deletions and records moved to another
 * cemetery (as `deleted`), and nothing of other cemeteries on a first walk; the whole register
 * without `cemiterio`; input checks.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packIdAt, packRecordAt } from '../../src/domain/pack-format';
import type { PackAnswer } from '../../src/domain/sync-types';
import {
  type Actor,
  actor,
  auth,
  createRecord,
  createWithPhotos,
  multipartBody,
} from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { jpeg } from './image-fixtures';
import { patchRecord } from './sync-helpers';
import { tribute } from './tributes-helpers';

describe.each(engines)('sync: visit pack per cemetery ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin', 'Ana Administradora');
  });
  afterAll(async () => {
    await h?.close();
  });

  async function pack(query: Record<string, string>): Promise<PackAnswer> {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/sync/pack?${new URLSearchParams(query)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PackAnswer;
  }

  /** Walks to the end, applying pages to `into` (id → nome); answers the last cursor. */
  async function walk(into: Map<string, string>, query: Record<string, string>, since?: string) {
    let cursor = since;
    const pages: PackAnswer[] = [];
    for (;;) {
      const page = await pack({ ...query, limit: '3', ...(cursor ? { since: cursor } : {}) });
      pages.push(page);
      if (page.reset) into.clear();
      for (let i = 0; i < page.nomes.length; i++) into.set(packIdAt(page, i), page.nomes[i] ?? '');
      for (const id of page.deleted) into.delete(id);
      cursor = page.cursor;
      if (!page.hasMore) return { cursor, pages };
    }
  }

  async function liveIn(cemiterioId: string | null): Promise<Map<string, string>> {
    const rows = await h.app.ctx.database.sql.query<{ id: string; nome: string }>(
      `SELECT id, nome FROM sepultados WHERE deleted_at IS NULL
       AND ($1::text IS NULL OR cemiterio_id = $1::text)`,
      [cemiterioId],
    );
    return new Map(rows.map((r) => [r.id, r.nome]));
  }

  const cemeteryOf = async (id: string) =>
    (
      await h.app.ctx.database.sql.query<{ c: string }>(
        'SELECT cemiterio_id AS c FROM sepultados WHERE id = $1',
        [id],
      )
    )[0]?.c ?? '';

  it('walks one cemetery, then its changes, with the guarantees of the sync', async () => {
    const a: string[] = [];
    const b: string[] = [];
    for (let i = 0; i < 8; i++) {
      a.push(
        (await createRecord(h, admin, { nome: `Pessoa A${i}`, cemiterio: 'Cemitério Alfa' })).id,
      );
      b.push(
        (await createRecord(h, admin, { nome: `Pessoa B${i}`, cemiterio: 'Cemitério Beta' })).id,
      );
    }
    const alfa = await cemeteryOf(a[0] ?? '');
    const beta = await cemeteryOf(b[0] ?? '');
    const photo = await createWithPhotos(h, admin, [await jpeg(300, 200, 1)], {
      nome: 'Pessoa Com Foto',
      cemiterio: 'Cemitério Alfa',
      rua: 'Rua das Flores',
      dtFal: '2020-02-03',
      latitude: '-20.38',
      longitude: '-43.5',
    });

    const held = new Map<string, string>();
    const first = await walk(held, { cemiterio: alfa });
    expect(held).toEqual(await liveIn(alfa));
    expect(first.pages.length).toBeGreaterThan(2);
    // A first walk: nothing to drop, nothing sent twice.
    expect(first.pages.flatMap((p) => [...p.deleted, ...p.again])).toEqual([]);
    const withPhoto = first.pages.flatMap((p) =>
      p.nomes.map((_, i) => packRecordAt(p, i)).filter((r) => r.id === photo.id),
    )[0];
    expect(withPhoto).toEqual({
      id: photo.id,
      nome: 'Pessoa Com Foto',
      rua: 'Rua das Flores',
      quadra: photo.quadra,
      chapa: photo.chapa,
      dtFal: '2020-02-03',
      image: photo.images[0],
      thumb: photo.thumbs[0],
      homenagens: 0,
      latitude: -20.38,
      longitude: -43.5,
    });

    // Changes: an edit, a deletion, a move to Beta, a new record in each cemetery.
    const [edited, gone, moved] = [a[1], a[2], a[3]] as [string, string, string];
    expect((await patchRecord(h, admin, edited, { nome: 'Pessoa Renomeada' })).statusCode).toBe(
      200,
    );
    const del = await h.app.inject({
      method: 'DELETE',
      url: `/api/sepultados/${gone}`,
      headers: auth(admin),
    });
    expect(del.statusCode).toBe(200);
    expect((await patchRecord(h, admin, moved, { cemiterio: 'Cemitério Beta' })).statusCode).toBe(
      200,
    );
    await createRecord(h, admin, { nome: 'Nova Alfa', cemiterio: 'Cemitério Alfa' });
    await createRecord(h, admin, { nome: 'Nova Beta', cemiterio: 'Cemitério Beta' });

    const delta = await walk(held, { cemiterio: alfa }, first.cursor);
    expect(held).toEqual(await liveIn(alfa));
    expect(held.get(edited)).toBe('Pessoa Renomeada');
    expect(held.has(moved)).toBe(false);
    const again = delta.pages.flatMap((p) => p.again.map((i) => packIdAt(p, i)));
    expect(again).toContain(edited);
    expect(delta.pages.flatMap((p) => p.deleted)).toEqual(expect.arrayContaining([gone, moved]));

    // Beta's pack gets the moved record; the whole register without `cemiterio`.
    const betaHeld = new Map<string, string>();
    await walk(betaHeld, { cemiterio: beta });
    expect(betaHeld).toEqual(await liveIn(beta));
    expect(betaHeld.has(moved)).toBe(true);
    const all = new Map<string, string>();
    await walk(all, {});
    expect(all).toEqual(await liveIn(null));
  });

  it("estimates one cemetery's pack: its records and the compact pages' bytes", async () => {
    const first = await createRecord(h, admin, {
      nome: 'Pessoa Gama 0',
      cemiterio: 'Cemitério Gama',
    });
    for (let i = 1; i < 12; i++) {
      await createRecord(h, admin, { nome: `Pessoa Gama ${i}`, cemiterio: 'Cemitério Gama' });
    }
    const gama = await cemeteryOf(first.id);
    const res = await h.app.inject({ method: 'GET', url: `/api/sync/info?cemiterio=${gama}` });
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json() as { records: number; recordBytesEstimate: number; thumbs: number };
    expect(info.records).toBe(12);
    expect(info.thumbs).toBe(0);
    const page = await pack({ cemiterio: gama, limit: '100' });
    const gz = zlib.gzipSync(JSON.stringify(page)).length;
    expect(info.recordBytesEstimate).toBeGreaterThan(gz * 0.8);
    expect(info.recordBytesEstimate).toBeLessThan(gz * 1.25);
  });

  it("carries each record's tribute count, and a new or removed tribute in the delta", async () => {
    const first = await createRecord(h, admin, {
      nome: 'Pessoa Delta 0',
      cemiterio: 'Cemitério Delta',
    });
    const other = await createRecord(h, admin, {
      nome: 'Pessoa Delta 1',
      cemiterio: 'Cemitério Delta',
    });
    const delta = await cemeteryOf(first.id);
    await tribute(h, admin, first.id, 'Saudades');
    const second = await tribute(h, admin, first.id, 'Sempre lembrado');
    const count = (page: PackAnswer, id: string) => {
      for (let i = 0; i < page.nomes.length; i++) {
        if (packIdAt(page, i) === id) return packRecordAt(page, i).homenagens;
      }
      return undefined;
    };
    const whole = await pack({ cemiterio: delta, limit: '100' });
    expect(count(whole, first.id)).toBe(2);
    expect(count(whole, other.id)).toBe(0);
    // Only records with tributes are listed (sparse).
    expect(whole.homenagens).toHaveLength(1);

    // A tribute touches its record: the next delta brings the new count, flagged `again`.
    const removed = await h.app.inject({
      method: 'DELETE',
      url: `/api/sepultados/${first.id}/comentarios/${second.id}`,
      headers: auth(admin),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await pack({ cemiterio: delta, limit: '100', since: whole.cursor });
    expect(count(after, first.id)).toBe(1);
    expect(after.again.map((i) => packIdAt(after, i))).toEqual([first.id]);
    await tribute(h, admin, first.id, 'Flores');
    const again = await pack({ cemiterio: delta, limit: '100', since: after.cursor });
    expect(count(again, first.id)).toBe(2);
  });

  it("carries each grave's position, none where unknown, and a moved one in the delta", async () => {
    const located = await createRecord(h, admin, {
      nome: 'Pessoa Lugar 0',
      cemiterio: 'Cemitério Lugar',
      latitude: -23.550521,
      longitude: -46.633308,
    });
    const unknown = await createRecord(h, admin, {
      nome: 'Pessoa Lugar 1',
      cemiterio: 'Cemitério Lugar',
      latitude: null,
      longitude: null,
    });
    const cemetery = await cemeteryOf(located.id);
    const at = (page: PackAnswer, id: string) => {
      for (let i = 0; i < page.nomes.length; i++) {
        if (packIdAt(page, i) === id) {
          const r = packRecordAt(page, i);
          return [r.latitude, r.longitude];
        }
      }
      return undefined;
    };
    const whole = await pack({ cemiterio: cemetery, limit: '100' });
    // To 1e-5 degree: within a metre of the grave.
    expect(at(whole, located.id)).toEqual([-23.55052, -46.63331]);
    expect(at(whole, unknown.id)).toEqual([null, null]);

    // A position corrected at the grave travels with the record, flagged `again`.
    const moved = await patchRecord(h, admin, located.id, {
      latitude: -23.5506,
      longitude: -46.6334,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await pack({ cemiterio: cemetery, limit: '100', since: whole.cursor });
    expect(at(after, located.id)).toEqual([-23.5506, -46.6334]);
    expect(after.again.map((i) => packIdAt(after, i))).toEqual([located.id]);
  });

  it("ends each walk with the cemetery's plan: a changed plan reaches the next delta, never a 304", async () => {
    const first = await createRecord(h, admin, {
      nome: 'Pessoa Epsilon',
      cemiterio: 'Cemitério Épsilon',
    });
    const z = await createRecord(h, admin, { nome: 'Pessoa Zeta', cemiterio: 'Cemitério Zeta' });
    const epsilon = await cemeteryOf(first.id);
    const get = (query: Record<string, string>, etag?: string) =>
      h.app.inject({
        method: 'GET',
        url: `/api/sync/pack?${new URLSearchParams(query)}`,
        headers: etag ? { 'if-none-match': etag } : {},
      });
    const held = new Map<string, string>();
    const none = await walk(held, { cemiterio: epsilon });
    // Only the last page says it; no plan yet.
    expect(none.pages.at(-1)?.plano).toBeNull();
    expect(none.pages.slice(0, -1).every((p) => p.plano === undefined)).toBe(true);
    const idle = await get({ cemiterio: epsilon, since: none.cursor });
    const idleTag = String(idle.headers.etag);
    expect((await get({ cemiterio: epsilon, since: none.cursor }, idleTag)).statusCode).toBe(304);

    // The admin saves Épsilon's plan (no record written): the same cursor's answer changes.
    const { payload, headers } = await multipartBody(
      { south: '-20.387', west: '-43.505', north: '-20.384', east: '-43.502' },
      [{ name: 'plano.jpg', type: 'image/jpeg', data: await jpeg(400, 300), field: 'imagem' }],
    );
    const put = await h.app.inject({
      method: 'PUT',
      url: `/api/cemiterios/${epsilon}/plano`,
      headers: { ...auth(admin), ...headers },
      payload,
    });
    expect(put.statusCode, put.body).toBe(200);
    const saved = put.json() as { image: string; updatedAt: string };
    const delta = await get({ cemiterio: epsilon, since: none.cursor }, idleTag);
    expect(delta.statusCode).toBe(200);
    const answer = delta.json() as PackAnswer;
    expect(answer.nomes).toEqual([]);
    expect(answer.plano).toMatchObject({
      image: saved.image,
      bounds: { south: -20.387, west: -43.505, north: -20.384, east: -43.502 },
    });
    // Corners alone changed: a new tag again.
    const corners = await multipartBody({ north: '-20.383' }, []);
    const moved = await h.app.inject({
      method: 'PUT',
      url: `/api/cemiterios/${epsilon}/plano`,
      headers: { ...auth(admin), ...corners.headers },
      payload: corners.payload,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const later = await get({ cemiterio: epsilon, since: none.cursor }, String(delta.headers.etag));
    expect(later.statusCode).toBe(200);
    expect((later.json() as PackAnswer).plano?.bounds.north).toBe(-20.383);
    // Another cemetery's walk carries its own plan (none), the whole register's none at all.
    const zeta = await pack({ cemiterio: await cemeteryOf(z.id), limit: '100' });
    expect(zeta.plano).toBeNull();
    expect((await pack({ limit: '5000' })).plano).toBeUndefined();
  });

  it('refuses a malformed cursor or cemetery id', async () => {
    for (const url of [
      '/api/sync/info?cemiterio=nope',
      '/api/sync/pack?since=1.2.3',
      '/api/sync/pack?since=abc',
      '/api/sync/pack?cemiterio=nope',
    ]) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
    }
  });
});
