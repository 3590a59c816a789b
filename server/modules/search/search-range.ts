/**
 * Strategy `range` (E4, S2): the names-start range ranked whole — the records whose name starts
 * with the query's name words (phraseRanges), read index-only from the covering btree of
 * migrations 0007/0011 and ranked by the full ranking's own statement in phrase mode
 * (buildPhraseSql). "maria s" and Enter: ~8,000 names in the range against every "maria"
 * holding a word that starts with "s" at 2,000,000 records.
 *
 * Why it is exactly the full ranking's page when it answers: a record is in tier 5 or 6 only
 * when its name starts with the query's name words (search-score.ts's phrase class), so every
 * record of tier ≥ 5 is in the range; the range is ranked whole, so its best `limit` are in the
 * full ranking's order; and every record outside it has phrase class 0, so tier ≤ 4. When the
 * range's best `limit` are all of tier ≥ 5, nothing outside can come before any of them. Else
 * it declines (the walk or the full ranking follow).
 *
 * When the broad strategy read the range first (it was broad but fell short of `limit`), its
 * rows are every record of tier ≥ 5 of the range, which is fewer than `limit`: this declines
 * without reading again. The statement is prepared (a btree range plans the same whatever its
 * bounds; narrowed too: the btree INCLUDEs cemiterio_id).
 */
import { MATCH } from '../../../src/domain/search-score';
import { countMatches } from './search-count';
import { buildPhraseSql } from './search-sql';
import type { Found, PageRow, SearchRun } from './search-strategy';

export async function range<R extends PageRow>(run: SearchRun<R>): Promise<Found<R> | null> {
  const { sql, query, limit, cemiterio } = run;
  if (!run.ranged) {
    const phrase = buildPhraseSql(query, limit, cemiterio);
    if (!phrase) return null;
    run.ranged = await sql.prepared<R>(phrase.text, phrase.params);
  }
  const rows = run.ranged;
  const last = rows[rows.length - 1];
  if (rows.length < limit || !last || last.tier < MATCH.nameStarts) return null;
  return { rows, found: await countMatches(run) };
}
