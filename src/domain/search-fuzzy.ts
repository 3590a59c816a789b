/**
 * Typo tolerance of the burial search, shared by the server and the offline client.
 *
 * When to use it: only when the exact rules find nothing. Then only the words that no record
 * holds as typed get typo matching ("anotnio dias": anotnio, not dias), which keeps the typo
 * pass small; if every word exists somewhere (just not together), all of them get it.
 *
 * How a word matches by typo (≥ 4 letters, name words only): pg_trgm's strict word similarity
 * reaches FUZZY_THRESHOLD (ported exactly in search-trigram.ts), or a name word equals it with
 * two neighbouring letters swapped ("maira" → maria), the commonest slip on a phone keyboard
 * and one trigrams barely see in short words.
 */
import type { QueryTerm, SearchQuery } from './search-query';
import { normalizeVariants } from './search-text';
import { strictWordSimilarity } from './search-trigram';

/** Shortest word tried for typos. */
export const MIN_FUZZY = 4;
/** strict_word_similarity needed (pg_trgm's own default; tuned on the relevance set). */
export const FUZZY_THRESHOLD = 0.5;
/** Points of a name word equal to the term but for two swapped neighbouring letters. */
export const SWAP_POINTS = 900;

export function fuzzyEligible(term: QueryTerm): boolean {
  return term.field === 'any' && !term.numeric && term.text.length >= MIN_FUZZY;
}

export function hasFuzzyTerm(query: SearchQuery): boolean {
  return query.terms.some(fuzzyEligible);
}

/** The word with each pair of neighbouring letters swapped, normalized ("maira" → "maria"). */
export function letterSwaps(t: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i + 1 < t.length; i++) {
    if (t[i] === t[i + 1]) continue;
    out.add(normalizeVariants(t.slice(0, i) + t[i + 1] + t[i] + t.slice(i + 2)));
  }
  out.delete(t);
  return [...out];
}

/**
 * Typo points in thousandths: the similarity × 1000 rounded half up (floor(x + 0.5), as in
 * SQL) when it reaches the threshold, or SWAP_POINTS for a swapped pair; 0 otherwise.
 */
export function fuzzyPoints(t: string, words: string[]): number {
  if (t.length < MIN_FUZZY || words.length === 0) return 0;
  const sim = strictWordSimilarity(t, words.join(' '));
  const trigram = sim >= Math.fround(FUZZY_THRESHOLD) ? Math.floor(sim * 1000 + 0.5) : 0;
  const swapped = letterSwaps(t).some((s) => words.includes(s)) ? SWAP_POINTS : 0;
  return Math.max(trigram, swapped);
}

/**
 * Which terms (indices) get typo matching, given for each term whether some record matches
 * it exactly: the eligible ones nobody has, or every eligible one when all exist somewhere.
 */
export function chooseFuzzyTerms(query: SearchQuery, present: readonly boolean[]): number[] {
  const eligible = query.terms.flatMap((t, i) => (fuzzyEligible(t) ? [i] : []));
  const absent = eligible.filter((i) => !present[i]);
  return absent.length > 0 ? absent : eligible;
}
