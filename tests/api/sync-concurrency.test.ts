/**
 * The sync cursor under concurrent writers ("no change missed"). On PostgreSQL two
 * transactions on their own connections commit out of order while the sync reads in between.
 * PGlite is one connection running one transaction at a time, so those interleavings cannot
 * happen there and those tests are skipped; the reader-during-writers test runs on both.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BurialRecord } from '../../src/domain/burial-types';
import type { SyncAnswer } from '../../src/domain/sync-types';
import { type Actor, actor, createRecord } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { applyPages, dbState, endCursor, patchRecord, sync, walk } from './sync-helpers';

const ids = (page: SyncAnswer) => page.changed.map((r) => r.id);

describe.each(engines)('sync under concurrent writes ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  const clients: pg.Client[] = [];
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin', 'Ana Administradora');
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    await h?.close();
  });

  /** A connection of its own to the test database (PostgreSQL only). */
  async function connection(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: h.config.databaseUrl ?? '' });
    await client.connect();
    clients.push(client);
    return client;
  }
  const seqOf = async (c: pg.Client, id: string) =>
    BigInt(
      (
        await c.query<{ s: string }>('SELECT change_seq::text AS s FROM sepultados WHERE id = $1', [
          id,
        ])
      ).rows[0]?.s ?? '0',
    );
  const records = async (n: number) => {
    const out: BurialRecord[] = [];
    for (let i = 0; i < n; i += 1) out.push(await createRecord(h, admin));
    return out;
  };

  it.skipIf(engine.name === 'pglite')(
    'never skips a transaction that took its number first and commits last',
    async () => {
      const [r1, r2] = (await records(2)) as [BurialRecord, BurialRecord];
      const cursor = await endCursor(h);
      const a = await connection();
      const b = await connection();
      await a.query('BEGIN');
      await a.query(`UPDATE sepultados SET chapa = 'A' WHERE id = $1`, [r1.id]);
      await b.query('BEGIN');
      await b.query(`UPDATE sepultados SET chapa = 'B' WHERE id = $1`, [r2.id]);
      const [seqA, seqB] = [await seqOf(a, r1.id), await seqOf(b, r2.id)];
      await b.query('COMMIT');
      // A cursor on change_seq alone would now hand out B's number and later skip A's.
      expect(seqA).toBeLessThan(seqB);

      const during = await sync(h, cursor);
      expect(ids(during)).toEqual([]);
      expect(during.cursor).toBe(cursor);

      await a.query('COMMIT');
      const after = await sync(h, during.cursor);
      expect(ids(after)).toEqual([r1.id, r2.id]);
      expect(after.changed.map((r) => r.chapa)).toEqual(['A', 'B']);
    },
  );

  it.skipIf(engine.name === 'pglite')(
    'orders by transaction: a number taken late by an older transaction is not skipped',
    async () => {
      const [r1, r2] = (await records(2)) as [BurialRecord, BurialRecord];
      const cursor = await endCursor(h);
      const a = await connection();
      const b = await connection();
      await a.query('BEGIN');
      await a.query('SELECT pg_current_xact_id()'); // A's transaction id comes first
      await b.query('BEGIN');
      await b.query(`UPDATE sepultados SET chapa = 'B' WHERE id = $1`, [r2.id]);
      await a.query(`UPDATE sepultados SET chapa = 'A' WHERE id = $1`, [r1.id]);
      const [seqA, seqB] = [await seqOf(a, r1.id), await seqOf(b, r2.id)];
      await a.query('COMMIT');
      // B (still open) holds the smaller number: a cursor at A's number would skip it.
      expect(seqB).toBeLessThan(seqA);

      const mid = await sync(h, cursor);
      expect(ids(mid)).toEqual([r1.id]);
      await b.query('COMMIT');
      const end = await sync(h, mid.cursor);
      expect(ids(end)).toEqual([r2.id]);
    },
  );

  /** r2 saved through the app while r1's write, begun first on `a`, is still open. */
  async function heldBehindOpenWrite() {
    const [r1, r2] = (await records(2)) as [BurialRecord, BurialRecord];
    const cursor = await endCursor(h);
    const a = await connection();
    await a.query('BEGIN');
    await a.query(`UPDATE sepultados SET rua = 'Rua Lenta' WHERE id = $1`, [r1.id]);
    expect((await patchRecord(h, admin, r2.id, { rua: 'Rua Rápida' })).statusCode).toBe(200);
    return { r1, r2, cursor, a };
  }

  it.skipIf(engine.name === 'pglite')(
    'holds back committed rows behind a long transaction, and hands them out once it ends',
    async () => {
      const { r1, r2, cursor, a } = await heldBehindOpenWrite();
      for (let i = 0; i < 3; i += 1) expect(ids(await sync(h, cursor))).toEqual([]);
      await a.query('COMMIT');
      expect(ids(await sync(h, cursor))).toEqual([r1.id, r2.id]);
    },
  );

  it.skipIf(engine.name === 'pglite')(
    'under a crowd answers at once instead of waiting for a write still running',
    async () => {
      const { r1, r2, cursor, a } = await heldBehindOpenWrite();
      const sql = h.app.ctx.database.sql;
      const query = sql.query.bind(sql);
      let checks = 0;
      sql.query = ((text: string, params?: unknown[]) => {
        if (text.includes('AS held')) checks += 1;
        return query(text, params);
      }) as typeof sql.query;
      try {
        // Quiet: the held-back row is looked for, and waited for, at each step.
        expect(ids(await sync(h, cursor))).toEqual([]);
        expect(checks).toBe(3);
        // Nine public requests in flight: no wait, the row comes with a later sync.
        const admission = h.app.ctx.admission;
        for (let i = 0; i < 9; i += 1) admission.tryEnter('public');
        checks = 0;
        try {
          expect(ids(await sync(h, cursor))).toEqual([]);
        } finally {
          for (let i = 0; i < 9; i += 1) admission.leave('public', 1);
        }
        expect(checks).toBe(0);
      } finally {
        sql.query = query;
      }
      await a.query('COMMIT');
      expect(ids(await sync(h, cursor))).toEqual([r1.id, r2.id]);
    },
  );

  it('a reader syncing while people write ends with exactly what the database holds', async () => {
    // Many targets, each written a few times: a skipped last write would stay visible.
    const targets = await records(24);
    const first = await walk(h, undefined, 50);
    const mirror = applyPages(first.pages);
    let cursor = first.cursor;
    let writing = true;

    // PostgreSQL: transactions on their own connections that stay open for a random while, so
    // commits land out of order. PGlite: the same edits through the API (it runs them serially).
    const writer = async (w: number) => {
      const c = engine.name === 'postgres' ? await connection() : null;
      for (let i = 0; i < 8; i += 1) {
        // Two rows locked in id order, so writers queue instead of deadlocking.
        const [x, y] = [targets[(w * 8 + i) % 24], targets[(w * 8 + i + 13) % 24]]
          .filter((r) => r !== undefined)
          .sort((p, q) => p.id.localeCompare(q.id)) as [BurialRecord, BurialRecord];
        if (c) {
          await c.query('BEGIN');
          await c.query('UPDATE sepultados SET epitafio = $2 WHERE id = $1', [x.id, `w${w}-${i}`]);
          await sleep(Math.random() * 25);
          await c.query('UPDATE sepultados SET pai = $2 WHERE id = $1', [y.id, `p${w}-${i}`]);
          await sleep(Math.random() * 10);
          await c.query('COMMIT');
        } else {
          await patchRecord(h, admin, x.id, { epitafio: `w${w}-${i}` });
        }
        if (i % 3 === 0) await createRecord(h, admin, { nome: `Novo ${w}-${i}` });
      }
    };
    const reader = (async () => {
      while (writing) {
        const step = await walk(h, cursor, 5);
        applyPages(step.pages, mirror);
        cursor = step.cursor;
        await sleep(5);
      }
    })();
    try {
      await Promise.all([0, 1, 2, 3].map(writer));
    } finally {
      writing = false;
      await reader;
    }
    applyPages((await walk(h, cursor)).pages, mirror);
    expect(mirror).toEqual((await dbState(h)).live);
  });
});
