/**
 * Strategy `exact` (E1, S4): the full ranking itself — every record matching every term exactly,
 * scored and sorted in one statement (buildSearchSql: src/domain/search-score.ts translated
 * term by term), its first `limit` rows and, for Enter, `count(*)` of every match.
 *
 * Why it is exactly the full ranking's page: it is the definition. The candidate conditions
 * (each word term's vocabulary in the words GIN, or pairs of words where a pair condition is
 * exactly the two terms' own, search-pairs.ts; numbers, quadra and plate by search_keys) are a
 * superset of the matches, and `tier > 0` keeps exactly the records where every term scored.
 *
 * It declines when nothing matches (the typo pass follows). The planner leaves it out when some
 * word term has no stored word ("sebsatiao"): nothing can match it exactly.
 */
import { countOf, rankingRows } from './search-ranking';
import type { Found, PageRow, SearchRun } from './search-strategy';

export async function exact<R extends PageRow>(run: SearchRun<R>): Promise<Found<R> | null> {
  const rows = await rankingRows(run, { fuzzy: [] });
  return rows.length > 0 ? { rows, found: countOf(run, rows) } : null;
}
