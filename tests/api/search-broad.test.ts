/**
 * The broad-prefix suggestions (server/modules/search/search-broad.ts) give exactly what
 * ranking the whole names-start range gives (buildPhraseSql, the suggestions' first try), on
 * each engine: generated records plus names made to sit on the edges of its argument — a
 * whole name equal to the words, the last word whole later in the name, a street holding the
 * last word whole (which drops a record out of tier 5), unknown dates of death, a cemetery.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BroadRow, broadSuggestions } from '../../server/modules/search/search-broad';
import { buildPhraseSql } from '../../server/modules/search/search-sql';
import type { ElementStats } from '../../server/modules/search/search-stats';
import { generateBurial, seededRandom } from '../../server/modules/seed/seed-generator';
import { parseQuery, SEARCH_LIMITS } from '../../src/domain/search-query';
import { engines, type Harness, startApp } from './helpers';
import { insertAnalyzed, type SeedRecord } from './search-helpers';

const EDGES: SeedRecord[] = [
  { nome: 'Mari', rua: null, quadra: '1', chapa: '1', dtFal: '1950-01-01' },
  { nome: 'Mari', rua: 'Rua 3', quadra: '2', chapa: '2', dtFal: null },
  { nome: 'Maria Mari Souza', rua: null, quadra: '3', chapa: '3', dtFal: '1960-05-05' },
  { nome: 'Mariana Costa', rua: 'Rua Mari', quadra: '4', chapa: '4', dtFal: '2030-01-01' },
  { nome: 'José', rua: null, quadra: '5', chapa: '5', dtFal: '1940-02-02' },
  { nome: 'José da Silva', rua: null, quadra: '6', chapa: '6', dtFal: null },
  { nome: 'Josefa Maria José', rua: null, quadra: '7', chapa: '7', dtFal: '1990-03-03' },
  { nome: 'Maria Aparecida', rua: null, quadra: '8', chapa: '8', dtFal: '1930-01-01' },
  { nome: 'Maria Aparecida Lima', rua: 'Rua Aparecida', quadra: '9', chapa: '9', dtFal: null },
];

const QUERIES = [
  'mari',
  'maria',
  'jose',
  'jos',
  'fran',
  'ana',
  'maria apa',
  'maria aparecida',
  'conc',
  'ma',
];

describe.each(engines)('broad-prefix suggestions = the whole range ranked ($name)', (engine) => {
  let h: Harness;
  let cemetery: string | null = null;
  beforeAll(async () => {
    h = await startApp(engine);
    const rand = seededRandom(11);
    const generated = Array.from({ length: 4000 }, (_, i) => {
      const g = generateBurial(rand);
      // Some unknown deaths and many equal dates, so the id decides too.
      const dtFal = i % 9 === 0 ? null : i % 4 === 0 ? '2001-01-01' : g.dtFal;
      return { nome: g.nome, rua: g.rua, quadra: g.quadra, chapa: g.chapa, dtFal };
    });
    cemetery = await insertAnalyzed(h, [...EDGES, ...generated]);
  }, 240_000);
  afterAll(async () => {
    await h?.close();
  });

  const sql = () => h.app.ctx.database.sql;
  const ids = (rows: BroadRow[]) => rows.map((r) => `${r.id} ${r.tier} ${r.points} ${r.dt_fal}`);

  it.each(QUERIES)('%s', async (q) => {
    const query = parseQuery(q);
    for (const cemiterio of [null, cemetery]) {
      const limit = SEARCH_LIMITS.suggestions;
      const phrase = buildPhraseSql(query, limit, cemiterio);
      if (!phrase) throw new Error('no phrase');
      const whole = await sql().query<BroadRow>(phrase.text, phrase.params);
      const broad = await broadSuggestions<BroadRow>(sql(), query, limit, cemiterio, {
        broadAt: 5,
      });
      expect(broad, `${q} took the broad path`).not.toBeNull();
      // Only the tier ≥ 5 part is the broad path's answer (the caller ranks the whole register
      // when it is not a full list).
      expect(ids(broad ?? [])).toEqual(ids(whole.filter((r) => r.tier >= 5)));
    }
  });

  it.each([
    [
      'common only as a quadra letter: its holders from the words GIN',
      { a: 0.0195, 'q=a': 0.0195 },
      'search_words @>',
    ],
    ['common in the names: the newest first, down the death btree', { a: 0.0195 }, 'position('],
  ])('a last word %s', async (_, shares: Record<string, number>, expected) => {
    // The statistics of a 2,000,000 register where "a" is one quadra in fifty (search_words
    // holds the quadra and plate words too); the test register itself is small.
    const stats = {
      size: async () => 2_000_000,
      shares: async (_c: readonly string[], elements: readonly string[]) =>
        new Map(elements.flatMap((e) => (shares[e] === undefined ? [] : [[e, shares[e]]]))),
    };
    const seen: string[] = [];
    const recorder = {
      query: <T>(text: string, params: unknown[]) => {
        seen.push(text);
        return sql().query<T>(text, params);
      },
    };
    const query = parseQuery('a');
    const limit = SEARCH_LIMITS.suggestions;
    const broad = await broadSuggestions<BroadRow>(recorder, query, limit, null, {
      stats: stats as unknown as ElementStats,
      broadAt: 5,
    });
    const phrase = buildPhraseSql(query, limit, null);
    if (!phrase || !broad) throw new Error('no phrase or not broad');
    const whole = await sql().query<BroadRow>(phrase.text, phrase.params);
    expect(ids(broad)).toEqual(ids(whole.filter((r) => r.tier >= 5)));
    const other = expected === 'position(' ? 'search_words @>' : 'position(';
    expect(seen.some((t) => t.includes(expected))).toBe(true);
    expect(seen.some((t) => t.includes(other))).toBe(false);
  });

  it('is not taken for a narrow range, nor for a query with a number', async () => {
    const limit = SEARCH_LIMITS.suggestions;
    expect(await broadSuggestions(sql(), parseQuery('mari'), limit, null)).toBeNull();
    expect(
      await broadSuggestions(sql(), parseQuery('maria quadra 12'), limit, null, { broadAt: 1 }),
    ).toBeNull();
  });
});
