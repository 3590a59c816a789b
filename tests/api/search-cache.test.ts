/**
 * The public search's answers are held a few seconds under the register's write stamp
 * (server/modules/search/search-cache.ts): a repeated search is answered from memory, and any
 * write to the register — through this app, or from outside it (another instance, an import:
 * here plain SQL) — is seen by the very next search.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context';
import { TTL_MS } from '../../server/lib/read-cache';
import { writeStamp } from '../../server/modules/search/search-cache';
import { HELD_MS, heldStats } from '../../server/modules/search/search-stats';
import { lookupVocabulary } from '../../server/modules/search/search-vocab';
import { newId } from '../../src/domain/ids';
import { parseQuery } from '../../src/domain/search-query';
import { type Actor, actor, auth, createRecord } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { tribute } from './tributes-helpers';

describe.each(engines)('search answers cache ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin');
  });
  afterAll(async () => {
    await h?.close();
  });

  const names = async (q: string, suggestions = false) => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/sepultados/pesquisa?q=${encodeURIComponent(q)}${suggestions ? '&suggestions=true' : ''}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { sepultados?: { nome: string }[]; sepultado?: { nome: string }[] };
    return (body.sepultados ?? body.sepultado ?? []).map((c) => c.nome);
  };

  it('a repeat is answered from memory; a write through the app shows on the next search', async () => {
    const made = await createRecord(h, admin, { nome: 'Eulália Quitéria Borba' });
    expect(await names('eulalia borba')).toEqual(['Eulália Quitéria Borba']);
    const held = h.app.ctx.searchCache.size;
    expect(await names('eulalia borba')).toEqual(['Eulália Quitéria Borba']);
    expect(h.app.ctx.searchCache.size).toBe(held); // the same entry answered
    const removed = await h.app.inject({
      method: 'DELETE',
      url: `/api/sepultados/${made.id}`,
      headers: auth(admin),
    });
    expect(removed.statusCode).toBe(200);
    expect(await names('eulalia borba')).toEqual([]);
  });

  it('a tribute keeps the held answers; a touch that can change a card does not', async () => {
    const made = await createRecord(h, admin, { nome: 'Hermengarda Piva Tostes' });
    expect(await names('hermengarda')).toEqual(['Hermengarda Piva Tostes']);
    const held = h.app.ctx.searchCache.size;
    // The tribute count's touch (migration 0016): the record moves in the sync stream only.
    await tribute(h, admin, made.id, 'Saudades eternas.');
    expect(await names('hermengarda')).toEqual(['Hermengarda Piva Tostes']);
    expect(h.app.ctx.searchCache.size).toBe(held);
    // A legacy photo import touches with -1: the card may show a new photo, so a new stamp.
    await h.app.ctx.database.sql.query('UPDATE sepultados SET change_seq = -1 WHERE id = $1', [
      made.id,
    ]);
    expect(await names('hermengarda')).toEqual(['Hermengarda Piva Tostes']);
    expect(h.app.ctx.searchCache.size).toBe(held + 1);
  });

  it('holds the vocabulary words of a pattern for its stamp only, and a few seconds at most', async () => {
    const sql = h.app.ctx.database.sql;
    const stamp = async () =>
      (await sql.query<{ v: string }>('SELECT last_value::text AS v FROM sepultados_search_seq'))[0]
        ?.v ?? '';
    const words = async (q: string, at: string | null, now = Date.now()) =>
      (await lookupVocabulary(h.app.ctx, parseQuery(q), at, now))[0];
    await createRecord(h, admin, { nome: 'Gumercindo Prates' });
    const before = await stamp();
    const t0 = Date.now();
    expect(await words('zenob', before, t0)).toEqual([]);
    // Written from outside the app: the vocabulary has the word, the memory does not yet.
    await sql.query(
      "INSERT INTO sepultados (id, nome, quadra, chapa) VALUES ($1, 'Zenóbio Prates', '1', '1')",
      [newId()],
    );
    expect(await words('zenob', before, t0 + 1000)).toEqual([]);
    // A new stamp, or the entry's time out, reads it again; without a stamp, always.
    expect(await words('zenob', await stamp(), t0 + 1000)).toHaveLength(1);
    expect(await words('zenob', before, t0 + TTL_MS + 1)).toHaveLength(1);
    expect(await words('zenob', null)).toHaveLength(1);
    expect(await stamp()).not.toBe(before);
  });

  it('holds the element statistics a minute through writes (only ANALYZE moves them)', async () => {
    const sql = h.app.ctx.database.sql;
    let reads = 0;
    const counted = {
      search: { heldStats: null },
      database: {
        sql: {
          query: (text: string, params: unknown[]) => {
            if (text.includes('pg_stats')) reads += 1;
            return sql.query(text, params);
          },
        },
      },
    } as unknown as AppContext;
    await createRecord(h, admin, { nome: 'Deolinda Sarmento Viana' });
    const t0 = Date.now();
    expect(await heldStats(counted, t0).size()).toBeGreaterThanOrEqual(0);
    const before = (await writeStamp(h.app.ctx)).value;
    await createRecord(h, admin, { nome: 'Deolinda Sarmento Vianna' });
    expect((await writeStamp(h.app.ctx)).value).not.toBe(before);
    await heldStats(counted, t0 + 1000).shares(['search_words'], ['deolinda']);
    expect(reads).toBe(1);
    await heldStats(counted, t0 + HELD_MS + 1).size();
    expect(reads).toBe(2);
  });

  it.skipIf(engine.name === 'pglite')(
    'an answer read while a write is open is kept apart: the write shows once committed',
    async () => {
      const made = await createRecord(h, admin, { nome: 'Teodolinda Brás Quintela' });
      const other = new pg.Client({ connectionString: h.config.databaseUrl ?? '' });
      await other.connect();
      try {
        expect((await writeStamp(h.app.ctx)).settled).toBe(true);
        await other.query('BEGIN');
        await other.query(`UPDATE sepultados SET nome = 'Teodolinda Brás Quaresma' WHERE id = $1`, [
          made.id,
        ]);
        // The stamp has moved, the write is not committed: not settled.
        expect((await writeStamp(h.app.ctx)).settled).toBe(false);
        expect(await names('teodolinda quaresma')).toEqual([]);
        await other.query('COMMIT');
        // Same stamp, now settled: the answer read during the write is not taken.
        expect((await writeStamp(h.app.ctx)).settled).toBe(true);
        expect(await names('teodolinda quaresma')).toEqual(['Teodolinda Brás Quaresma']);
        // A tribute's count touch moves no stamp and takes no lock.
        await other.query('BEGIN');
        await other.query('UPDATE sepultados SET change_seq = -2 WHERE id = $1', [made.id]);
        expect((await writeStamp(h.app.ctx)).settled).toBe(true);
        await other.query('COMMIT');
      } finally {
        await other.end();
      }
    },
  );

  it('a write from outside the app (plain SQL) shows on the next search too', async () => {
    const made = await createRecord(h, admin, { nome: 'Florisbela Antunes Cravo' });
    expect(await names('florisb', true)).toEqual(['Florisbela Antunes Cravo']);
    await h.app.ctx.database.sql.query(
      `UPDATE sepultados SET nome = 'Florisbela Antunes Cardoso' WHERE id = $1`,
      [made.id],
    );
    expect(await names('florisb', true)).toEqual(['Florisbela Antunes Cardoso']);
  });
});

describe.each(engines)('SEARCH_CACHE=off ($name)', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp(engine, { SEARCH_CACHE: 'off' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers every search from the register and holds nothing', async () => {
    const admin = await actor(h, 'admin');
    await createRecord(h, admin, { nome: 'Genoveva Uchoa Prates' });
    for (let i = 0; i < 2; i += 1) {
      const res = await h.app.inject({ method: 'GET', url: '/api/sepultados/pesquisa?q=genoveva' });
      expect(res.statusCode).toBe(200);
      expect(
        (res.json() as { sepultados: { nome: string }[] }).sepultados.map((c) => c.nome),
      ).toEqual(['Genoveva Uchoa Prates']);
    }
    expect(h.app.ctx.searchCache.size).toBe(0);
  });
});
