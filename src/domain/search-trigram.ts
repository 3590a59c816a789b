/**
 * Typo tolerance: PostgreSQL pg_trgm's strict_word_similarity, ported line by line from
 * contrib/pg_trgm/trgm_op.c (generate_trgm_only, calc_word_similarity, iterative_match), so
 * the offline client finds exactly the records the server's `<<%` operator finds. The inputs
 * are normalized words (a-z, 0-9, single spaces), so "word characters" are just those.
 *
 * strict_word_similarity(query, text) is the best trigram similarity between the query and a
 * run of whole words of the text, found by pg_trgm's greedy scan (not an exhaustive search,
 * which is why this is a port and not a simpler formula).
 */

const BOUND_LEFT = 1;
const BOUND_RIGHT = 2;

interface Trigrams {
  list: string[];
  bounds: number[];
}

/** Trigrams in text order, each word padded as "  word " (LPADDING 2, RPADDING 1). */
function trigramsOf(text: string, withBounds: boolean): Trigrams {
  const list: string[] = [];
  const bounds: number[] = [];
  for (const word of text.split(/[^a-z0-9]+/)) {
    if (word === '') continue;
    const padded = `  ${word} `;
    const first = list.length;
    for (let i = 0; i + 3 <= padded.length; i++) {
      list.push(padded.slice(i, i + 3));
      bounds.push(0);
    }
    if (withBounds) {
      bounds[first] = (bounds[first] ?? 0) | BOUND_LEFT;
      bounds[list.length - 1] = (bounds[list.length - 1] ?? 0) | BOUND_RIGHT;
    }
  }
  return { list, bounds };
}

/** The distinct trigrams of a text's words, padded as pg_trgm pads them. */
export function trigramSet(text: string): Set<string> {
  return new Set(trigramsOf(text, false).list);
}

/** pg_trgm's CALCSML in float4 arithmetic, so comparisons tie and break exactly as in C. */
function calcSml(count: number, len1: number, len2: number): number {
  return Math.fround(count / (len1 + len2 - count));
}

/** strict_word_similarity(query, text) as PostgreSQL computes it (a float4 value). */
export function strictWordSimilarity(query: string, text: string): number {
  const q = trigramsOf(query, false).list;
  const t = trigramsOf(text, true);
  const len2 = t.list.length;
  // Unique ids for distinct trigrams (C sorts and merges; any consistent numbering works).
  const ids = new Map<string, number>();
  const idOf = (trg: string) => {
    let id = ids.get(trg);
    if (id === undefined) {
      id = ids.size;
      ids.set(trg, id);
    }
    return id;
  };
  const found: boolean[] = [];
  for (const trg of q) found[idOf(trg)] = true;
  const ulen1 = found.filter(Boolean).length;
  const trg2indexes = t.list.map(idOf);
  return iterativeMatch(trg2indexes, found, ulen1, len2, ids.size, t.bounds);
}

function iterativeMatch(
  trg2indexes: number[],
  found: boolean[],
  ulen1: number,
  len2: number,
  len: number,
  bounds: number[],
): number {
  const lastpos = new Array<number>(len).fill(-1);
  let ulen2 = 0;
  let count = 0;
  let lower = 0; // strict: the first trigram is the initial lower bound
  let smlrMax = 0;
  const at = (i: number) => trg2indexes[i] ?? 0;
  for (let i = 0; i < len2; i++) {
    const trgindex = at(i);
    if ((lastpos[trgindex] ?? -1) < 0) {
      ulen2++;
      if (found[trgindex]) count++;
    }
    lastpos[trgindex] = i;
    if (((bounds[i] ?? 0) & BOUND_RIGHT) === 0) continue;

    const upper = i;
    let smlrCur = calcSml(count, ulen1, ulen2);
    // Also try moving the lower bound to a later word start for a greater similarity.
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      if (((bounds[tmpLower] ?? 0) & BOUND_LEFT) !== 0) {
        const smlrTmp = calcSml(tmpCount, ulen1, tmpUlen2);
        if (smlrTmp > smlrCur) {
          smlrCur = smlrTmp;
          ulen2 = tmpUlen2;
          lower = tmpLower;
          count = tmpCount;
        }
      }
      const tmpIndex = at(tmpLower);
      if (lastpos[tmpIndex] === tmpLower) {
        tmpUlen2--;
        if (found[tmpIndex]) tmpCount--;
      }
    }
    smlrMax = Math.max(smlrMax, smlrCur);
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
      const tmpIndex = at(tmpLower);
      if (lastpos[tmpIndex] === tmpLower) lastpos[tmpIndex] = -1;
    }
  }
  return smlrMax;
}
