/**
 * The full ranking's statement run for the `exact` and `typo` strategies (buildSearchSql), on
 * the pool its plan needs. The exact pass runs as a prepared statement with a generic plan
 * (search-reads.ts): its index plan is the same whatever the words. The typo pass does not (its
 * trigram thresholds plan better with the words), so it is planned at each call. So is a search
 * narrowed to one cemetery: without the value, the plan takes every cemetery for a 22nd of the
 * register and ANDs its btree into the word bitmap, which for Vila Formosa (1.5 M of 2 M) reads
 * the whole btree to remove a quarter of the candidates.
 */
import { buildSearchSql, type TypoWords } from './search-sql';
import { type PageRow, readOf, type SearchRun } from './search-strategy';

export async function rankingRows<R extends PageRow>(
  run: SearchRun<R>,
  pass: { fuzzy: readonly number[]; typo?: TypoWords },
): Promise<R[]> {
  const { text, params } = buildSearchSql(run.query, {
    fuzzy: pass.fuzzy,
    limit: run.limit,
    count: run.count,
    cemiterio: run.cemiterio,
    vocabulary: readOf(run).vocabulary,
    ...(pass.typo ? { typo: pass.typo } : {}),
  });
  return pass.fuzzy.length > 0 || run.cemiterio
    ? run.sql.query<R>(text, params)
    : run.sql.prepared<R>(text, params);
}

/** The statement's count of every match, on its rows (Enter); null when not counted. */
export function countOf<R extends PageRow>(run: SearchRun<R>, rows: readonly R[]): number | null {
  return run.count ? Number(rows[0]?.total ?? 0) : null;
}
