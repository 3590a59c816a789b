/**
 * What every strategy of the search is given and returns: one signature for all of them
 * (search-plan.ts names them; README.md, "The decision table", says when each is tried).
 *
 * A strategy returns exactly the first `limit` rows of the full ranking (every match of the
 * register scored by src/domain/search-score.ts and sorted tier, points, newest death, id),
 * or null when it cannot tell them (it declines; the plan's next strategy is tried). Each
 * file's header says why its rows are exactly that page.
 */
import type { SearchQuery } from '../../../src/domain/search-query';
import type { TypoWords, Vocabulary } from './search-sql';
import type { SearchReads } from './search-state';
import type { ElementStats, ExpectedCounts } from './search-stats';

export type { SearchReads };

/** The columns every strategy's rows carry (the card's ride along). */
export interface PageRow {
  id: string;
  dt_fal: string | null;
  tier: number;
  points: number;
  /** How many records have every term equal (buildEqualSql), in the ranges or not. */
  equal?: number;
  /** Every match (the full ranking's count), on its rows. */
  total?: number;
}

/** One search being answered: what the strategies read with, and what they share. */
export interface SearchRun<R extends PageRow> {
  sql: SearchReads;
  query: SearchQuery;
  limit: number;
  /** Only this cemetery's records (`?cemiterio=`), else all. */
  cemiterio: string | null;
  /** Enter: the total too (Found.found); the suggestions count nothing. */
  count: boolean;
  /** ANALYZE's statistics (search-stats.ts): held, or read now (tests). */
  stats: ElementStats;
  /**
   * Per term its vocabulary (lookupVocabulary) and what the statistics expect (estimateCounts);
   * null until read (the suggestions read them at the plan's `'estimate'` step).
   */
  read: { vocabulary: Vocabulary; estimate: ExpectedCounts } | null;
  /** A names-start range this large is broad (tests: small); default search-thresholds.ts's. */
  broadAt?: number;
  /** The words a typo term's trigrams need (lookupTypoWords); only the typo pass asks. */
  typoWords?: (fuzzy: readonly number[]) => Promise<TypoWords>;
  /**
   * The names-start range's best `limit`, once read (by the broad strategy when the range is
   * broad, else by the range strategy): the range and the walk take it instead of reading it
   * again. Null: not read.
   */
  ranged: R[] | null;
}

/** A strategy's answer: the page, and the matches it counted (null: not asked to count). */
export interface Found<R> {
  rows: R[];
  /** Every match, exact up to the cap; past it, any number above the cap (cappedTotal). */
  found: number | null;
}

/** The one signature of a strategy. */
export type StrategyFn = <R extends PageRow>(run: SearchRun<R>) => Promise<Found<R> | null>;

/** The vocabulary and the estimate, which every strategy after the names-start range needs. */
export function readOf<R extends PageRow>(
  run: SearchRun<R>,
): { vocabulary: Vocabulary; estimate: ExpectedCounts } {
  if (!run.read) throw new Error('the plan reads the estimate before this strategy');
  return run.read;
}
