/**
 * GET /api/sync/sepultados: paging from the beginning and after a cursor, tombstones,
 * the public shape, compression, the cheap no-change answer, input checks, and the reset after
 * a restore. Concurrent writers: sync-concurrency.test.ts.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEP_MSG } from '../../src/domain/burial-messages';
import type { BurialRecord } from '../../src/domain/burial-types';
import { type Actor, actor, auth, createRecord, createWithPhotos } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { jpeg } from './image-fixtures';
import { applyPages, dbState, endCursor, patchRecord, sync, walk } from './sync-helpers';

describe.each(engines)('sync: delta of the register ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin', 'Ana Administradora');
  });
  afterAll(async () => {
    await h?.close();
  });

  const remove = (id: string) =>
    h.app.inject({ method: 'DELETE', url: `/api/sepultados/${id}`, headers: auth(admin) });
  const get = (url: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url, headers });

  it('walks from the beginning in pages: every record exactly once, in write order', async () => {
    const created: BurialRecord[] = [];
    for (let i = 0; i < 20; i += 1) {
      created.push(await createRecord(h, admin, { nome: `Pessoa ${i}`, chapa: String(100 + i) }));
    }
    const withPhotos = await createWithPhotos(h, admin, [
      await jpeg(300, 200, 1),
      await jpeg(300, 200, 2),
    ]);
    const [edited, goneA, goneB] = [created[3], created[5], created[9]] as [
      BurialRecord,
      BurialRecord,
      BurialRecord,
    ];
    expect((await patchRecord(h, admin, edited.id, { rua: 'Rua Nova' })).statusCode).toBe(200);
    expect((await remove(goneA.id)).statusCode).toBe(200);
    expect((await remove(goneB.id)).statusCode).toBe(200);

    const { pages, cursor } = await walk(h, undefined, 7);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const page of pages.slice(0, -1)) {
      expect(page.hasMore).toBe(true);
      expect(page.changed.length + page.deleted.length).toBe(7);
      expect(page.reset).toBe(false);
    }
    expect(pages.at(-1)?.hasMore).toBe(false);

    const order = pages.flatMap((p) => [...p.changed.map((r) => r.id), ...p.deleted]);
    expect(new Set(order).size).toBe(order.length);
    const db = await dbState(h);
    expect(applyPages(pages)).toEqual(db.live);
    expect(new Set(pages.flatMap((p) => p.deleted))).toEqual(new Set(db.deleted));
    expect(db.deleted).toEqual(expect.arrayContaining([goneA.id, goneB.id]));

    // A record written again moved to its latest write: after the one created after it.
    expect(order.indexOf(edited.id)).toBeGreaterThan(order.indexOf(withPhotos.id));
    const changed = pages.flatMap((p) => p.changed);
    expect(changed.find((r) => r.id === edited.id)).toMatchObject({ rua: 'Rua Nova', version: 2 });
    const photos = changed.find((r) => r.id === withPhotos.id);
    expect(photos?.images).toEqual(withPhotos.images);
    expect(photos?.thumbs).toEqual(withPhotos.thumbs);
    expect(photos?.thumbs).toHaveLength(2);

    expect(await sync(h, cursor)).toEqual({
      changed: [],
      deleted: [],
      cursor,
      hasMore: false,
      reset: false,
    });
  });

  it('after a cursor: only what changed — edits, creations, assignments and deletions', async () => {
    const [a, b, c] = [
      await createRecord(h, admin),
      await createRecord(h, admin),
      await createRecord(h, admin),
    ];
    const cursor = await endCursor(h);
    await patchRecord(h, admin, a.id, { chapa: '7001' });
    await remove(b.id);
    const d = await createRecord(h, admin, { nome: 'Registro Novo' });
    const conc = await actor(h, 'concessionario');
    const assigned = await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${c.id}/atribuir/${conc.id}`,
      headers: auth(admin),
    });
    expect(assigned.statusCode).toBe(200);

    const { pages } = await walk(h, cursor);
    const changed = pages.flatMap((p) => p.changed);
    expect(changed.map((r) => r.id)).toEqual([a.id, d.id, c.id]);
    expect(changed[0]).toMatchObject({ chapa: '7001', version: 2 });
    // An assignment moves the record in the stream without a new version.
    expect(changed[2]).toMatchObject({ id: c.id, version: 1 });
    expect(pages.flatMap((p) => p.deleted)).toEqual([b.id]);
  });

  it('sends the public record (as GET /api/sepultados/:id), never who manages it', async () => {
    const cursor = await endCursor(h);
    const rec = await createWithPhotos(h, admin, [await jpeg(320, 240, 40)]);
    const conc = await actor(h, 'concessionario');
    await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${rec.id}/atribuir/${conc.id}`,
      headers: auth(admin),
    });
    const res = await get(`/api/sync/sepultados?since=${cursor}`, auth(admin));
    const [item] = (res.json() as { changed: BurialRecord[] }).changed;
    expect(item).toEqual((await get(`/api/sepultados/${rec.id}`)).json());
    expect(item).not.toHaveProperty('concessionarios');
    expect(res.body).not.toContain(conc.id);
    expect(item?.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('compresses the answer with gzip or br when the client accepts it', async () => {
    const url = '/api/sync/sepultados?limit=20';
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(2048);
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    const br = await get(url, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('a sync with no changes is one small answer, and a 304 with its ETag', async () => {
    const cursor = await endCursor(h);
    const url = `/api/sync/sepultados?since=${cursor}`;
    const res = await get(url, { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ changed: [], deleted: [], cursor, hasMore: false, reset: false });
    expect(res.rawPayload.length).toBeLessThan(120);
    expect(res.headers['cache-control']).toBe('no-cache');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);

    const unchanged = await get(url, { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);

    const rec = await createRecord(h, admin);
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().changed.map((r: BurialRecord) => r.id)).toEqual([rec.id]);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('refuses a malformed cursor or limit with a pt-BR 400; a big limit is served at 2000', async () => {
    for (const since of ['abc', '1.2', '1.99999999999999999999.1', '-1.2.3', '1.2.3.4']) {
      const res = await get(`/api/sync/sepultados?since=${encodeURIComponent(since)}`);
      expect(res.statusCode, since).toBe(400);
      expect(res.json()).toEqual({ message: SEP_MSG.syncCursorInvalid, field: 'since' });
    }
    for (const query of ['limit=0', 'limit=abc', 'limit=1.5', 'outro=1']) {
      const res = await get(`/api/sync/sepultados?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await get('/api/sync/sepultados?since=')).statusCode).toBe(200);
  });

  it('serves 500 records by default and at most 2000 per page', async () => {
    const cursor = await endCursor(h);
    // Straight into the table: 2,100 records through the API would only slow the test down.
    await h.app.ctx.database.sql.exec(`
      INSERT INTO sepultados (id, nome, quadra, chapa)
      SELECT lpad(to_hex(g), 24, '0'), 'Registro ' || g, '1', g::text
      FROM generate_series(1, 2100) AS g`);
    const byDefault = await sync(h, cursor);
    expect(byDefault.changed).toHaveLength(500);
    expect(byDefault.hasMore).toBe(true);
    const big = await sync(h, cursor, 100_000);
    expect(big.changed).toHaveLength(2000);
    expect(big.hasMore).toBe(true);
    const rest = await sync(h, big.cursor, 2000);
    expect(rest.changed).toHaveLength(100);
    expect(rest.hasMore).toBe(false);
  });

  it('restarts from the beginning (reset) when the database was restored elsewhere', async () => {
    const rec = await createRecord(h, admin, { nome: 'Registro Restaurado' });
    const old = await endCursor(h);
    // What a dump restored into a younger cluster looks like: a row written by a transaction
    // id this server has not assigned yet (the stamp trigger would overwrite it).
    const sql = h.app.ctx.database.sql;
    await sql.exec('ALTER TABLE sepultados DISABLE TRIGGER sepultados_stamp');
    await sql.query(`UPDATE sepultados SET change_xid = '900000000000' WHERE id = $1`, [rec.id]);
    await sql.exec('ALTER TABLE sepultados ENABLE TRIGGER sepultados_stamp');

    const first = await sync(h, old, 2000);
    expect(first.reset).toBe(true);
    const epoch = (cursor: string) => cursor.split('.')[0];
    expect(epoch(first.cursor)).not.toBe(epoch(old));
    const rest = await walk(h, first.cursor, 2000);
    expect(applyPages([first, ...rest.pages])).toEqual((await dbState(h)).live);
    expect([first, ...rest.pages].flatMap((p) => p.changed).some((r) => r.id === rec.id)).toBe(
      true,
    );
    // Healed: nothing new after the fresh cursor; the old one still restarts.
    expect((await sync(h, rest.cursor)).changed).toEqual([]);
    expect((await sync(h, old)).reset).toBe(true);
    // A cursor from the future of this server restarts too.
    expect((await sync(h, `${epoch(rest.cursor)}.99999999999999.1`)).reset).toBe(true);
  });
});
