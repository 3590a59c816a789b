/**
 * The search's planner: which strategies to try, in which order, for a query, what the
 * statistics expect of it and the mode. Pure (no database; tests/unit/search-planner.test.ts):
 * the rows are read by the strategies (README.md, "The decision table"), each of which returns
 * exactly the full ranking's page or declines, so the plan only decides how quickly the page
 * is found, never which page. The first strategy of the plan that answers wins; when none does,
 * the answer is empty.
 *
 * Enter (E1–E7 of the README):
 *  - few records hold every term whole (E.equal ≤ takeAt) and the matches are not many
 *    (E.matches ≤ MANY × takeAt): the full ranking (exact), then typos;
 *  - few whole but many matches ("mar", "maria s"): the broad range, the range ranked whole,
 *    the walk, then the full ranking and typos;
 *  - many whole ("maria", "maria da silva", "12"): the broad range, the equal records newest
 *    death first (one common term) or gathered (equal), then the full ranking and typos.
 * Suggestions (S1–S5): the broad range and the range ranked whole when the query has a name
 * word; then (the estimate read: `'estimate'`) the walk, the full ranking and typos.
 *
 * The suggestions' names-start range is tried before the vocabulary and the estimate are read
 * (when it fills the list, as for most typed prefixes, they are not needed): their plan holds
 * the step `'estimate'` where they are read, and without an estimate ends there; the caller
 * reads them and plans again with them, continuing after that step (the steps before it do not
 * depend on the estimate, so both plans agree up to it).
 */
import { hasFuzzyTerm } from '../../../src/domain/search-fuzzy';
import type { QueryTerm, SearchQuery } from '../../../src/domain/search-query';
import type { Vocabulary } from './search-sql';
import type { ExpectedCounts } from './search-stats';
import { commonAt, MANY, WALK_MAX, WHOLE_MAX } from './search-thresholds';

/** A way to read the page (one file each; README.md's decision table). */
export type Strategy =
  /** E3, S1: a broad names-start range, three small reads (search-broad.ts). */
  | 'broad'
  /** E4, S2: the names-start range ranked whole (search-range.ts). */
  | 'range'
  /** E5, S3: down the death btree, plus the records holding some term whole (search-walk.ts). */
  | 'walk'
  /** E6: the records with every term equal, gathered, plus the range (search-equal.ts). */
  | 'equal'
  /** E7: one common term's equal records, newest death first (search-equal.ts). */
  | 'equalNewest'
  /** E1, S4: every match ranked (search-exact.ts). */
  | 'exact'
  /** E2, S5: the typo pass (search-typo.ts). */
  | 'typo';

/** A strategy, or the point where the vocabulary and the estimate are read (suggestions). */
export type Step = Strategy | 'estimate';

export interface PlanInput {
  query: SearchQuery;
  mode: 'enter' | 'suggest';
  /** The page's size (Enter ≤ 50) or the suggestions' (8). */
  limit: number;
  /**
   * What the statistics expect of the query (estimateCounts) and, per term, its vocabulary
   * (lookupVocabulary); null: not read yet (only the suggestions start without them).
   */
  read: { estimate: ExpectedCounts; vocabulary: Vocabulary } | null;
  /**
   * Enter: the "few records hold every term whole" bound (default: the total's cap,
   * SEARCH_LIMITS.totalCap). 0: never few (tests reach the top-k strategies on small registers).
   */
  takeAt: number;
}

/** A term that may match the name: a word, not a number, not scoped to a field. */
const nameWord = (t: QueryTerm) => t.field === 'any' && !t.numeric;

/** The query is name words only: the broad range and the walk hold only for those. */
export function nameWordsOnly(query: SearchQuery): boolean {
  return query.terms.length > 0 && query.terms.every(nameWord);
}

/** The query has a name word: a names-start range exists (phraseRanges). */
export function hasNameWord(query: SearchQuery): boolean {
  return query.terms.some(nameWord);
}

/**
 * The walk's own bounds: name words only; the records holding some term whole few enough to
 * rank in full (WHOLE_MAX); the rows read down the death btree before the page few enough
 * (limit × size ÷ matches ≤ WALK_MAX). One word also needs the range's best (read before it
 * in every plan: a name word always has a range).
 */
export function walkFits(query: SearchQuery, estimate: ExpectedCounts, limit: number): boolean {
  if (!nameWordsOnly(query)) return false;
  if (estimate.whole > WHOLE_MAX) return false;
  if (estimate.matches === 0) return false;
  return (limit * estimate.size) / estimate.matches <= WALK_MAX;
}

/** The full ranking, unless some word term has no stored word (nothing matches exactly). */
function exactSteps(query: SearchQuery, vocabulary: Vocabulary): Strategy[] {
  const wordless = vocabulary.some((words) => words?.length === 0);
  return [
    ...(wordless ? [] : (['exact'] as const)),
    ...(hasFuzzyTerm(query) ? ['typo' as const] : []),
  ];
}

/** The ordered steps for a query with at least one term (module comment). */
export function planSearch(input: PlanInput): Step[] {
  const { query, limit, read } = input;
  if (query.terms.length === 0) return [];
  const broad: Strategy[] = nameWordsOnly(query) ? ['broad'] : [];
  if (input.mode === 'suggest') {
    const ranges: Strategy[] = hasNameWord(query) ? [...broad, 'range'] : [];
    if (!read) return [...ranges, 'estimate'];
    const walk: Strategy[] = walkFits(query, read.estimate, limit) ? ['walk'] : [];
    return [...ranges, 'estimate', ...walk, ...exactSteps(query, read.vocabulary)];
  }
  if (!read) throw new Error('Enter is planned with the estimate');
  const { estimate, vocabulary } = read;
  const exact = exactSteps(query, vocabulary);
  const fewEqual = input.takeAt > 0 && estimate.equal <= input.takeAt;
  const many = estimate.matches > MANY * input.takeAt;
  if (fewEqual && !many) return exact;
  if (fewEqual) {
    const range: Strategy[] = hasNameWord(query) ? ['range'] : [];
    const walk: Strategy[] = walkFits(query, estimate, limit) ? ['walk'] : [];
    return [...broad, ...range, ...walk, ...exact];
  }
  const common = query.terms.length === 1 && estimate.equal >= commonAt(limit, estimate.size);
  return [...broad, common ? 'equalNewest' : 'equal', ...exact];
}
