/**
 * Compacts a pack after every walk that stored pages, and builds its token index:
 *  1. one pass over the stored pages (a few at a time) gives each live record its rank — the
 *     ranking's tie order (search-score.ts compareHits: latest death first, unknown last, then
 *     id descending). Records a newer page replaced, deleted ones and those moved to another
 *     cemetery (PackMeta.overrides) get none and are dropped here;
 *  2. a second pass puts each live record in the bucket of its chunk of ranks, written as
 *     temporary pages (intoBuckets), so the old pages are read twice in all, not once per chunk;
 *  3. chunk by chunk (the page holds a chunk, not the pack), the bucket's records are written
 *     again in rank order in pages of PAGE_RECORDS (a new page store, so the old one answers
 *     searches until the switch), each record's keys (pack-keys.ts) appended to their posting
 *     lists — the rank is the record's new ordinal, so lists stay ascending — and the bucket
 *     is dropped;
 *  4. one transaction switches the pack to the new pages and index and drops the old pages.
 * Why rank order: a search with thousands of candidates reads them best-placed first and stops
 * early (pack-search.ts); in rank order they sit in few neighbouring pages, and small pages
 * make each candidate read cheap.
 * Memory: the posting lists (~1–2 bytes per key of a record), three numbers per record for the
 * ranking, one chunk of records and the buckets' unwritten records. Space: the old pages, the
 * new ones and one copy in buckets until the switch.
 */
import Dexie from 'dexie';
import {
  encodePackRecords,
  ID_LENGTH,
  type PackRecord,
  packIdAt,
  packRecordAt,
} from '../../domain/pack-format';
import type { MemorialDb } from '../db';
import { KEYS_VERSION, KeyMaker } from './pack-keys';
import { DIRECTORY, type PackIndexRow, type PackPageRow, pageStore } from './pack-rows';
import { PostingWriter } from './postings';

const ROW_BYTES = 64 * 1024;
const PAGES_PER_READ = 4;
/** Records per compacted page: a candidate read costs one small row. */
export const PAGE_RECORDS = 128;
/** How much a build holds at once (tests make them small to cross every boundary). */
export interface BuildSizes {
  /**
   * Ranks placed at once: the page holds one chunk of records, not the pack. Rounded up to
   * whole pages, so the pages are the same whatever the chunk.
   */
  chunk: number;
  /** Records a chunk's bucket holds before it is written as a temporary page. */
  bucket: number;
  /** Pages (compacted ones, or buckets) written per bulkPut. */
  write: number;
  /**
   * A chunk's buckets read at once: they are small (`bucket` records), and four per read made
   * a round trip to IndexedDB every thousand records.
   */
  read: number;
}
const SIZES: BuildSizes = { chunk: 50_000, bucket: 256, write: 64, read: 64 };

/**
 * A page store's pages in order, `perRead` per read (also pack-read.ts's walk). The next read
 * is asked for before this one's pages are handed out, so IndexedDB fetches it while they are
 * used instead of after.
 */
export async function* pagesOf(
  db: MemorialDb,
  store: string,
  perRead = PAGES_PER_READ,
): AsyncGenerator<PackPageRow> {
  const read = (after: number) =>
    db.packPages
      .where('[pack+first]')
      .between([store, after], [store, Dexie.maxKey], false, true)
      .limit(perRead)
      .toArray();
  let next = read(-1);
  for (;;) {
    const rows = await next;
    const last = rows.at(-1);
    const more = last !== undefined && rows.length === perRead;
    if (more) {
      next = read(last.first);
      // Not awaited if the walk stops early (pack-read.ts's visit): no unhandled rejection.
      next.catch(() => undefined);
    }
    for (const row of rows) yield row;
    if (!more) return;
  }
}

/**
 * The index rows of a set of posting lists; each writer leaves `writers` once copied into its
 * row, so the lists are not held twice (at 1.5 M records, tens of MB of a phone tab's heap).
 */
export function indexRows(pack: string, writers: Map<string, PostingWriter>): PackIndexRow[] {
  const keys = [...writers.keys()].sort();
  const rows: PackIndexRow[] = [];
  const rowOf = new Uint32Array(keys.length);
  const counts = new Uint32Array(keys.length);
  let batch: string[] = [];
  let size = 0;
  const flush = () => {
    if (batch.length === 0) return;
    const bytes = new Uint8Array(size);
    const ends = new Uint32Array(batch.length);
    let at = 0;
    batch.forEach((k, i) => {
      const view = writers.get(k)?.view() ?? new Uint8Array(0);
      bytes.set(view, at);
      writers.delete(k);
      at += view.length;
      ends[i] = at;
    });
    rows.push({ pack, row: rows.length, keys: batch, ends, bytes });
    batch = [];
    size = 0;
  };
  keys.forEach((k, i) => {
    const w = writers.get(k);
    const length = w?.length ?? 0;
    if (size > 0 && size + length > ROW_BYTES) flush();
    rowOf[i] = rows.length;
    counts[i] = w?.count ?? 0;
    batch.push(k);
    size += length;
  });
  flush();
  rows.push({ pack, row: DIRECTORY, keys, ends: rowOf, bytes: new Uint8Array(0), counts });
  return rows;
}

/** Each live ordinal's rank (-1: dropped), and how many are live. */
async function ranks(
  db: MemorialDb,
  store: string,
  next: number,
  overrides: Record<string, number>,
) {
  const day = new Float64Array(next);
  const hi = new Float64Array(next);
  const lo = new Float64Array(next);
  const live = new Uint32Array(next);
  let count = 0;
  for await (const page of pagesOf(db, store)) {
    for (let i = 0; i < page.nomes.length; i++) {
      const ordinal = page.first + i;
      const id = packIdAt(page, i);
      const newest = overrides[id];
      if (newest !== undefined && newest !== ordinal) continue;
      live[count++] = ordinal;
      day[ordinal] = page.dtFal[i] ?? Number.NEGATIVE_INFINITY;
      hi[ordinal] = Number.parseInt(id.slice(0, ID_LENGTH / 2), 16);
      lo[ordinal] = Number.parseInt(id.slice(ID_LENGTH / 2), 16);
    }
  }
  const order = live
    .subarray(0, count)
    .sort(
      (a, b) =>
        (day[b] ?? 0) - (day[a] ?? 0) || (hi[b] ?? 0) - (hi[a] ?? 0) || (lo[b] ?? 0) - (lo[a] ?? 0),
    );
  const rankOf = new Int32Array(next).fill(-1);
  order.forEach((ordinal, rank) => {
    rankOf[ordinal] = rank;
  });
  return { rankOf, count };
}

/**
 * Marks the build's phases on the performance timeline (`pack-index:<phase>`), so a profile or
 * the pack bench can say where its time and memory go; a handful per build.
 */
const mark = (phase: string) => performance.mark(`pack-index:${phase}`);

/** A bucket's temporary page: records of one chunk of ranks, each with its rank. */
type BucketRow = PackPageRow & { ranks: Int32Array };

/** The temporary store of chunk `c`'s records (dropPages of `target` drops it too). */
const bucketStore = (target: string, c: number) => `${target}#${c}`;

/**
 * One pass over the old pages: each live record goes to the bucket of its chunk of ranks, which
 * becomes a temporary page every `sizes.bucket` records. Each page is read once, not once per
 * chunk: every read makes a whole page of garbage. Buckets are small so that few records are
 * alive at once: records held across many reads outlive the young generation and pile up in the
 * old one as garbage until a full collection (bench/RESULTS-pack-scale.md has the heap by phase).
 */
async function intoBuckets(
  db: MemorialDb,
  store: string,
  target: string,
  rankOf: Int32Array,
  sizes: BuildSizes,
  chunks: number,
): Promise<void> {
  const held: { records: PackRecord[]; ranks: number[]; first: number }[] = Array.from(
    { length: chunks },
    () => ({ records: [], ranks: [], first: 0 }),
  );
  // Full buckets wait here to be written together, `sizes.write` rows a put.
  let ready: BucketRow[] = [];
  const put = async () => {
    if (ready.length > 0) await db.packPages.bulkPut(ready);
    ready = [];
  };
  const close = (c: number) => {
    const b = held[c];
    if (!b || b.records.length === 0) return;
    ready.push({
      pack: bucketStore(target, c),
      first: b.first,
      ...encodePackRecords(b.records),
      ranks: Int32Array.from(b.ranks),
    });
    b.first += b.records.length;
    b.records = [];
    b.ranks = [];
  };
  for await (const page of pagesOf(db, store)) {
    for (let i = 0; i < page.nomes.length; i++) {
      const r = rankOf[page.first + i] ?? -1;
      if (r < 0) continue;
      const c = Math.floor(r / sizes.chunk);
      const b = held[c];
      if (!b) continue;
      b.records.push(packRecordAt(page, i));
      b.ranks.push(r);
      if (b.records.length >= sizes.bucket) close(c);
    }
    if (ready.length >= sizes.write) await put();
  }
  for (let c = 0; c < chunks; c++) close(c);
  await put();
}

export async function buildPackIndex(
  db: MemorialDb,
  pack: string,
  sizes: BuildSizes = SIZES,
): Promise<void> {
  const meta = await db.packs.get(pack);
  if (!meta) return;
  const store = pageStore(meta);
  const gen = (meta.gen ?? 0) + 1;
  const target = pageStore({ id: pack, gen });
  // What an interrupted build left there (its pages and buckets).
  await dropPages(db, target);
  mark('ranks');
  const { rankOf, count } = await ranks(db, store, meta.next, meta.overrides);
  const chunk = Math.ceil(sizes.chunk / PAGE_RECORDS) * PAGE_RECORDS;
  const chunks = Math.ceil(count / chunk);
  mark('buckets');
  await intoBuckets(db, store, target, rankOf, { ...sizes, chunk }, chunks);
  const writers = new Map<string, PostingWriter>();
  const maker = new KeyMaker();
  for (let c = 0; c < chunks; c++) {
    const r0 = c * chunk;
    mark(`gather ${c + 1}`);
    const slot: PackRecord[] = new Array(Math.min(chunk, count - r0));
    for await (const page of pagesOf(db, bucketStore(target, c), sizes.read)) {
      const { ranks: rs } = page as BucketRow;
      for (let i = 0; i < page.nomes.length; i++) slot[(rs[i] ?? 0) - r0] = packRecordAt(page, i);
    }
    mark(`write ${c + 1}`);
    for (let s = 0; s < slot.length; s += PAGE_RECORDS * sizes.write) {
      const rows: PackPageRow[] = [];
      for (
        let p = s;
        p < Math.min(slot.length, s + PAGE_RECORDS * sizes.write);
        p += PAGE_RECORDS
      ) {
        const records = slot.slice(p, p + PAGE_RECORDS);
        records.forEach((record, j) => {
          for (const key of maker.keys(record)) {
            let w = writers.get(key);
            if (!w) {
              w = new PostingWriter();
              writers.set(key, w);
            }
            w.add(r0 + p + j);
          }
        });
        rows.push({ pack: target, first: r0 + p, ...encodePackRecords(records) });
      }
      // Awaited before the next batch is made, not overlapped with it like the reads: rows held
      // by a put in flight meanwhile outlive the young generation and pile up as garbage in the
      // old one until a full collection.
      await db.packPages.bulkPut(rows);
    }
    await dropPages(db, bucketStore(target, c));
  }
  mark('index rows');
  const rows = indexRows(pack, writers);
  writers.clear();
  mark('switch');
  await db.transaction('rw', db.packs, db.packPages, db.packIndex, async () => {
    const now = await db.packs.get(pack);
    // A walk that stored pages meanwhile builds again after it (under the sync lock: never).
    if (!now || now.next !== meta.next || pageStore(now) !== store) {
      await dropPages(db, target);
      return;
    }
    await dropPages(db, store);
    await db.packIndex
      .where('[pack+row]')
      .between([pack, Dexie.minKey], [pack, Dexie.maxKey])
      .delete();
    await db.packIndex.bulkPut(rows);
    await db.packs.put({
      ...now,
      gen,
      next: count,
      pages: Math.ceil(count / PAGE_RECORDS),
      // Every replaced, deleted or moved record is gone from the new pages.
      overrides: {},
      records: count,
      indexed: { next: count, overrides: 0, keys: KEYS_VERSION },
    });
  });
}

/** Drops a page store and the buckets a build of it left (`<store>#<chunk>`). */
export async function dropPages(db: MemorialDb, store: string): Promise<void> {
  await db.packPages
    .where('[pack+first]')
    .between([store, Dexie.minKey], [`${store}#\uffff`, Dexie.maxKey])
    .delete();
}
