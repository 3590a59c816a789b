/**
 * The search's first page without ranking every match (at scale "maria de souza"
 * holds 12,888 records at 2,000,000, all scored to answer 50). Top-k by class, exact:
 *
 * The page is the best `limit` in the order of search-sql.ts (tier, points, newest death, id).
 * Every record of tier ≥ 4 is either
 *  - in the names-start ranges of the query's name words (phraseRanges): every record whose
 *    phrase class is 5 or 6 is there (search-score.ts), so every tier-5/6 record, and every
 *    tier-4 record whose points carry a phrase bonus; the range is ranked whole (the phrase
 *    statement of the suggestions, buildPhraseSql), so its best `limit` are exact; or
 *  - outside them, and then its phrase class is 0 and tier 4 means every term scored 4000
 *    (a word equal in the name or the street, or the whole quadra/plate): its points are
 *    4000 × terms, the same for all of them, so their order is the newest death first.
 *    buildEqualSql reads those from the word GIN, sorts them by death and keeps `limit`.
 * The best `limit` of the two lists together, if `limit` of them are in tier ≥ 4, are the
 * page: any record of tier ≥ 4 left out has `limit` better ones in its own list. Otherwise
 * lower classes count and the caller ranks every match as before.
 *
 * Two faster ways to the same page, for the commonest queries at 2,000,000 records:
 *  - a broad names-start range ("maria": search-broad.ts) whose best `limit` are all in class
 *    ≥ 5 is the page by itself (everything outside the range is in class ≤ 4);
 *  - a single word held by more than √(limit × size) records ("silva") reads its equal records
 *    newest death first down the death btree (buildEqualSql's newestFirst), which meets the
 *    page within a few hundred records, instead of gathering every holder.
 * The total is exact up to SEARCH_LIMITS.totalCap; past it, the answer says there are more
 * (`totalIsLowerBound`, docs/decisions/0023-capped-total.md). The equal records are
 * counted while they are read; when they are few, buildCountSql counts every match up to the
 * cap (the index conditions and the points of each term, stopped at cap + 1).
 */
import { SEARCH_LIMITS, type SearchQuery } from '../../../src/domain/search-query';
import { MATCH } from '../../../src/domain/search-score';
import { broadSuggestions, compareRows } from './search-broad';
import { buildCountSql, buildEqualSql, buildPhraseSql, type Vocabulary } from './search-sql';
import {
  cemeteryByIndex,
  type ElementStats,
  type ExpectedCounts,
  estimateCounts,
  liveStats,
} from './search-stats';
import { type PageRequest, walkedPage } from './search-walk';

interface Sql {
  query<T>(text: string, params: unknown[]): Promise<T[]>;
  prepared<T>(text: string, params: unknown[]): Promise<T[]>;
  indexed<T>(text: string, params: unknown[]): Promise<T[]>;
}

/**
 * Past this many times `takeAt` (the cap) of expected matches, a query with few holding every
 * term whole still tries the names-start range (cheap to find it is not broad), since
 * ranking every match costs far more; below, the plain ranking is tried
 * first and alone, as before.
 */
const MANY = 10;

export interface TopRow {
  id: string;
  dt_fal: string | null;
  tier: number;
  points: number;
  /** How many records have every term equal (buildEqualSql), in the ranges or not. */
  equal?: number;
}

/** The answer's total: exact up to the cap, else the cap and the flag. */
export function cappedTotal(found: number): { total: number; totalIsLowerBound?: true } {
  const cap = SEARCH_LIMITS.totalCap;
  return found > cap ? { total: cap, totalIsLowerBound: true } : { total: found };
}

/**
 * The page and its (capped) total from the classes ≥ 4, or null (the caller then ranks every
 * match): when the statistics expect the records with every term whole under `takeAt` and
 * the matches not many more (else only the broad names-start range is tried), when fewer than
 * `limit` records outside the ranges have every term equal (a half-typed last word: the range
 * alone may fill the page, but the plain ranking is as quick there), or when the classes ≥ 4
 * hold fewer.
 */
export async function topByClass<R extends TopRow>(
  sql: Sql,
  query: SearchQuery,
  options: PageRequest & {
    /** Taken when the records holding every term whole (estimateCounts) are above this (default: the cap; tests: 0, always). */
    takeAt?: number;
    /** Where the estimate's statistics come from (default: read now, search-stats.ts). */
    stats?: ElementStats;
    /** A names-start range this large is broad (default: search-broad.ts's; tests: small). */
    broadAt?: number;
  },
): Promise<{ rows: R[]; total: number; totalIsLowerBound?: true } | null> {
  const { limit, cemiterio } = options;
  const takeAt = options.takeAt ?? SEARCH_LIMITS.totalCap;
  const stats = options.stats ?? liveStats(sql);
  const estimate = await estimateCounts(stats, query, options.vocabulary);
  const fewEqual = takeAt > 0 && estimate.equal <= takeAt;
  // Few with every term whole, but a great many matches ("s", "jo" or "mar" and Enter: no
  // record holds the word whole, a million names start with it at 2,000,000, too many to
  // rank): the names-start range alone may still fill the page, so that is tried.
  const many = estimate.matches > MANY * takeAt;
  if (fewEqual && !many) return null;
  const cap = SEARCH_LIMITS.totalCap;
  // A broad names-start range ("maria": one name in seven at 2,000,000 starts with it) fills
  // the page alone when its best `limit` are all in class ≥ 5: every record outside the range
  // is in class ≤ 4. search-broad.ts reads them without ranking the range.
  const broad = await broadSuggestions<R>(sql, query, limit, cemiterio, {
    stats,
    ...(options.broadAt ? { broadAt: options.broadAt } : {}),
  });
  if (broad && broad.length === limit) {
    return {
      rows: broad,
      ...cappedTotal(await countMatches(sql, query, { ...options, stats }, estimate)),
    };
  }
  if (fewEqual) {
    // The names-start range's best: the broad path's when the range is broad (it holds every
    // record of class ≥ 5 there when fewer than `limit`), else the range ranked whole.
    const ranged = broad ?? (await rangeRows<R>(sql, query, options));
    const last = ranged?.[ranged.length - 1];
    if (ranged && ranged.length === limit && last && last.tier >= MATCH.nameStarts) {
      return {
        rows: ranged,
        ...cappedTotal(await countMatches(sql, query, { ...options, stats }, estimate)),
      };
    }
    // "jo sa", "re": no name starts with the words, the range is empty (search-walk.ts).
    const rows = await walkedPage<R>(sql, query, { ...options, expected: estimate, ranged });
    return rows
      ? { rows, ...cappedTotal(await countMatches(sql, query, { ...options, stats }, estimate)) }
      : null;
  }
  // One word so common that a walk newest death first meets the page sooner than gathering
  // every holder (√(limit × size): 10,000 holders at 2,000,000) — planned with the word.
  const common = query.terms.length === 1 && estimate.equal >= Math.sqrt(limit * estimate.size);
  const equalSql = buildEqualSql(query, {
    limit,
    cemiterio,
    ...(common ? { newestFirst: { cap } } : {}),
  });
  // Narrowed: planned with the cemetery's id (search.ts, run, says why).
  const exec = cemiterio || common ? sql.query.bind(sql) : sql.prepared.bind(sql);
  const equal = await exec<R>(equalSql.text, equalSql.params);
  if (equal.length < limit) return null;
  const phrase = buildPhraseSql(query, limit, cemiterio);
  const ranged = phrase ? await sql.prepared<R>(phrase.text, phrase.params) : [];
  const page = [...ranged.filter((r) => r.tier >= MATCH.equal), ...equal]
    .sort(compareRows)
    .slice(0, limit);
  if (page.length < limit) return null;
  const equalCount = Number(equal[0]?.equal ?? 0);
  if (equalCount > cap) return { rows: page, ...cappedTotal(equalCount) };
  return {
    rows: page,
    ...cappedTotal(await countMatches(sql, query, { ...options, stats }, estimate)),
  };
}

/**
 * The names-start range ranked whole (buildPhraseSql), when it is not broad; null when the
 * query has no name word. Its best `limit`, when all are in class ≥ 5, are the page, since
 * every record outside it is in class ≤ 4 (as the suggestions' first try). "maria s" and
 * Enter: ranking every "maria" holding a word that starts with "s" at 2,000,000 records,
 * against ~8,000 names in the range.
 */
async function rangeRows<R extends TopRow>(
  sql: Sql,
  query: SearchQuery,
  options: { limit: number; cemiterio: string | null },
): Promise<R[] | null> {
  const phrase = buildPhraseSql(query, options.limit, options.cemiterio);
  return phrase ? sql.prepared<R>(phrase.text, phrase.params) : null;
}

/**
 * Rows sampled before the words GIN is asked instead (random pages, cheaper than the GIN):
 * matches expected in at least DENSE_SHARE of the register prove "more than the cap" among them.
 */
const SAMPLE_ROWS = 40_000;
const DENSE_SHARE = (2 * (SEARCH_LIMITS.totalCap + 1)) / SAMPLE_ROWS;

/**
 * Every match counted up to the cap + 1 (buildCountSql), from the indexes (sql.indexed: never
 * by reading the name-ordered table until the cap). When the statistics expect the matches
 * dense, first among ~SAMPLE_ROWS records of pages taken at random: through the words GIN,
 * "an c" or "ma s" first gathered all of their ~150,000 matches at 2,000,000 records
 * where a sample of 40,000 holds 1,001 of them. The estimate takes words as
 * independent, so it can call dense what is not ("jo he": first names both, 3,106 matches):
 * that costs the sample's read before the GIN's.
 */
async function countMatches(
  sql: Sql,
  query: SearchQuery,
  options: { cemiterio: string | null; vocabulary: Vocabulary; stats: ElementStats },
  expected: ExpectedCounts,
): Promise<number> {
  const cap = SEARCH_LIMITS.totalCap;
  const byIndex = await cemeteryByIndex(options.stats, options.cemiterio);
  const statement = (samplePercent?: number) =>
    buildCountSql(query, {
      cemiterio: options.cemiterio,
      vocabulary: options.vocabulary,
      cap,
      cemeteryByIndex: byIndex,
      ...(samplePercent ? { samplePercent } : {}),
    });
  const share = expected.size > 0 ? expected.matches / expected.size : 0;
  if (share >= DENSE_SHARE && !options.cemiterio) {
    const { text, params } = statement(Math.min(100, (100 * SAMPLE_ROWS) / expected.size));
    const [sampled] = await sql.query<{ n: number }>(text, params);
    if (Number(sampled?.n ?? 0) > cap) return Number(sampled?.n);
  }
  const { text, params } = statement();
  const [row] = await sql.indexed<{ n: number }>(text, params);
  return Number(row?.n ?? 0);
}
