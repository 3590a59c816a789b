/**
 * Posting lists of the pack index: a key's record ordinals, ascending, stored as the gaps
 * between them in LEB128 varints (a common word's gaps are small: ~1 byte per record), and the
 * sorted-array set operations the offline search runs on them.
 */

/** A growable byte buffer of gaps, appended in ordinal order. */
export class PostingWriter {
  bytes = new Uint8Array(8);
  length = 0;
  count = 0;
  last = -1;

  add(ordinal: number): void {
    if (ordinal <= this.last) return;
    let gap = ordinal - this.last - 1;
    this.last = ordinal;
    this.count++;
    if (this.length + 5 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    while (gap >= 0x80) {
      this.bytes[this.length++] = (gap & 0x7f) | 0x80;
      gap >>>= 7;
    }
    this.bytes[this.length++] = gap;
  }

  view(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }
}

/** The ordinals of bytes[start, end) (one key's list). */
export function decodePostings(bytes: Uint8Array, start: number, end: number): Uint32Array {
  const out: number[] = [];
  let last = -1;
  let i = start;
  while (i < end) {
    let gap = 0;
    let shift = 0;
    let b: number;
    do {
      b = bytes[i++] ?? 0;
      gap |= (b & 0x7f) << shift;
      shift += 7;
    } while (b & 0x80);
    last += gap + 1;
    out.push(last);
  }
  return Uint32Array.from(out);
}

/** The sorted union of sorted lists. */
export function unionAll(lists: Uint32Array[]): Uint32Array {
  if (lists.length === 0) return new Uint32Array(0);
  if (lists.length === 1) return lists[0] ?? new Uint32Array(0);
  let total = 0;
  for (const l of lists) total += l.length;
  const all = new Uint32Array(total);
  let at = 0;
  for (const l of lists) {
    all.set(l, at);
    at += l.length;
  }
  all.sort();
  let n = 0;
  for (let i = 0; i < all.length; i++) {
    const v = all[i] ?? 0;
    if (n === 0 || all[n - 1] !== v) all[n++] = v;
  }
  return all.subarray(0, n);
}

/** The sorted intersection of two sorted lists. */
export function intersect(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] ?? 0;
    const y = b[j] ?? 0;
    if (x === y) {
      out[n++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out.subarray(0, n);
}
