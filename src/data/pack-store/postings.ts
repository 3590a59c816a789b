/**
 * Posting lists of the pack index: a key's record ordinals, ascending, stored as the gaps
 * between them in LEB128 varints (a common word's gaps are small: ~1 byte per record). The
 * search reads them into bitsets (bitset.ts orPostings).
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
