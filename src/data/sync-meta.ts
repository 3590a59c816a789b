/**
 * Small state in Dexie `meta` (one key each): the person's editable records (mine-sync.ts) and
 * the visit packs' progress (src/data/pack/pack-state.ts). The packs' cursors live with their
 * pages (src/data/pack-store).
 */
import type { MemorialDb } from './db';

export async function readMeta<T>(db: MemorialDb, key: string): Promise<T | undefined> {
  const row = await db.meta.get(key);
  return row?.value as T | undefined;
}

export async function writeMeta(db: MemorialDb, key: string, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}
