/**
 * Words cut short that start many names and equal none (server/modules/search/search-walk.ts),
 * on each engine: the page read newest death first plus the records holding some term whole
 * must be the full ranking's first page (buildSearchSql, every match ranked), for the search's
 * page and the suggestions' 8, in the whole register and in one cemetery. The register mixes
 * what can beat a newer death: a surname "Sá" (the term "sa" whole, 1000 more points), a
 * quadra "S" or "SA" and a street "Rua Sa" (whole elsewhere), fewer than a page, so the page
 * is some of each list; equal and unknown dates (the id decides).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCountSql,
  buildPhraseSql,
  buildSearchSql,
} from '../../server/modules/search/search-sql';
import { estimateCounts, liveStats } from '../../server/modules/search/search-stats';
import { type TopRow, topByClass } from '../../server/modules/search/search-topk';
import { lookupVocabulary } from '../../server/modules/search/search-vocab';
import { walkedPage } from '../../server/modules/search/search-walk';
import { parseQuery, SEARCH_LIMITS } from '../../src/domain/search-query';
import type { SearchAnswer, SearchSuggestionsAnswer } from '../../src/domain/search-types';
import { engines, type Harness, startApp } from './helpers';
import { generatedRecords, insertAnalyzed, type SeedRecord } from './search-helpers';

const FIRST = ['José', 'João', 'Joana', 'Jorge', 'Josefa'];
const LAST = ['Santos', 'Sampaio', 'Sales', 'Sabino', 'Souza'];

/** 1,800 records: most "Jo… Sa…" or "Jo… Souza", 15 each holding "sa", "s" or "e" whole. */
function register(): SeedRecord[] {
  return Array.from({ length: 1800 }, (_, i) => {
    const first = FIRST[i % FIRST.length] as string;
    const last = LAST[(i >> 2) % LAST.length] as string;
    const kind = i % 120;
    // Old deaths for the records that win on points, so the date alone would leave them out.
    const old = kind < 5;
    // Quadra "E" (kind 4): a particle, so no record holds "e" as a word, only as a key.
    const nome =
      kind === 0
        ? `${first} de Sá`
        : kind === 6
          ? 'Lima Rocha'
          : kind === 4 || kind % 7 === 0
            ? `${first} Eduardo ${last}`
            : `${first} ${last}`;
    const day = old
      ? `1931-0${1 + (i % 9)}-1${i % 10}`
      : `19${60 + (i % 40)}-0${1 + (i % 9)}-2${i % 8}`;
    return {
      nome,
      rua: kind === 2 ? 'Rua Sa' : `Rua ${1 + (i % 9)}`,
      quadra: kind === 1 ? 'S' : kind === 3 ? 'SA' : kind === 4 ? 'E' : String(1 + (i % 10)),
      chapa: String(1000 + i),
      dtFal: i % 9 === 0 ? null : i % 5 === 0 ? '2001-01-01' : day,
    };
  });
}

// "jo he": the term "e" ("he" without its h), held whole by the quadra "E" as a key only.
const QUERIES = ['jo sa', 'jo s', 'j s', 'jo da s', 'sa jo', 'jo he', 'sa', 's', 'jo'];

describe.each(engines)('words cut short, newest first ($name)', (engine) => {
  let h: Harness;
  let cemetery: string | null = null;
  beforeAll(async () => {
    h = await startApp(engine);
    cemetery = await insertAnalyzed(h, [...register(), ...generatedRecords(7, 300)]);
  }, 240_000);
  afterAll(async () => {
    await h?.close();
  });

  const sql = () => h.app.ctx.search.reads;
  const line = (r: TopRow) => `${r.id} ${r.tier} ${r.points} ${r.dt_fal}`;
  const fullRanking = async (q: string, limit: number, cemiterio: string | null) => {
    const { text, params } = buildSearchSql(parseQuery(q), {
      fuzzy: [],
      limit,
      count: true,
      cemiterio,
    });
    return sql().query<TopRow & { total: number }>(text, params);
  };

  /** The names-start range's best `limit`, as the callers read it first. */
  const rangeBest = async (q: string, limit: number, cemiterio: string | null) => {
    const phrase = buildPhraseSql(parseQuery(q), limit, cemiterio);
    return phrase ? sql().query<TopRow>(phrase.text, phrase.params) : null;
  };

  it.each(QUERIES)(
    'the walked page = the full ranking, 50 and 8, all and one cemetery: %s',
    async (q) => {
      const query = parseQuery(q);
      const vocabulary = await lookupVocabulary(h.app.ctx, query, null);
      for (const limit of [SEARCH_LIMITS.defaultLimit, SEARCH_LIMITS.suggestions]) {
        for (const cemiterio of [null, cemetery]) {
          const full = await fullRanking(q, limit, cemiterio);
          const page = await walkedPage<TopRow>(sql(), query, {
            limit,
            cemiterio,
            vocabulary,
            expected: await estimateCounts(liveStats(sql()), query, vocabulary),
            ranged: await rangeBest(q, limit, cemiterio),
          });
          if (page === null) throw new Error(`${q}: not walked`);
          expect(page.map(line), `${q} ${limit}`).toEqual(full.map(line));
        }
      }
    },
  );

  it('the register holds what can beat a newer death', async () => {
    // 6000: both words started; 7000: "sa" whole too (Sá, quadra SA, Rua Sa: 45 of them), or
    // "s" (quadra S), or "e" (quadra E).
    for (const q of ['jo sa', 'jo s', 'jo he']) {
      const points = (await fullRanking(q, 50, null)).map((r) => r.points);
      expect(new Set(points), q).toEqual(new Set([6000, 7000]));
    }
  });

  it('is not taken for one word without its range, a number, or words too few together to fill the page', async () => {
    const stats = liveStats(sql());
    for (const q of ['jo', 'jo 1000', 'lima rocha']) {
      const query = parseQuery(q);
      const vocabulary = await lookupVocabulary(h.app.ctx, query, null);
      const page = await walkedPage<TopRow>(sql(), query, {
        limit: 50,
        cemiterio: null,
        vocabulary,
        expected: await estimateCounts(stats, query, vocabulary),
        ranged: null,
      });
      expect(page, q).toBeNull();
    }
  });

  it('counts in a sample of pages taken at random: no more than all, all of them in the whole table', async () => {
    // countMatches counts among a random sample of the pages first when the matches are dense,
    // and asks the words GIN when those hold no more than the cap: both counts must mean what
    // they say, and the sample must be the same pages each time (REPEATABLE).
    const query = parseQuery('jo sa');
    const vocabulary = await lookupVocabulary(h.app.ctx, query, null);
    const count = async (samplePercent?: number) => {
      const { text, params } = buildCountSql(query, {
        cemiterio: null,
        vocabulary,
        cap: 5000,
        ...(samplePercent ? { samplePercent } : {}),
      });
      const [row] = await sql().query<{ n: number }>(text, params);
      return Number(row?.n);
    };
    const all = await count();
    expect(all).toBe((await fullRanking('jo sa', 50, null))[0]?.total);
    expect(await count(100)).toBe(all);
    const half = await count(50);
    expect(half).toBeGreaterThan(0);
    expect(half).toBeLessThan(all);
    expect(await count(50)).toBe(half);
  });

  it('the search takes it through top-k (same page, the capped total) and the suggestions too', async () => {
    for (const q of QUERIES) {
      const query = parseQuery(q);
      const vocabulary = await lookupVocabulary(h.app.ctx, query, null);
      const full = await fullRanking(q, 50, null);
      const top = await topByClass<TopRow>(sql(), query, {
        limit: 50,
        cemiterio: null,
        vocabulary,
        // This register's scale: ~2,100 records, so "many" matches past 10 × 100.
        takeAt: 100,
        broadAt: 5000,
      });
      // "jo he" matches ~300 here, under 10 × 100: the search ranks every match itself.
      if (top === null && q !== 'jo he') throw new Error(`${q}: top-k not taken`);
      if (top !== null) {
        expect(top.rows.map(line), q).toEqual(full.map(line));
        expect(top).toMatchObject({ total: SEARCH_LIMITS.totalCap, totalIsLowerBound: true });
      }

      const res = await h.app.inject({
        url: `/api/sepultados/pesquisa?suggestions=true&q=${encodeURIComponent(q)}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as SearchSuggestionsAnswer;
      const eight = await fullRanking(q, SEARCH_LIMITS.suggestions, null);
      expect(
        body.sepultado.map((s) => s.id),
        q,
      ).toEqual(eight.map((r) => r.id));
      const page = await h.app.inject({
        url: `/api/sepultados/pesquisa?q=${encodeURIComponent(q)}`,
      });
      expect(
        (page.json() as SearchAnswer).sepultados.map((c) => c.id),
        q,
      ).toEqual(full.map((r) => r.id));
    }
  });
});
