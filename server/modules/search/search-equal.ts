/**
 * Strategies `equal` (E6) and `equalNewest` (E7): the page when many records hold every term
 * whole ("maria da silva", "souza", "12" at 2,000,000), without ranking every match.
 *
 * Why it is exactly the full ranking's page when it answers. Every record of tier ≥ 4 is either
 *  - in the names-start ranges of the query's name words (phraseRanges): every record whose
 *    phrase class is 5 or 6 is there (search-score.ts), so every tier-5/6 record, and every
 *    tier-4 record whose points carry a phrase bonus; the range is ranked whole (the phrase
 *    statement, buildPhraseSql), so its best `limit` are exact; or
 *  - outside them, and then its phrase class is 0 and tier 4 means every term scored 4000
 *    (a word equal in the name or the street, or the whole quadra/plate): its points are
 *    4000 × terms, the same for all of them, so their order is the newest death first.
 *    buildEqualSql reads those from the word GIN, sorts them by death and keeps `limit`.
 * The best `limit` of the two lists together, if `limit` of them are in tier ≥ 4, are the
 * page: any record of tier ≥ 4 left out has `limit` better ones in its own list. Otherwise
 * lower classes count and the strategy declines.
 *
 * `equalNewest`, for one term held whole by ≥ √(limit × size) records (search-thresholds.ts,
 * commonAt): the same equal records read newest death first down the death btree and stopped
 * at the `limit`th (the same rows: the first `limit` in the order the gathering sorts them),
 * which meets the page within a few hundred records instead of gathering every holder.
 *
 * The total: the equal records are counted while they are read (all of them, or up to the cap
 * + 1 newest first); they all match, so past the cap that is the answer's "more than the cap".
 * Else countMatches counts every match.
 */
import { SEARCH_LIMITS } from '../../../src/domain/search-query';
import { MATCH } from '../../../src/domain/search-score';
import { compareRows } from './search-broad';
import { countMatches } from './search-count';
import { buildEqualSql, buildPhraseSql } from './search-sql';
import type { Found, PageRow, SearchRun } from './search-strategy';

async function equalPage<R extends PageRow>(
  run: SearchRun<R>,
  newest: boolean,
): Promise<Found<R> | null> {
  const { sql, query, limit, cemiterio } = run;
  const cap = SEARCH_LIMITS.totalCap;
  const equalSql = buildEqualSql(query, {
    limit,
    cemiterio,
    ...(newest ? { newestFirst: { cap } } : {}),
  });
  // Prepared (a generic plan reads the words GIN whatever the words), except newest first,
  // whose plan depends on how common the word is, and narrowed (search-exact.ts says why).
  const exec = cemiterio || newest ? sql.query.bind(sql) : sql.prepared.bind(sql);
  const equal = await exec<R>(equalSql.text, equalSql.params);
  if (equal.length < limit) return null;
  const phrase = buildPhraseSql(query, limit, cemiterio);
  const ranged = phrase ? await sql.prepared<R>(phrase.text, phrase.params) : [];
  const page = [...ranged.filter((r) => r.tier >= MATCH.equal), ...equal]
    .sort(compareRows)
    .slice(0, limit);
  if (page.length < limit) return null;
  const equalCount = Number(equal[0]?.equal ?? 0);
  if (equalCount > cap) return { rows: page, found: equalCount };
  return { rows: page, found: await countMatches(run) };
}

/** E6: the equal records gathered (module comment). */
export function equal<R extends PageRow>(run: SearchRun<R>): Promise<Found<R> | null> {
  return equalPage(run, false);
}

/** E7: one common term's equal records, newest death first (module comment). */
export function equalNewest<R extends PageRow>(run: SearchRun<R>): Promise<Found<R> | null> {
  return equalPage(run, true);
}
