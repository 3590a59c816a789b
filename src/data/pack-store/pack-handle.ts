/**
 * One pack as the offline search reads it, kept in memory between searches until the pack
 * changes: the directory (every key, its row and count), the vocabulary lookupFor needs (name
 * tokens, streets), the page starts, and caches of index rows and pages read (bounded).
 */
import Dexie from 'dexie';
import type { PackColumns } from '../../domain/pack-format';
import { nameWords } from '../../domain/search-text';
import type { MemorialDb } from '../db';
import type { Vocabulary } from '../search/offline-lookup';
import { isNameKey, STREET } from './pack-keys';
import { DIRECTORY, type PackIndexRow, type PackMeta, pageStore } from './pack-rows';
import { decodePostings } from './postings';

// Pages of 128 records (~8 kB): a phone tab keeps a few hundred, not the pack.
const PAGE_CACHE = 256;

export class PackHandle {
  readonly keyIndex = new Map<string, number>();
  readonly vocab: Vocabulary;
  /** Every word of the streets (search-text.ts nameWords), for the search's bound. */
  readonly streetWords = new Set<string>();
  private rows = new Map<number, PackIndexRow>();
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
    dir.keys.forEach((k, i) => {
      this.keyIndex.set(k, i);
      if (isNameKey(k)) tokens.push(k);
      else if (k.startsWith(STREET)) streets.push(k.slice(STREET.length));
    });
    for (const s of streets) for (const w of nameWords(s)) this.streetWords.add(w);
    this.vocab = { generation: 0, readAt: 0, tokens, streets, sizes: new Map() };
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

  /** Each key's ordinals (directory positions in, lists out), reading the rows not cached. */
  async postings(keys: number[]): Promise<Uint32Array[]> {
    const wanted = [...new Set(keys.map((k) => this.dir.ends[k] ?? 0))].filter(
      (r) => !this.rows.has(r),
    );
    if (wanted.length > 0) {
      const got = await this.db.packIndex.bulkGet(wanted.map((r) => [this.meta.id, r]));
      got.forEach((row, i) => {
        if (row) this.rows.set(wanted[i] ?? 0, row);
      });
    }
    return keys.map((k) => {
      const row = this.rows.get(this.dir.ends[k] ?? 0);
      const key = this.dir.keys[k] ?? '';
      if (!row) return new Uint32Array(0);
      const at = row.keys.indexOf(key);
      if (at < 0) return new Uint32Array(0);
      return decodePostings(row.bytes, at === 0 ? 0 : (row.ends[at - 1] ?? 0), row.ends[at] ?? 0);
    });
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
      const page = this.pages.get(f);
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
      // Oldest first out.
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
