/**
 * Strategy `broad` (E3, S1). Suggestions and pages for a broad prefix ("mari", "jose", "francisc": a tenth of a big register may
 * start with it), exact but without ranking every name of the range, which took seconds at
 * millions of records (bench/history/search-at-scale.md).
 *
 * Why it is exact: for a query of name words only, a record in the names-start range is in
 * tier 5 or 6 only when all its name points are on the name (search-score.ts), and then its
 * points are one of three values: the whole name (tier 6, 4000n + 2000), the last word also
 * equal to a name word (tier 5, 4000n + 1000) or only started (tier 5, 4000n). Within a value
 * the order is the newest death first. So the best `limit` are among:
 *  - every tier-5/6 record of the range holding the last word whole (`best`): few when the
 *    last word is half typed ("mari"), read from the words GIN and ranked; many when it is a
 *    common whole word ("jose"), read newest death first and stopped after `limit` — plus the
 *    whole-name records, few, ranked apart since they come first whatever their date;
 *  - the `limit` newest-death records of tier ≥ 5 in the range (`newest`): any record of the
 *    lowest value outside them has `limit` better records (newer, or of a higher value).
 * The answer is the best `limit` of those, in the search's order; the caller's check (a full
 * list, all in tier ≥ 5) is unchanged. tests/api/search-broad.test.ts compares it with
 * ranking the whole range.
 *
 * Why a full list of them is the full ranking's page: everything outside the range has phrase
 * class 0, so tier ≤ 4, and every one of the `limit` is of tier ≥ 5. Short of `limit`, the
 * strategy declines, and leaves the range's rows (every tier-5/6 record of it) to the range
 * and walk strategies (SearchRun.ranged). Taken only for name words only (search-plan.ts) and
 * when the range holds at least broadAt names (search-thresholds.ts); else it declines.
 */
import type { SearchQuery } from '../../../src/domain/search-query';
import { countMatches } from './search-count';
import { buildRangeSql, buildWithinSql, phraseRanges } from './search-sql';
import { type ElementStats, liveStats } from './search-stats';
import type { Found, PageRow, SearchRun } from './search-strategy';
import { broadAt as broadAtFor } from './search-thresholds';

export interface BroadRow {
  id: string;
  dt_fal: string | null;
  tier: number;
  points: number;
}

interface Sql {
  query<T>(text: string, params: unknown[]): Promise<T[]>;
}

/** tier, points, newest death (unknown last), id (newest first): the ORDER of search-sql.ts. */
export function compareRows(a: BroadRow, b: BroadRow): number {
  if (a.tier !== b.tier) return b.tier - a.tier;
  if (a.points !== b.points) return b.points - a.points;
  if (a.dt_fal !== b.dt_fal) {
    if (a.dt_fal === null) return 1;
    if (b.dt_fal === null) return -1;
    return a.dt_fal < b.dt_fal ? 1 : -1;
  }
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** How many names of the ranges, counted up to `cap` (the btree of 0007, index only). */
async function rangeCount(
  sql: Sql,
  ranges: { lo: string[]; hi: string[] },
  cemiterio: string | null,
  cap: number,
): Promise<number> {
  const [row] = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT 1 FROM unnest($1::text[], $2::text[]) AS r(lo, hi) CROSS JOIN LATERAL (
         SELECT 1 FROM sepultados s WHERE s.deleted_at IS NULL
           AND s.search_name >= r.lo COLLATE "C" AND s.search_name < r.hi COLLATE "C"
           AND ($3::text IS NULL OR s.cemiterio_id = $3) LIMIT $4) x
       LIMIT $4) y`,
    [ranges.lo, ranges.hi, cemiterio, cap],
  );
  return row?.n ?? 0;
}

export interface BroadOptions {
  /**
   * ANALYZE's share of records holding a word (0 for a word too rare to be listed) and the
   * register's size (search-stats.ts; default: read now). Only choose how `best` is read —
   * both ways give the same rows — so an estimate is enough; counting the word's records in
   * the GIN would cost more than the search it chooses for.
   */
  stats?: ElementStats;
  /** A range this large or more is broad; default: search-thresholds.ts's broadAt. */
  broadAt?: number;
}

/**
 * The best `limit` suggestions of a broad names-start range, in the search's order, or null
 * when the query is not name words only or its range is not broad (the caller ranks the
 * range itself then).
 */
export async function broadSuggestions<R extends BroadRow>(
  sql: Sql,
  query: SearchQuery,
  limit: number,
  cemiterio: string | null,
  options: BroadOptions = {},
): Promise<R[] | null> {
  if (!query.terms.every((t) => t.field === 'any' && !t.numeric)) return null;
  const ranges = phraseRanges(query);
  const last = query.terms[query.terms.length - 1];
  if (!ranges || !last) return null;
  const stats = options.stats ?? liveStats(sql);
  const size = await stats.size();
  const broadAt = options.broadAt ?? broadAtFor(size);
  if ((await rangeCount(sql, ranges, cemiterio, broadAt)) < broadAt) return null;

  const run = ({ text, params }: { text: string; params: unknown[] }) => sql.query<R>(text, params);
  const words = query.terms.map((t) => t.text).join(' ');
  const whole = ` ${words} `;
  // The whole name: every record whose name is exactly the words (a btree range of one key).
  const wholeRows = await run(
    buildRangeSql(query, { lo: [whole], hi: [`${whole}\u0001`] }, limit, cemiterio),
  );
  // The last word held whole, tier ≥ 5: all of them when few, else the newest `limit`. Few or
  // many in the names: search_words also holds the quadra and plate words, so a quadra letter
  // ("a": one record in fifty, no name) looked common, and the walk newest first below read
  // the whole range looking for a name holding it.
  const keys = [`q=${last.text}`, `p=${last.text}`];
  const share = await stats.shares(['search_words', 'search_keys'], [last.text, ...keys]);
  const of = (e: string) => share.get(e) ?? 0;
  const inNames = Math.max(
    0,
    keys.reduce((n, k) => n - of(k), of(last.text)),
  );
  const holding = inNames * size < broadAt;
  // Many: down the death btree, stopped at the `limit`th. The word test is position(), not
  // the LIKE '% word %' it equals (the word is a-z/0-9): the planner took that LIKE to the
  // trigram GIN at ~200 names when "mariana" has 16,000 at 2,000,000 and sorted them all
  // (a hundred times slower).
  const best = await run(
    buildWithinSql(query, ranges, {
      limit,
      cemiterio,
      also: (p) =>
        holding
          ? `s.search_words @> ARRAY[${p.add(last.text)}::text]`
          : `position(${p.add(` ${last.text} `)} in s.search_name) > 0`,
      ...(holding ? {} : { newestFrom: 5 }),
    }),
  );
  const newest = await run(buildWithinSql(query, ranges, { limit, cemiterio, newestFrom: 5 }));
  const seen = new Set<string>();
  return [...wholeRows, ...best, ...newest]
    .filter((r) => r.tier >= 5 && !seen.has(r.id) && seen.add(r.id))
    .sort(compareRows)
    .slice(0, limit);
}

/** The strategy (module comment): a full list of the broad range's best, or null. */
export async function broad<R extends PageRow>(run: SearchRun<R>): Promise<Found<R> | null> {
  const rows = await broadSuggestions<R>(run.sql, run.query, run.limit, run.cemiterio, {
    stats: run.stats,
    ...(run.broadAt ? { broadAt: run.broadAt } : {}),
  });
  if (!rows) return null;
  run.ranged = rows;
  if (rows.length < run.limit) return null;
  return { rows, found: await countMatches(run) };
}
