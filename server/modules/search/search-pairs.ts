/**
 * The word terms' conditions read as pairs of words (migration 0020): a record holding a word
 * of term A's vocabulary and one of term B's holds one of the pairs A × B in
 * search_pairs(search_words), whose posting lists are far shorter than either word's. GIN
 * decodes every posting of every list it intersects, so "luiz carlos ramos" read ~206,000
 * postings as words and ~4,000 as the pairs "carlos luis" and "carlos ramos" (a tenth of the
 * time: bench/history/search-at-scale.md).
 *
 * A pair condition is exactly the two terms' own (`search_words && A AND search_words && B`)
 * when no word is in both vocabularies (a record's pairs join two different words, so a name
 * holding only "mariana" would not pair "ana" with "maria") and no word is of digits only
 * (left out of the pairs). Only such pairs are used; a term no pair covers keeps its own
 * condition, so the statement's matches never change.
 */

import { MAX_PAIR_KEYS } from './search-thresholds';

export { MAX_PAIR_KEYS };

/** The index expression of 0020, written as the index has it so the planner matches it. */
export const PAIRS_EXPRESSION = 'search_pairs(s.search_words)';

const DIGITS_ONLY = /^[0-9]+$/;

/** The pair keys of A × B as 0020 makes them: the two words in "C" order, one space between. */
export function pairKeys(a: readonly string[], b: readonly string[]): string[] {
  return a.flatMap((x) => b.map((y) => (x < y ? `${x} ${y}` : `${y} ${x}`)));
}

function pairable(a: readonly string[], b: readonly string[]): boolean {
  if (a.length * b.length > MAX_PAIR_KEYS) return false;
  const inA = new Set(a);
  return !b.some((w) => inA.has(w));
}

/**
 * Pairs covering as many of the given terms as can be paired (`words`: per term index its
 * vocabulary, undefined for a term whose condition is not its words). Each term, smallest
 * vocabulary first, is paired with the smallest-vocabulary term it can pair with. Returns the
 * covered term indices and, per pair, its keys.
 */
export function planPairs(words: readonly (readonly string[] | undefined)[]): {
  covered: Set<number>;
  pairs: string[][];
} {
  const eligible = words
    .map((w, i) => ({ i, w }))
    .filter((t): t is { i: number; w: readonly string[] } =>
      Boolean(t.w && t.w.length > 0 && !t.w.some((x) => DIGITS_ONLY.test(x))),
    )
    .sort((a, b) => a.w.length - b.w.length || a.i - b.i);
  const covered = new Set<number>();
  const pairs: string[][] = [];
  for (const term of eligible) {
    if (covered.has(term.i)) continue;
    const partner = eligible.find((o) => o.i !== term.i && pairable(term.w, o.w));
    if (!partner) continue;
    pairs.push(pairKeys(term.w, partner.w));
    covered.add(term.i).add(partner.i);
  }
  return { covered, pairs };
}
