/**
 * The answer's total when a strategy reads only the page (README.md, "How the total is
 * counted"): every match counted up to the cap + 1 (buildCountSql: the same conditions as the
 * full ranking's `tier > 0`), exact up to SEARCH_LIMITS.totalCap; past it the answer says there
 * are more (`totalIsLowerBound`, docs/decisions/0023-capped-total.md).
 */
import { SEARCH_LIMITS } from '../../../src/domain/search-query';
import { buildCountSql } from './search-sql';
import { cemeteryByIndex } from './search-stats';
import { type PageRow, readOf, type SearchRun } from './search-strategy';
import { denseShare, SAMPLE_ROWS } from './search-thresholds';

/** The answer's total: exact up to the cap, else the cap and the flag. */
export function cappedTotal(found: number): { total: number; totalIsLowerBound?: true } {
  const cap = SEARCH_LIMITS.totalCap;
  return found > cap ? { total: cap, totalIsLowerBound: true } : { total: found };
}

/**
 * Every match counted up to the cap + 1 (buildCountSql), from the indexes (sql.indexed: never
 * by reading the name-ordered table until the cap). When the statistics expect the matches
 * dense (denseShare), first among ~SAMPLE_ROWS records of pages taken at random: through the
 * words GIN, "an c" or "ma s" first gathered all of their ~150,000 matches at 2,000,000
 * records where a sample of 40,000 holds 1,001 of them. The estimate takes words as
 * independent, so it can call dense what is not ("jo he": first names both, 3,106 matches):
 * that costs the sample's read before the GIN's. A sampled count is a subset of the matches,
 * so it never overstates. Null when the run does not count (the suggestions).
 */
export async function countMatches<R extends PageRow>(run: SearchRun<R>): Promise<number | null> {
  if (!run.count) return null;
  const { sql, query, cemiterio } = run;
  const { vocabulary, estimate } = readOf(run);
  const cap = SEARCH_LIMITS.totalCap;
  const byIndex = await cemeteryByIndex(run.stats, cemiterio);
  const statement = (samplePercent?: number) =>
    buildCountSql(query, {
      cemiterio,
      vocabulary,
      cap,
      cemeteryByIndex: byIndex,
      ...(samplePercent ? { samplePercent } : {}),
    });
  const share = estimate.size > 0 ? estimate.matches / estimate.size : 0;
  if (share >= denseShare(cap) && !cemiterio) {
    const { text, params } = statement(Math.min(100, (100 * SAMPLE_ROWS) / estimate.size));
    const [sampled] = await sql.query<{ n: number }>(text, params);
    if (Number(sampled?.n ?? 0) > cap) return Number(sampled?.n);
  }
  const { text, params } = statement();
  const [row] = await sql.indexed<{ n: number }>(text, params);
  return Number(row?.n ?? 0);
}
