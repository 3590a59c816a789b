/**
 * Builds a pack's token index from its stored pages (after every walk that stored pages): one
 * pass over the pages, a few at a time, each live record's keys (pack-keys.ts) appended to
 * their posting lists in ordinal order; then the keys sorted and cut into rows of ~64 kB, and
 * the directory. Records a newer page replaced, deleted ones and those moved to another
 * cemetery (PackMeta.overrides) are left out, so the search never meets them.
 * Memory: the posting lists of the whole pack (~1–2 bytes per key of a record) while it runs.
 */
import Dexie from 'dexie';
import { ID_LENGTH, packIdAt } from '../../domain/pack-format';
import type { MemorialDb } from '../db';
import { KeyMaker } from './pack-keys';
import { DIRECTORY, type PackIndexRow, type PackPageRow, RANKS } from './pack-rows';
import { PostingWriter } from './postings';

const ROW_BYTES = 64 * 1024;
const PAGES_PER_READ = 4;

async function* pagesOf(db: MemorialDb, pack: string): AsyncGenerator<PackPageRow> {
  let after = -1;
  for (;;) {
    const rows = await db.packPages
      .where('[pack+first]')
      .between([pack, after], [pack, Dexie.maxKey], false, true)
      .limit(PAGES_PER_READ)
      .toArray();
    for (const row of rows) yield row;
    const last = rows.at(-1);
    if (!last || rows.length < PAGES_PER_READ) return;
    after = last.first;
  }
}

/** The index rows of a set of posting lists (exported for the unit tests). */
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

export async function buildPackIndex(db: MemorialDb, pack: string): Promise<void> {
  const meta = await db.packs.get(pack);
  if (!meta) return;
  const overrides = meta.overrides;
  const writers = new Map<string, PostingWriter>();
  const maker = new KeyMaker();
  const seen = new Set<string>();
  let records = 0;
  // The ranking's tie order (search-score.ts compareHits: latest death first, unknown last,
  // then id descending) as numbers: ids are 24 hex, two halves of 48 bits each.
  const day = new Float64Array(meta.next);
  const hi = new Float64Array(meta.next);
  const lo = new Float64Array(meta.next);
  const live = new Uint32Array(meta.next);
  for await (const page of pagesOf(db, pack)) {
    for (let i = 0; i < page.nomes.length; i++) {
      const ordinal = page.first + i;
      const id = packIdAt(page, i);
      const newest = overrides[id];
      if (newest !== undefined) {
        seen.add(id);
        if (newest !== ordinal) continue;
      }
      live[records++] = ordinal;
      day[ordinal] = page.dtFal[i] ?? Number.NEGATIVE_INFINITY;
      hi[ordinal] = Number.parseInt(id.slice(0, ID_LENGTH / 2), 16);
      lo[ordinal] = Number.parseInt(id.slice(ID_LENGTH / 2), 16);
      const keys = maker.keys({
        nome: page.nomes[i] ?? '',
        rua: (page.rua[i] ?? -1) < 0 ? null : (page.ruas[page.rua[i] ?? 0] ?? null),
        quadra: page.quadras[page.quadra[i] ?? 0] ?? '',
        chapa: page.chapas[i] ?? '',
      });
      for (const key of keys) {
        let w = writers.get(key);
        if (!w) {
          w = new PostingWriter();
          writers.set(key, w);
        }
        w.add(ordinal);
      }
    }
  }
  const rows = indexRows(pack, writers);
  writers.clear();
  const byRank = live
    .subarray(0, records)
    .sort(
      (a, b) =>
        (day[b] ?? 0) - (day[a] ?? 0) || (hi[b] ?? 0) - (hi[a] ?? 0) || (lo[b] ?? 0) - (lo[a] ?? 0),
    );
  rows.push({ pack, row: RANKS, keys: [], ends: byRank, bytes: new Uint8Array(0) });
  // Removals of ids this pack never held (changes elsewhere in the city) are forgotten.
  const kept = Object.fromEntries(Object.entries(overrides).filter(([id]) => seen.has(id)));
  await db.transaction('rw', db.packs, db.packIndex, async () => {
    const now = await db.packs.get(pack);
    // A walk that stored pages meanwhile builds again after it (under the sync lock: never).
    if (!now || now.next !== meta.next) return;
    await db.packIndex
      .where('[pack+row]')
      .between([pack, Dexie.minKey], [pack, Dexie.maxKey])
      .delete();
    await db.packIndex.bulkPut(rows);
    const overridesNow = { ...kept, ...diff(overrides, now.overrides) };
    await db.packs.put({
      ...now,
      overrides: overridesNow,
      records,
      indexed: { next: now.next, overrides: Object.keys(overridesNow).length },
    });
  });
}

/** Entries written after the build read the overrides (none under the sync lock). */
function diff(before: Record<string, number>, after: Record<string, number>) {
  return Object.fromEntries(Object.entries(after).filter(([id, v]) => before[id] !== v));
}
