/**
 * GET /api/sync/pack's held pages (server/modules/sync/pack-held.ts): phones that start a
 * cemetery's download within minutes of each other walk one dated snapshot, read once and sent
 * compressed as it was made; a held page stays right for whoever walks on from it (writes
 * made after it reach the walk further on); the last page — also a phone's delta sync — is
 * never held; a restored database (another sync epoch) drops every held page. Then the
 * holding itself: bytes bound, expiry, one read for concurrent misses.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packPage } from '../../server/modules/sync/pack';
import { PackHeld } from '../../server/modules/sync/pack-held';
import { packIdAt } from '../../src/domain/pack-format';
import type { PackAnswer } from '../../src/domain/sync-types';
import { type Actor, actor, createRecord } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { patchRecord } from './sync-helpers';

interface Got {
  status: number;
  page: PackAnswer;
  cacheControl: string;
  encoding: string | undefined;
  etag: string;
  json: string;
}

describe.each(engines)('sync: held pack pages ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let cemetery = '';
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin', 'Ana Administradora');
    const first = await createRecord(h, admin, { nome: 'Pessoa H0', cemiterio: 'Cemitério Gama' });
    for (let i = 1; i < 7; i++)
      await createRecord(h, admin, { nome: `Pessoa H${i}`, cemiterio: 'Cemitério Gama' });
    const [row] = await h.app.ctx.database.sql.query<{ c: string }>(
      'SELECT cemiterio_id AS c FROM sepultados WHERE id = $1',
      [first.id],
    );
    cemetery = row?.c ?? '';
  });
  afterAll(async () => {
    await h?.close();
  });

  async function get(since: string | undefined, encoding = 'gzip'): Promise<Got> {
    const query = new URLSearchParams({ cemiterio: cemetery, limit: '3' });
    if (since) query.set('since', since);
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/sync/pack?${query}`,
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });
    const encodingSent = res.headers['content-encoding'] as string | undefined;
    const raw = res.rawPayload;
    const json = (
      encodingSent === 'br'
        ? zlib.brotliDecompressSync(raw)
        : encodingSent === 'gzip'
          ? zlib.gunzipSync(raw)
          : raw
    ).toString();
    return {
      status: res.statusCode,
      page: JSON.parse(json) as PackAnswer,
      cacheControl: String(res.headers['cache-control']),
      encoding: encodingSent,
      etag: String(res.headers.etag),
      json,
    };
  }

  /** A phone's whole download: pages applied to a map (id → nome), as the app does. */
  async function walk(from?: string) {
    const into = new Map<string, string>();
    const pages: Got[] = [];
    let cursor = from;
    for (;;) {
      const got = await get(cursor);
      expect(got.status, got.json).toBe(200);
      pages.push(got);
      for (let i = 0; i < got.page.nomes.length; i++)
        into.set(packIdAt(got.page, i), got.page.nomes[i] ?? '');
      for (const id of got.page.deleted) into.delete(id);
      cursor = got.page.cursor;
      if (!got.page.hasMore) return { into, pages, cursor };
    }
  }

  async function live(): Promise<Map<string, string>> {
    const rows = await h.app.ctx.database.sql.query<{ id: string; nome: string }>(
      'SELECT id, nome FROM sepultados WHERE deleted_at IS NULL AND cemiterio_id = $1',
      [cemetery],
    );
    return new Map(rows.map((r) => [r.id, r.nome]));
  }

  it('shares one dated snapshot between phones; writes after it reach the later walk', async () => {
    h.app.ctx.packHeld.clear();
    const a = await walk();
    expect(a.into).toEqual(await live());
    expect(a.pages.map((p) => p.page.hasMore)).toEqual([true, true, false]);
    // Full pages are held and may be kept by a proxy; the last one is a delta sync's page.
    expect(a.pages[0]?.cacheControl).toMatch(/^public, max-age=(89[0-9]|900)$/);
    expect(a.pages[1]?.cacheControl).toMatch(/^public, max-age=3[0-9]{3}$/);
    expect(a.pages[2]?.cacheControl).toBe('no-cache');
    expect(h.app.ctx.packHeld.size).toBe(2);

    // Writes after the snapshot: an edit of a record on its first page, a new record.
    const edited = packIdAt(a.pages[0]?.page as PackAnswer, 0);
    expect((await patchRecord(h, admin, edited, { nome: 'Pessoa Renomeada' })).statusCode).toBe(
      200,
    );
    const added = await createRecord(h, admin, {
      nome: 'Pessoa Nova',
      cemiterio: 'Cemitério Gama',
    });

    // A second phone gets the same first pages, byte for byte (held), and still ends right.
    const b = await walk();
    expect(b.pages[0]?.json).toBe(a.pages[0]?.json);
    expect(b.pages[1]?.json).toBe(a.pages[1]?.json);
    expect(b.into).toEqual(await live());
    expect(b.into.get(edited)).toBe('Pessoa Renomeada');
    expect(b.into.get(added.id)).toBe('Pessoa Nova');
    const again = b.pages.flatMap((p) => p.page.again.map((i) => packIdAt(p.page, i)));
    expect(again).toContain(edited);

    // The first phone's delta sync from its last cursor sees the writes at once.
    const delta = await get(a.cursor);
    expect(delta.cacheControl).toBe('no-cache');
    expect(delta.page.nomes).toEqual(expect.arrayContaining(['Pessoa Renomeada', 'Pessoa Nova']));
  });

  it("sends a held page as the route's own JSON, in whichever encoding is asked", async () => {
    h.app.ctx.packHeld.clear();
    const first = await get(undefined, 'gzip');
    const since = first.page.cursor;
    const fresh = await packPage(h.app.ctx, { since, limit: 3, cemiterio: cemetery });
    const gz = await get(since, 'gzip');
    const br = await get(since, 'br');
    const plain = await get(since, '');
    expect([gz.encoding, br.encoding, plain.encoding]).toEqual(['gzip', 'br', undefined]);
    expect(br.json).toBe(gz.json);
    expect(plain.json).toBe(gz.json);
    expect(gz.page).toEqual(JSON.parse(JSON.stringify(fresh)));
    // A 304 for a phone that has it.
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/sync/pack?${new URLSearchParams({ cemiterio: cemetery, limit: '3', since })}`,
      headers: { 'if-none-match': gz.etag },
    });
    expect(res.statusCode).toBe(304);
  });

  it('drops every held page when the database is restored (another sync epoch)', async () => {
    h.app.ctx.packHeld.clear();
    const a = await walk();
    expect(h.app.ctx.packHeld.size).toBe(2);
    await h.app.ctx.database.sql.exec('UPDATE sync_state SET epoch = epoch + 1');
    // The old walk's last page is read fresh: it answers reset, and the held pages go.
    const last = await get(a.cursor);
    expect(last.page.reset).toBe(true);
    expect(h.app.ctx.packHeld.size).toBe(0);
    const b = await get(undefined);
    expect(b.page.cursor.split('.')[0]).not.toBe(a.cursor.split('.')[0]);
  });
});

describe('PackHeld: what it keeps', () => {
  const page = (n: number, hasMore = true): PackAnswer =>
    ({
      cursor: `1.${n}.0.1`,
      hasMore,
      reset: false,
      deleted: [],
      again: [],
      nomes: Array.from({ length: 50 }, (_, i) => `Nome ${n} ${i} ${'x'.repeat(n % 7)}`),
    }) as unknown as PackAnswer;
  const serialize = (a: PackAnswer) => JSON.stringify(a);
  const tag = (a: PackAnswer) => `W/"${a.cursor}"`;

  it('reads once for concurrent misses, and holds within its bytes, least recently used first', async () => {
    let now = 0;
    let reads = 0;
    const held = new PackHeld(() => now, 2_000, true);
    const read = (n: number) => async () => {
      reads += 1;
      await new Promise((r) => setTimeout(r, 5));
      return page(n);
    };
    const key = (n: number) => ({ since: `1.${n}.0.1`, limit: 3 });
    const [x, y] = await Promise.all([
      held.page(key(1), 'gzip', read(1), serialize, tag),
      held.page(key(1), 'gzip', read(1), serialize, tag),
    ]);
    expect(reads).toBe(1);
    expect(x).toEqual(y);
    for (let n = 2; n <= 6; n++) await held.page(key(n), 'gzip', read(n), serialize, tag);
    expect(held.bytes).toBeLessThanOrEqual(2_000);
    expect(held.size).toBeLessThan(6);
    // The newest is held; the oldest went first.
    const before = reads;
    await held.page(key(6), 'gzip', read(6), serialize, tag);
    expect(reads).toBe(before);
    await held.page(key(1), 'gzip', read(1), serialize, tag);
    expect(reads).toBe(before + 1);
    // A held page expires (an hour after a cursor; 15 minutes for a first page).
    now += 60 * 60_000 + 1;
    await held.page(key(1), 'gzip', read(1), serialize, tag);
    expect(reads).toBe(before + 2);
  });

  it('answers each phone in its own encoding, even when the page could not be kept', async () => {
    // A bound smaller than any page: nothing stays, the phones that waited get it all the same.
    const held = new PackHeld(Date.now, 10, true);
    const read = async () => {
      await new Promise((r) => setTimeout(r, 5));
      return page(4);
    };
    const key = { since: '1.4.0.1', limit: 3 };
    const replies = await Promise.all(
      (['gzip', null, 'br'] as const).map((e) => held.page(key, e, read, serialize, tag)),
    );
    expect(held.size).toBe(0);
    const bodies = replies.map((r) => {
      if (r.kind !== 'held') throw new Error('a full page goes out as bytes');
      if (r.encoding === 'gzip') return zlib.gunzipSync(r.body).toString();
      if (r.encoding === 'br') return zlib.brotliDecompressSync(r.body).toString();
      return r.body.toString();
    });
    expect(replies.map((r) => (r.kind === 'held' ? r.encoding : 'answer'))).toEqual([
      'gzip',
      null,
      'br',
    ]);
    expect(new Set(bodies)).toEqual(new Set([serialize(page(4))]));
  });

  it('never holds a last page, and holds nothing when PACK_HOLD is off', async () => {
    let reads = 0;
    const last = new PackHeld(Date.now, 1 << 20, true);
    const read = async () => {
      reads += 1;
      return page(9, false);
    };
    await last.page({ limit: 3 }, 'gzip', read, serialize, tag);
    await last.page({ limit: 3 }, 'gzip', read, serialize, tag);
    expect(reads).toBe(2);
    expect(last.size).toBe(0);
    const off = new PackHeld(Date.now, 1 << 20, false);
    const reply = await off.page({ limit: 3 }, 'gzip', async () => page(3), serialize, tag);
    expect(reply.kind).toBe('answer');
    expect(off.size).toBe(0);
  });
});
