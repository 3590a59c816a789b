/**
 * The most typo points (search-fuzzy.ts fuzzyPoints) a query word can get on ANY name made of
 * a vocabulary's words, without reading the names: lets a search that reads candidates in rank
 * order stop once its last hit scores that much (src/data/pack-store/pack-search.ts).
 *
 * Why it is an upper bound: strict word similarity is the best, over runs of whole words of
 * the name that pg_trgm's scan tries, of c / (a + x): a = the query word's distinct trigrams,
 * c = how many of them the run holds, x = the run's trigrams the word does not hold. A word
 * sharing no trigram with the query only adds to x, so a run is as good as its sharing words:
 *  - one: exactly that word's own c / (a + x);
 *  - two or more: c is at most the union of their shares of the query's trigrams and x at
 *    least the union of any two of them's other trigrams; so for X, the words paired with some
 *    other at x ≤ X give c / (a + X) with c their shares' union, and the maximum over X bounds
 *    all such runs. Only words (and pairs) with x small enough to beat the best single word
 *    are looked at; past PAIRS_MAX words the pairs give way to each word's own x (looser).
 * Ratios are compared as pg_trgm computes them (float4), and SWAP_POINTS counts when a
 * vocabulary word is the query word with two letters swapped.
 */
import { FUZZY_THRESHOLD, letterSwaps, MIN_FUZZY, SWAP_POINTS } from './search-fuzzy';
import { trigramSet } from './search-trigram';

const PAIRS_MAX = 200;

interface Share {
  /** Indices of the query's trigrams the word holds. */
  held: number[];
  /** The word's other trigrams. */
  other: Set<string>;
}

/** max over X of |union of the shares of the entries with x ≤ X| / (a + X). */
function sweep(a: number, entries: { x: number; held: number[] }[]): number {
  entries.sort((p, q) => p.x - q.x);
  const covered = new Set<number>();
  let best = 0;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i] as (typeof entries)[number];
    for (const h of e.held) covered.add(h);
    if ((entries[i + 1]?.x ?? -1) === e.x) continue;
    best = Math.max(best, covered.size / (a + e.x));
  }
  return best;
}

export function fuzzyPointsBound(t: string, vocabulary: readonly string[]): number {
  if (t.length < MIN_FUZZY) return 0;
  const words = new Set(vocabulary);
  const swapped = letterSwaps(t).some((s) => words.has(s)) ? SWAP_POINTS : 0;
  const query = [...trigramSet(t)];
  const a = query.length;
  const shares: Share[] = [];
  for (const w of words) {
    const own = trigramSet(w);
    const held = query.flatMap((q, i) => (own.has(q) ? [i] : []));
    if (held.length === 0) continue;
    for (const q of query) own.delete(q);
    shares.push({ held, other: own });
  }
  const single = Math.max(0, ...shares.map((s) => s.held.length / (a + s.other.size)));
  // A run beats `floor` only with x below this (c ≤ a); below the threshold counts as 0.
  const floor = Math.max(single, FUZZY_THRESHOLD / 2);
  const xMax = a / floor - a;
  const near = shares.filter((s) => s.other.size <= xMax);
  let runs: number;
  if (near.length > PAIRS_MAX) {
    runs = sweep(
      a,
      near.map((s) => ({ x: s.other.size, held: s.held })),
    );
  } else {
    const entries: { x: number; held: number[] }[] = [];
    near.forEach((s, i) => {
      for (let j = i + 1; j < near.length; j++) {
        const u = near[j] as Share;
        let x = s.other.size;
        for (const g of u.other) if (!s.other.has(g)) x++;
        if (x <= xMax) entries.push({ x, held: [...s.held, ...u.held] });
      }
    });
    runs = sweep(a, entries);
  }
  const best = Math.fround(Math.max(single, runs));
  const trigram = best >= Math.fround(FUZZY_THRESHOLD) ? Math.floor(best * 1000 + 0.5) : 0;
  return Math.max(swapped, trigram);
}
