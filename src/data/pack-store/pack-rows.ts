/**
 * The visit packs as the device keeps them (Dexie tables `packs`, `packPages`, `packIndex`,
 * version 7 of db.ts): per pack, its pages as the server sent them (compact columns, one row
 * per page of up to 5000 records, not one row per record) and a token index (key → the
 * records' ordinals, gap-coded), in rows of ~64 kB of neighbouring keys plus a directory.
 * A record's ordinal is its position in the pack's pages (page.first + index in the page); once
 * indexed, the pages hold the records in the ranking's tie order, so ordinal = rank.
 */
import type { PackIndexRow, PackMeta, PackPageRow } from '../db';

/** The rows are declared with the other tables' in db.ts (the store's floor). */
export type { PackIndexRow, PackMeta, PackPageRow };

/** The `pack` key of a pack's current pages (PackPageRow.pack). */
export function pageStore(meta: { id: string; gen?: number }): string {
  return `${meta.id}~${meta.gen ?? 0}`;
}

export const DIRECTORY = -1;
