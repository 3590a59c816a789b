/**
 * Reading a visit pack's records outside the search: one record by id (the record page opened
 * without signal, e.g. from a QR code or a search card), and every record of a pack (the
 * thumbnails it wants, the admin's offline list). The pages have no id index (it would cost
 * ~30 B a record), so a lookup by id walks the pages of each pack, a few at a time, and stops at
 * the first hit; the records the offline search showed last are remembered in memory, so
 * opening a result never walks.
 */
import { ID_LENGTH, type PackRecord, packCount, packRecordAt } from '../../domain/pack-format';
import type { LocalBurial, MemorialDb } from '../db';
import { searchFields } from '../local-rows';
import { pagesOf } from './pack-index-build';
import { type PackMeta, type PackPageRow, pageStore } from './pack-rows';

/** A pack record with the name of its cemetery (null: unknown). */
export interface PackCopy extends PackRecord {
  cemiterio: string | null;
}

const REMEMBERED = 500;

/**
 * Per database: the records the last searches showed, and the packs' state they were read in
 * (a walk or a removal since makes them stale: forgotten then).
 */
const memory = new WeakMap<MemorialDb, { stamp: string; records: Map<string, PackCopy> }>();

async function packsStamp(db: MemorialDb): Promise<string> {
  const metas = await db.packs.toArray();
  return metas
    .map((m) => `${m.id}.${m.gen ?? 0}.${m.next}.${m.cursor ?? ''}`)
    .sort()
    .join(',');
}

async function remembered(db: MemorialDb): Promise<Map<string, PackCopy>> {
  const stamp = await packsStamp(db);
  let held = memory.get(db);
  if (!held || held.stamp !== stamp) {
    held = { stamp, records: new Map() };
    memory.set(db, held);
  }
  return held.records;
}

/** Keeps the records a search showed, so their pages open at once (oldest forgotten first). */
export async function rememberPackRecords(db: MemorialDb, records: PackCopy[]): Promise<void> {
  const held = await remembered(db);
  for (const r of records) {
    held.delete(r.id);
    held.set(r.id, r);
  }
  while (held.size > REMEMBERED) {
    const oldest = held.keys().next().value;
    if (oldest === undefined) break;
    held.delete(oldest);
  }
}

/** Each current page of a pack, in order; stop by returning false. */
export async function eachPackPage(
  db: MemorialDb,
  meta: PackMeta,
  visit: (page: PackPageRow) => boolean | undefined,
): Promise<void> {
  for await (const page of pagesOf(db, pageStore(meta))) if (visit(page) === false) return;
}

/** Whether ordinal `first + i` is the record's live copy (not replaced, deleted or moved). */
const isLive = (meta: PackMeta, id: string, ordinal: number) => {
  const newest = meta.overrides[id];
  return newest === undefined || newest === ordinal;
};

/** Index of `id` in a page's ids column (they are fixed-width), or -1. */
function indexIn(ids: string, id: string): number {
  let at = ids.indexOf(id);
  while (at >= 0 && at % ID_LENGTH !== 0) at = ids.indexOf(id, at + 1);
  return at < 0 ? -1 : at / ID_LENGTH;
}

/** The record with this id in any pack on the device, or null. */
export async function findPackRecord(db: MemorialDb, id: string): Promise<PackCopy | null> {
  const hit = (await remembered(db)).get(id);
  if (hit) return hit;
  for (const meta of await db.packs.toArray()) {
    let found: PackCopy | null = null;
    await eachPackPage(db, meta, (page) => {
      const i = indexIn(page.ids, id);
      if (i < 0 || !isLive(meta, id, page.first + i)) return true;
      found = { ...packRecordAt(page, i), cemiterio: meta.nome };
      return false;
    });
    if (found) return found;
  }
  return null;
}

/** Every live record of a pack (for the thumbnails and the offline dashboard). */
export async function eachPackRecord(
  db: MemorialDb,
  packId: string,
  visit: (record: PackCopy) => void,
): Promise<void> {
  const meta = await db.packs.get(packId);
  if (!meta) return;
  await eachPackPage(db, meta, (page) => {
    for (let i = 0; i < packCount(page); i++) {
      const r = packRecordAt(page, i);
      if (isLive(meta, r.id, page.first + i)) visit({ ...r, cemiterio: meta.nome });
    }
    return true;
  });
}

/**
 * A visit pack's copy of a record (card fields, its photo, its cemetery and tribute count) as
 * the record page reads a row; never stored (the pack is the copy), so `full` is false.
 */
export function rowFromPack(copy: PackCopy, now: number = Date.now()): LocalBurial {
  return {
    _id: copy.id,
    id: copy.id,
    nome: copy.nome,
    rua: copy.rua,
    quadra: copy.quadra,
    chapa: copy.chapa,
    dtFal: copy.dtFal,
    cemiterio: copy.cemiterio,
    images: copy.image ? [copy.image] : [],
    thumbs: copy.thumb ? [copy.thumb] : [],
    homenagens: copy.homenagens,
    // The grave's marker and the way there without signal; null (unknown, or a page stored
    // before pages had positions) shows the directions only, and `full` false keeps the
    // page from saying the location is not registered.
    latitude: copy.latitude,
    longitude: copy.longitude,
    full: false,
    ...searchFields(copy),
    storedAt: now,
  };
}

/**
 * A stored row with what its pack copy knows better: the tribute count, and the grave's
 * position when the row is a card seen in a list (a full record has its own, as new or newer).
 */
export function withPackCopy(stored: LocalBurial, copy: PackCopy): LocalBurial {
  const located = !stored.full && stored.latitude == null && copy.latitude !== null;
  return {
    ...stored,
    homenagens: copy.homenagens,
    ...(located ? { latitude: copy.latitude, longitude: copy.longitude } : {}),
  };
}
