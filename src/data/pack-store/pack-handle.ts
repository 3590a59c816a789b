/**
 * One pack as the offline search reads it, kept in memory between searches until the pack
 * changes: the directory (every key, its row and count), the vocabulary lookupFor needs (name
 * tokens, streets), the page starts, and caches of index rows and pages read (both bounded,
 * least recently used out: a phone tab keeps the common words' rows, not the whole index).
 */
import Dexie from 'dexie';
import type { PackColumns } from '../../domain/pack-format';
import { fuzzyPointsBound } from '../../domain/search-fuzzy-bound';
import { nameWords } from '../../domain/search-text';
import type { MemorialDb } from '../db';
import { type Bits, emptyBits, orPostings } from './bitset';
import type { Vocabulary } from './offline-lookup';
import { isNameKey, KEYS_VERSION, STREET } from './pack-keys';
import { DIRECTORY, type PackIndexRow, type PackMeta, pageStore } from './pack-rows';

// Pages of 128 records (~8 kB): a phone tab keeps a few hundred, not the pack.
const PAGE_CACHE = 256;
// Index rows (~64 kB, a common word's list alone can be more): the hot words' rows.
const ROW_CACHE_BYTES = 12 * 1024 * 1024;

/** Get with a refresh: the entry becomes the most recently used (Maps keep insertion order). */
function touch<K, V>(map: Map<K, V>, key: K): V | undefined {
  const v = map.get(key);
  if (v !== undefined) {
    map.delete(key);
    map.set(key, v);
  }
  return v;
}

export class PackHandle {
  readonly keyIndex = new Map<string, number>();
  readonly vocab: Vocabulary;
  /** Every word of the streets (search-text.ts nameWords), for the search's bound. */
  readonly streetWords = new Set<string>();
  /** The index has the name-start keys (pack-keys.ts START; older indexes lack them). */
  readonly starts: boolean;
  /** Records the ordinals span (the size of this pack's record sets). */
  readonly size: number;
  private rows = new Map<number, PackIndexRow>();
  private rowBytes = 0;
  /** Directory position of each index row's first key (rows hold consecutive keys). */
  private rowFirst = new Map<number, number>();
  private pages = new Map<number, PackColumns>();

  constructor(
    private db: MemorialDb,
    readonly meta: PackMeta,
    readonly stamp: string,
    readonly dir: PackIndexRow,
    /** Page starts, ascending. */
    readonly firsts: number[],
  ) {
    const tokens: string[] = [];
    const streets: string[] = [];
    this.starts = (meta.indexed?.keys ?? 1) >= KEYS_VERSION;
    this.size = meta.indexed?.next ?? meta.next;
    dir.keys.forEach((k, i) => {
      this.keyIndex.set(k, i);
      const row = dir.ends[i] ?? 0;
      if (!this.rowFirst.has(row)) this.rowFirst.set(row, i);
      if (isNameKey(k)) tokens.push(k);
      else if (k.startsWith(STREET)) streets.push(k.slice(STREET.length));
    });
    for (const s of streets) for (const w of nameWords(s)) this.streetWords.add(w);
    this.vocab = { generation: 0, readAt: 0, tokens, streets, sizes: new Map() };
  }

  private fuzzyBounds = new Map<string, number>();

  /** The most typo points a word can get on a name of this pack (search-fuzzy-bound.ts). */
  fuzzyBound(word: string): number {
    let b = this.fuzzyBounds.get(word);
    if (b === undefined) {
      b = fuzzyPointsBound(word, this.vocab.tokens);
      this.fuzzyBounds.set(word, b);
    }
    return b;
  }

  count(key: number): number {
    return this.dir.counts?.[key] ?? 0;
  }

  /** Directory positions of the keys starting with `prefix` (sorted keys: one range). */
  prefixRange(prefix: string): number[] {
    const keys = this.dir.keys;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((keys[mid] ?? '') < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let i = lo; i < keys.length && (keys[i] ?? '').startsWith(prefix); i++) out.push(i);
    return out;
  }

  /** The index rows holding these keys (directory positions), reading those not cached. */
  private async rowsFor(keys: number[]): Promise<void> {
    const wanted = [...new Set(keys.map((k) => this.dir.ends[k] ?? 0))];
    const missing = wanted.filter((r) => touch(this.rows, r) === undefined);
    if (missing.length > 0) {
      const got = await this.db.packIndex.bulkGet(missing.map((r) => [this.meta.id, r]));
      got.forEach((row, i) => {
        if (!row) return;
        this.rows.set(missing[i] ?? 0, row);
        this.rowBytes += row.bytes.length;
      });
    }
    for (const [r, row] of this.rows) {
      if (this.rowBytes <= ROW_CACHE_BYTES || this.rows.size <= wanted.length) break;
      if (wanted.includes(r)) continue;
      this.rows.delete(r);
      this.rowBytes -= row.bytes.length;
    }
  }

  /** Where key k's list is: its row's bytes and the range in them. */
  private span(k: number): { bytes: Uint8Array; start: number; end: number } | null {
    const r = this.dir.ends[k] ?? 0;
    const row = this.rows.get(r);
    if (!row) return null;
    const at = k - (this.rowFirst.get(r) ?? 0);
    if (row.keys[at] !== this.dir.keys[k]) return null;
    return {
      bytes: row.bytes,
      start: at === 0 ? 0 : (row.ends[at - 1] ?? 0),
      end: row.ends[at] ?? 0,
    };
  }

  /** The records holding any of these keys, as a set (bitset.ts), OR-ed into `into` if given. */
  async bits(keys: number[], into: Bits = emptyBits(this.size)): Promise<Bits> {
    await this.rowsFor(keys);
    for (const k of keys) {
      const s = this.span(k);
      if (s) orPostings(into, s.bytes, s.start, s.end);
    }
    return into;
  }

  pageOf(ordinal: number): number {
    let lo = 0;
    let hi = this.firsts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((this.firsts[mid] ?? 0) <= ordinal) lo = mid;
      else hi = mid - 1;
    }
    return this.firsts[lo] ?? 0;
  }

  /** The pages starting at `firsts` (cached ones from memory, the rest in one read). */
  async pagesAt(firsts: number[]): Promise<Map<number, PackColumns>> {
    const out = new Map<number, PackColumns>();
    const missing: number[] = [];
    for (const f of firsts) {
      const page = touch(this.pages, f);
      if (page) out.set(f, page);
      else missing.push(f);
    }
    if (missing.length > 0) {
      const got = await this.db.packPages.bulkGet(missing.map((f) => [pageStore(this.meta), f]));
      got.forEach((page, i) => {
        const f = missing[i] ?? 0;
        if (!page) return;
        out.set(f, page);
        this.pages.set(f, page);
      });
      // Least recently used first out.
      while (this.pages.size > PAGE_CACHE) {
        const oldest = this.pages.keys().next().value;
        if (oldest === undefined) break;
        this.pages.delete(oldest);
      }
    }
    return out;
  }
}

const handles = new WeakMap<MemorialDb, Map<string, PackHandle>>();

const stampOf = (m: PackMeta) =>
  `${m.gen ?? 0}.${m.indexed?.next ?? -1}.${m.records}.${Object.keys(m.overrides).length}`;

/** The indexed packs on the device, as handles (re-read only when a pack's index changed). */
export async function packHandles(db: MemorialDb): Promise<PackHandle[]> {
  const metas = (await db.packs.toArray()).filter((m) => m.indexed);
  const cache = handles.get(db) ?? new Map<string, PackHandle>();
  handles.set(db, cache);
  const out: PackHandle[] = [];
  for (const meta of metas) {
    const stamp = stampOf(meta);
    let h = cache.get(meta.id);
    if (!h || h.stamp !== stamp) {
      const [dir, keys] = await Promise.all([
        db.packIndex.get([meta.id, DIRECTORY]),
        db.packPages
          .where('[pack+first]')
          .between([pageStore(meta), Dexie.minKey], [pageStore(meta), Dexie.maxKey])
          .primaryKeys(),
      ]);
      if (!dir) continue;
      h = new PackHandle(
        db,
        meta,
        stamp,
        dir,
        keys.map((k) => k[1]).sort((a, b) => a - b),
      );
      cache.set(meta.id, h);
    }
    out.push(h);
  }
  for (const id of cache.keys()) if (!metas.some((m) => m.id === id)) cache.delete(id);
  return out;
}
