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
  word: string;
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

/** Each vocabulary word sharing a trigram with the query: what it holds and what else. */
function sharesOf(query: readonly string[], words: Iterable<string>): Share[] {
  const shares: Share[] = [];
  for (const w of words) {
    const own = trigramSet(w);
    const held = query.flatMap((q, i) => (own.has(q) ? [i] : []));
    if (held.length === 0) continue;
    for (const q of query) own.delete(q);
    shares.push({ word: w, held, other: own });
  }
  return shares;
}

/**
 * The most a run of two or more of these words can reach, when every word and pair in it
 * has x ≤ xMax (the callers pass only such words: one above it keeps the run below the floor
 * they care about).
 */
function runsBound(a: number, near: readonly Share[], xMax: number): number {
  if (near.length > PAIRS_MAX) {
    return sweep(
      a,
      near.map((s) => ({ x: s.other.size, held: s.held })),
    );
  }
  const entries: { x: number; held: number[] }[] = [];
  near.forEach((s, i) => {
    for (let j = i + 1; j < near.length; j++) {
      const u = near[j] as Share;
      let x = s.other.size;
      for (const g of u.other) if (!s.other.has(g)) x++;
      if (x <= xMax) entries.push({ x, held: [...s.held, ...u.held] });
    }
  });
  return sweep(a, entries);
}

/** Points for a similarity (float4, as pg_trgm): 0 below the threshold. */
function trigramPoints(similarity: number): number {
  const sim = Math.fround(similarity);
  return sim >= Math.fround(FUZZY_THRESHOLD) ? Math.floor(sim * 1000 + 0.5) : 0;
}

export function fuzzyPointsBound(t: string, vocabulary: readonly string[]): number {
  if (t.length < MIN_FUZZY) return 0;
  const words = new Set(vocabulary);
  const swapped = letterSwaps(t).some((s) => words.has(s)) ? SWAP_POINTS : 0;
  const query = [...trigramSet(t)];
  const a = query.length;
  const shares = sharesOf(query, words);
  const single = Math.max(0, ...shares.map((s) => s.held.length / (a + s.other.size)));
  // A run beats `floor` only with x below this (c ≤ a); below the threshold counts as 0.
  const floor = Math.max(single, FUZZY_THRESHOLD / 2);
  const xMax = a / floor - a;
  const runs = runsBound(
    a,
    shares.filter((s) => s.other.size <= xMax),
    xMax,
  );
  return Math.max(swapped, trigramPoints(Math.max(single, runs)));
}

/**
 * The vocabulary words a name must hold for `t` to reach the threshold on it by trigrams
 * (pg_trgm's `<<%`), or null when that cannot be said word by word. The server's typo pass
 * reads its candidates by these words from the words GIN (a few hundred records) instead of
 * the trigram GIN (tens of thousands at 2,000,000: any name sharing "ves" with "gonaclves").
 *
 * Why: a name reaches it through some run of its words with c / (a + x) ≥ threshold. Either
 * the run holds a word that reaches it alone (returned), or all its words fall short alone,
 * and then setsReach looks at every set of them that could: a word with x above
 * a / threshold − a keeps any run holding it below (c ≤ a). When some set reaches the
 * threshold (words run together: "mariasilva"), null. `vocabulary` needs
 * only the words sharing a trigram with `t` (trigramPatterns); the others never count.
 */
export function typoWords(t: string, vocabulary: readonly string[]): string[] | null {
  if (t.length < MIN_FUZZY) return [];
  const query = [...trigramSet(t)];
  const a = query.length;
  const alone: string[] = [];
  const short: Share[] = [];
  const xMax = a / FUZZY_THRESHOLD - a;
  for (const s of sharesOf(query, new Set(vocabulary))) {
    if (trigramPoints(s.held.length / (a + s.other.size)) > 0) alone.push(s.word);
    else if (s.other.size <= xMax) short.push(s);
  }
  return setsReach(a, short, xMax) ? null : alone.sort();
}

/** Sets of words setsReach looks at before it gives up (and says they may reach it). */
const MAX_SETS = 20_000;

/**
 * Whether two or more of these words, together, could reach the threshold: c / (a + x) over
 * the union of what they hold and the union of their other trigrams. A run holding words that
 * share no trigram is no better than its sharing words alone (they only add to x), so these
 * sets bound every run. Depth first, never past xMax other trigrams (x only grows); tighter
 * than runsBound's sweep, which adds up shares of pairs that no one run holds together
 * ("ferandes" at 2,000,000 records: fernanda + mendes + flores… reached 0.5 in the sweep).
 */
function setsReach(a: number, words: readonly Share[], xMax: number): boolean {
  let seen = 0;
  const walk = (from: number, held: ReadonlySet<number>, other: ReadonlySet<string>): boolean => {
    for (let i = from; i < words.length; i++) {
      if (++seen > MAX_SETS) return true;
      const w = words[i] as Share;
      const x = new Set(other);
      for (const g of w.other) x.add(g);
      if (x.size > xMax) continue;
      const c = new Set(held);
      for (const h of w.held) c.add(h);
      if (held.size > 0 && trigramPoints(c.size / (a + x.size)) > 0) return true;
      if (walk(i + 1, c, x)) return true;
    }
    return false;
  };
  return walk(0, new Set(), new Set());
}

/**
 * LIKE patterns of the words sharing a trigram with `t` (padded as pg_trgm pads a word:
 * "  g", " go" start it, "es " ends it, "gon" is inside).
 */
export function trigramPatterns(t: string): string[] {
  return [...trigramSet(t)].map((g) => {
    if (g.startsWith('  ')) return `${g.slice(2)}%`;
    if (g.startsWith(' ')) return `${g.slice(1)}%`;
    if (g.endsWith(' ')) return `%${g.slice(0, -1)}`;
    return `%${g}%`;
  });
}
