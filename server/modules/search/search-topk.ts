/**
 * Enter's page from the strategies that read only the page (search-plan.ts: broad, range,
 * walk, equal, equalNewest), without the full ranking: the plan the search makes, run without
 * its `exact` and `typo` steps, or null when none of those answers. The parity tests call it
 * with lowered thresholds (`takeAt`, `broadAt`) so that a small register takes the paths a
 * large one does, and compare its page and total with the full ranking's.
 */
import { SEARCH_LIMITS, type SearchQuery } from '../../../src/domain/search-query';
import { cappedTotal } from './search-count';
import { planSearch } from './search-plan';
import { runPlan } from './search-run';
import { type ElementStats, estimateCounts, liveStats } from './search-stats';
import type { PageRow, SearchReads } from './search-strategy';
import type { PageRequest } from './search-walk';

export type TopRow = PageRow;

export async function topByClass<R extends TopRow>(
  sql: SearchReads,
  query: SearchQuery,
  options: PageRequest & {
    /** Taken when the records holding every term whole (estimateCounts) are above this (default: the cap; tests: 0, always). */
    takeAt?: number;
    /** Where the estimate's statistics come from (default: read now, search-stats.ts). */
    stats?: ElementStats;
    /** A names-start range this large is broad (default: search-thresholds.ts's; tests: small). */
    broadAt?: number;
  },
): Promise<{ rows: R[]; total: number; totalIsLowerBound?: true } | null> {
  const { limit, cemiterio, vocabulary } = options;
  const takeAt = options.takeAt ?? SEARCH_LIMITS.totalCap;
  const stats = options.stats ?? liveStats(sql);
  const estimate = await estimateCounts(stats, query, vocabulary);
  const found = await runPlan<R>(
    {
      sql,
      query,
      limit,
      cemiterio,
      count: true,
      stats,
      read: { vocabulary, estimate },
      ...(options.broadAt ? { broadAt: options.broadAt } : {}),
      ranged: null,
    },
    (read) =>
      planSearch({ query, mode: 'enter', limit, read, takeAt }).filter(
        (step) => step !== 'exact' && step !== 'typo',
      ),
  );
  return found ? { rows: found.rows, ...cappedTotal(found.found ?? 0) } : null;
}
