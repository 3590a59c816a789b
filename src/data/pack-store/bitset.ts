/**
 * Record sets of one pack as bitsets over its ordinals (bit o of word o >>> 5): the offline
 * search ORs a word's posting lists into one (a prefix such as "mari" spans dozens of lists
 * of tens of thousands of records each: OR-ing is linear, where merging sorted lists sorted
 * them again), ANDs the words' sets, counts the result and walks it in ordinal (= rank) order.
 * 1.5 M records: 188 kB a set, a handful per search.
 */

export type Bits = Uint32Array;

export const emptyBits = (size: number): Bits => new Uint32Array((size >>> 5) + 1);

/** ORs key's gap-coded ordinals, bytes[start, end) (postings.ts), into `into`. */
export function orPostings(into: Bits, bytes: Uint8Array, start: number, end: number): void {
  let last = -1;
  let i = start;
  while (i < end) {
    let b = bytes[i++] as number;
    let gap = b & 0x7f;
    let shift = 7;
    while (b & 0x80) {
      b = bytes[i++] as number;
      gap |= (b & 0x7f) << shift;
      shift += 7;
    }
    last += gap + 1;
    const w = last >>> 5;
    // Ordinals past the set's size (a pack grown since) are not of this index: ignore.
    if (w < into.length) into[w] = (into[w] as number) | (1 << (last & 31));
  }
}

/** a AND b, in a new set. */
export function and(a: Bits, b: Bits): Bits {
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = (a[i] as number) & (b[i] as number);
  return out;
}

/** a AND NOT b, in a new set. */
export function andNot(a: Bits, b: Bits): Bits {
  const out = new Uint32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = (a[i] as number) & ~(b[i] as number);
  return out;
}

export function orInto(into: Bits, b: Bits): void {
  for (let i = 0; i < into.length; i++) into[i] = (into[i] as number) | (b[i] as number);
}

function popcount32(v: number): number {
  let x = v - ((v >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

export function count(a: Bits): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    const v = a[i] as number;
    if (v !== 0) n += popcount32(v);
  }
  return n;
}

export function has(a: Bits, o: number): boolean {
  return (((a[o >>> 5] as number) >>> (o & 31)) & 1) === 1;
}

export function set(a: Bits, o: number): void {
  a[o >>> 5] = (a[o >>> 5] as number) | (1 << (o & 31));
}

/**
 * Up to `max` members of `a` from ordinal `from` on, ascending, skipping those in `skip`;
 * and where to go on from (-1: none left).
 */
export function take(
  a: Bits,
  from: number,
  max: number,
  skip?: Bits,
): { ordinals: number[]; next: number } {
  const ordinals: number[] = [];
  let w = from >>> 5;
  let word = ((a[w] as number) & ~(skip ? (skip[w] as number) : 0)) >>> 0;
  // Drop the bits below `from` in its word.
  word &= ~((1 << (from & 31)) - 1) >>> 0;
  for (;;) {
    while (word !== 0) {
      const bit = 31 - Math.clz32(word & -word);
      const o = (w << 5) + bit;
      if (ordinals.length === max) return { ordinals, next: o };
      ordinals.push(o);
      word &= word - 1;
    }
    w++;
    if (w >= a.length) return { ordinals, next: -1 };
    word = ((a[w] as number) & ~(skip ? (skip[w] as number) : 0)) >>> 0;
  }
}
