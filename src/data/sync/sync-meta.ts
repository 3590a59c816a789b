/**
 * The sync engine's small state in Dexie `meta` (one key each, so a page's transaction touches
 * only what it changes): the cursor of the last applied page, when the copy was last brought
 * up to date, and the marking generation of a replace-the-copy walk (`reset`).
 */
import type { MemorialDb } from '../db';

export const META = {
  /** Opaque server cursor after the last applied page; present ⇔ a pack exists. */
  cursor: 'sync.cursor',
  /** ms of the last walk that reached the end (hasMore false): "Atualizado em …". */
  updatedAt: 'sync.updatedAt',
  /** Set while a `reset` walk is under way: rows it does not mark are swept at its end. */
  sweep: 'sync.sweep',
  /** Visit-pack progress (src/features/offline), kept across reloads. */
  pack: 'pack.state',
} as const;

/** A replace-the-copy walk in progress: rows get `syncMark = mark`; older rows go at the end. */
export interface SweepState {
  mark: number;
  /** Rows stored after this (a detail page opened meanwhile) are fresh: never swept. */
  startedAt: number;
}

export async function readMeta<T>(db: MemorialDb, key: string): Promise<T | undefined> {
  const row = await db.meta.get(key);
  return row?.value as T | undefined;
}

export async function writeMeta(db: MemorialDb, key: string, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}

export const readCursor = (db: MemorialDb) => readMeta<string>(db, META.cursor);
export const readUpdatedAt = (db: MemorialDb) => readMeta<number>(db, META.updatedAt);
