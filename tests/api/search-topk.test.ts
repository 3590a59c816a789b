/**
 * The capped total and the top-k page (server/modules/search/search-topk.ts), on each engine,
 * on a register where the cap applies: more than SEARCH_LIMITS.totalCap records match
 * "maria souza", in every class the page can hold — the whole name (6), names starting with
 * the words (5, also with the last word only started: "Maria Souzana"), both words equal
 * elsewhere in the name or the street (4), only started (3) — with many equal dates and
 * unknown ones, so the id decides too. The top-k page must be the full ranking's first page
 * (buildSearchSql, the statement that ranks every match), the total exact up to the cap and
 * past it the cap with `totalIsLowerBound`. "souza" and "maria" alone are common enough to be
 * read newest death first (buildEqualSql's newestFirst); with a small broad bound "maria"'s
 * names-start range fills the page alone (search-broad.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSearchSql } from '../../server/modules/search/search-sql';
import { type TopRow, topByClass } from '../../server/modules/search/search-topk';
import { lookupVocabulary } from '../../server/modules/search/search-vocab';
import { parseQuery, SEARCH_LIMITS } from '../../src/domain/search-query';
import type { SearchAnswer } from '../../src/domain/search-types';
import { engines, type Harness, startApp } from './helpers';
import { generatedRecords, insertAnalyzed, type SeedRecord } from './search-helpers';

const OTHERS = ['Lima', 'Costa', 'Reis', 'Dias', 'Melo', 'Rocha', 'Paz'];

/**
 * 2,100 records matching "maria souza": 42 in classes 5–6 (fewer than a page, so the page
 * also holds class 4), the rest in class 4 (in the name or the street) and 3; dates often
 * equal or unknown.
 */
function register(): SeedRecord[] {
  return Array.from({ length: 2100 }, (_, i) => {
    const x = OTHERS[i % OTHERS.length] as string;
    const rare = ['Maria Souza', `Maria Souza ${x}`, `Maria Souzana ${x}`];
    const common = [`${x} Maria Souza`, `Maria ${x} Souza`, 'Maria Lima', `Mariana Souza ${x}`];
    const kind = i % 150 < rare.length ? -1 : i % common.length;
    const nome = (kind < 0 ? rare[i % 150] : common[kind]) as string;
    const day = `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10}`;
    return {
      nome,
      rua: kind === 2 ? 'Rua Souza' : `Rua ${1 + (i % 9)}`,
      quadra: String(1 + (i % 10)),
      chapa: String(1000 + i),
      dtFal: i % 7 === 0 ? null : i % 3 === 0 ? '2001-01-01' : day,
    };
  });
}

/** These fill the page from the classes ≥ 4, so top-k answers them. */
const TOP_K = [
  'maria souza',
  'souza maria',
  'souza',
  'maria souza quadra 7',
  'lima maria',
  'maria',
];
const QUERIES = [
  'maria',
  'maria souza',
  'souza maria',
  'souza',
  'maria souza quadra 7',
  'maria souz',
  'souza rua 3',
  'lima maria',
];

describe.each(engines)('capped total and top-k page ($name)', (engine) => {
  let h: Harness;
  let cemetery: string | null = null;
  beforeAll(async () => {
    h = await startApp(engine);
    const filler = generatedRecords(5, 300);
    // Names starting with "Souza", died lately: "souza" reads them from its names-start range
    // and must not take them again among its newest equal records.
    const souzas = Array.from({ length: 20 }, (_, i) => ({
      nome: `Souza ${OTHERS[i % OTHERS.length]}`,
      rua: 'Rua 2',
      quadra: '3',
      chapa: String(5000 + i),
      dtFal: `2024-05-${String(1 + i).padStart(2, '0')}`,
    }));
    cemetery = await insertAnalyzed(h, [...register(), ...filler, ...souzas]);
  }, 240_000);
  afterAll(async () => {
    await h?.close();
  });

  const sql = () => h.app.ctx.search.reads;
  const line = (r: TopRow) => `${r.id} ${r.tier} ${r.points} ${r.dt_fal}`;
  /** Every match ranked (the statement the page must equal) and how many there are. */
  const fullRanking = async (q: string, cemiterio: string | null) => {
    const { text, params } = buildSearchSql(parseQuery(q), {
      fuzzy: [],
      limit: SEARCH_LIMITS.defaultLimit,
      count: true,
      cemiterio,
    });
    const rows = await sql().query<TopRow & { total: number }>(text, params);
    return { rows, total: Number(rows[0]?.total ?? 0) };
  };

  it.each(QUERIES)('top-k page = the full ranking: %s', async (q) => {
    for (const cemiterio of [null, cemetery]) {
      const full = await fullRanking(q, cemiterio);
      const vocabulary = parseQuery(q).terms.map(() => undefined);
      const top = await topByClass<TopRow>(sql(), parseQuery(q), {
        limit: SEARCH_LIMITS.defaultLimit,
        cemiterio,
        vocabulary,
        takeAt: 0,
      });
      // Null (the caller ranks every match) when too few records have every word equal.
      if (!TOP_K.includes(q) && top === null) continue;
      if (top === null) throw new Error(`${q}: top-k not taken`);
      expect(top.rows.map(line), q).toEqual(full.rows.map(line));
      if (full.total > SEARCH_LIMITS.totalCap) {
        expect(top).toMatchObject({ total: SEARCH_LIMITS.totalCap, totalIsLowerBound: true });
      } else {
        expect(top.total, q).toBe(full.total);
        expect(top.totalIsLowerBound, q).toBeUndefined();
      }
    }
  });

  it.each(['maria', 'mari', 'maria souza', 'souza'])(
    'a broad names-start range that fills the page alone: the same page and total (%s)',
    async (q) => {
      for (const cemiterio of [null, cemetery]) {
        const full = await fullRanking(q, cemiterio);
        const top = await topByClass<TopRow>(sql(), parseQuery(q), {
          limit: SEARCH_LIMITS.defaultLimit,
          cemiterio,
          vocabulary: parseQuery(q).terms.map(() => undefined),
          takeAt: 0,
          broadAt: 5,
        });
        if (top === null) continue; // "mari": no word equal anywhere, nothing to take
        expect(top.rows.map(line), q).toEqual(full.rows.map(line));
        expect(top.total, q).toBe(Math.min(full.total, SEARCH_LIMITS.totalCap));
      }
    },
  );

  it.each(['m', 'mar'])(
    'a word that starts many but is held by none (%s) takes top-k by its vocabulary: same page, total',
    async (q) => {
      // No record holds "m" whole, so the estimate of every term whole says 0; the words it
      // starts say thousands (4.2 s to rank a million of them at 2,000,000 records).
      const query = parseQuery(q);
      const vocabulary = await lookupVocabulary(h.app.ctx, query, null);
      const full = await fullRanking(q, null);
      expect(full.total).toBeGreaterThan(SEARCH_LIMITS.totalCap);
      const top = await topByClass<TopRow>(sql(), query, {
        limit: SEARCH_LIMITS.defaultLimit,
        cemiterio: null,
        vocabulary,
        // This register's scale: 2,420 records, so "many" matches past 10 × 100.
        takeAt: 100,
        broadAt: 5,
      });
      if (top === null) throw new Error(`${q}: top-k not taken`);
      expect(top.rows.map(line), q).toEqual(full.rows.map(line));
      expect(top).toMatchObject({ total: SEARCH_LIMITS.totalCap, totalIsLowerBound: true });
    },
  );

  it('"maria s": a names-start range too narrow to be broad, ranked alone, is the page when it fills it from class 5', async () => {
    // No record holds "s" whole; "Maria Souza…" start 42 names, fewer than a broad range
    // (broadAt) and than the full page: a page of 20 comes from the range alone.
    const q = 'maria s';
    const query = parseQuery(q);
    const limit = 20;
    const vocabulary = await lookupVocabulary(h.app.ctx, query, null);
    const { text, params } = buildSearchSql(query, { fuzzy: [], limit, count: true });
    const full = await sql().query<TopRow & { total: number }>(text, params);
    expect(Number(full[0]?.total)).toBeGreaterThan(SEARCH_LIMITS.totalCap);
    const seen: string[] = [];
    const recorder = {
      query: <T>(t: string, p: unknown[]) => sql().query<T>(t, p),
      indexed: <T>(t: string, p: unknown[]) => sql().indexed<T>(t, p),
      prepared: <T>(t: string, p: unknown[]) => {
        seen.push(t);
        return sql().prepared<T>(t, p);
      },
    };
    const top = await topByClass<TopRow>(recorder, query, {
      limit,
      cemiterio: null,
      vocabulary,
      takeAt: 100,
      broadAt: 5000,
    });
    if (top === null) throw new Error(`${q}: top-k not taken`);
    expect(top.rows.map(line)).toEqual(full.map(line));
    expect(top).toMatchObject({ total: SEARCH_LIMITS.totalCap, totalIsLowerBound: true });
    // The page came from the range's statement (buildPhraseSql), not the full ranking's.
    expect(seen).toHaveLength(1);
  });

  it('the register holds queries past the cap and below it, and pages in each class', async () => {
    expect((await fullRanking('maria souza', null)).total).toBeGreaterThan(SEARCH_LIMITS.totalCap);
    expect((await fullRanking('lima maria', null)).total).toBeLessThan(SEARCH_LIMITS.totalCap);
    const tiers = new Set((await fullRanking('maria souza', null)).rows.map((r) => r.tier));
    expect([...tiers].sort()).toEqual([4, 5, 6]);
  });

  it('answers the cap and totalIsLowerBound past it, the exact total below, same page', async () => {
    for (const q of QUERIES) {
      for (const cemiterio of [null, cemetery]) {
        const res = await h.app.inject({
          url: `/api/sepultados/pesquisa?q=${encodeURIComponent(q)}${cemiterio ? `&cemiterio=${cemiterio}` : ''}`,
        });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as SearchAnswer;
        const full = await fullRanking(q, cemiterio);
        expect(
          body.sepultados.map((c) => c.id),
          q,
        ).toEqual(full.rows.map((r) => r.id));
        if (full.total > SEARCH_LIMITS.totalCap) {
          expect(body.total, q).toBe(SEARCH_LIMITS.totalCap);
          expect(body.totalIsLowerBound, q).toBe(true);
        } else {
          expect(body.total, q).toBe(full.total);
          expect('totalIsLowerBound' in body, q).toBe(false);
        }
      }
    }
  });
});
