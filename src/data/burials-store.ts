/**
 * Writes of the burial read model into Dexie (docs/engineering.md#data-flow: server → Dexie → useLiveQuery → UI).
 * Each call is one transaction, so a screen never sees a list whose rows are not stored yet.
 * The caller gives the database: a visitor's first landing opens it later (device/device/device-open.ts).
 */

import type { BurialRecord } from '../domain/burial-types';
import type { MemorialDb } from './db';
import { mergeCard, rowFromRecord, type StoredCard } from './local-rows';

export const HOME_LIST = 'home';

/**
 * Stores cards without downgrading full rows; with `listKey`, also their order for a screen.
 * Search cards also carry the date of death (kept: the offline ranking's tie-break).
 */
export async function storeCards(
  cards: StoredCard[],
  listKey: string | null,
  database: MemorialDb,
): Promise<void> {
  const now = Date.now();
  await database.transaction('rw', database.sepultados, database.lists, async () => {
    const existing = await database.sepultados.bulkGet(cards.map((c) => c.id));
    await database.sepultados.bulkPut(cards.map((c, i) => mergeCard(existing[i], c, now)));
    if (listKey) {
      await database.lists.put({ key: listKey, ids: cards.map((c) => c.id), storedAt: now });
    }
  });
}

/** A full record (detail answer or the answer of a write) replaces whatever was stored. */
export async function storeRecord(record: BurialRecord, database: MemorialDb): Promise<void> {
  await database.sepultados.put(rowFromRecord(record));
}

/** A new record goes first on the home list too, so it shows there at once (newest first). */
export async function storeCreated(record: BurialRecord, database: MemorialDb): Promise<void> {
  await database.transaction('rw', database.sepultados, database.lists, async () => {
    await database.sepultados.put(rowFromRecord(record));
    const home = await database.lists.get(HOME_LIST);
    if (home && !home.ids.includes(record.id)) {
      await database.lists.put({ ...home, ids: [record.id, ...home.ids] });
    }
  });
}

/** A record the server no longer has (404, or deleted here): its row and every list entry go. */
export async function removeRecord(id: string, database: MemorialDb): Promise<void> {
  await database.transaction('rw', database.sepultados, database.lists, async () => {
    await database.sepultados.delete(id);
    const lists = await database.lists.toArray();
    const touched = lists
      .filter((l) => l.ids.includes(id))
      .map((l) => ({ ...l, ids: l.ids.filter((x) => x !== id) }));
    if (touched.length > 0) await database.lists.bulkPut(touched);
  });
}
