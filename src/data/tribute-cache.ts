/**
 * The device's copy of the tributes it has seen: the store the tribute list reads, online and
 * offline alike, so a family at the graveside without signal still reads them
 * (docs/engineering.md#data-flow: what a visitor opened once works again offline). Written after
 * every page the server answers, after a post or a sent outbox item, and on a deletion.
 *
 * A page answers for a whole cursor range, not just its items: page 1 covers everything newer
 * than its last item, a `before` page everything between `before` and its last item, and the
 * last page (hasMore false) everything older too. Cached tributes in that range that the page
 * does not hold were removed elsewhere, so they are dropped — the copy converges on the server.
 */
import Dexie from 'dexie';
import { tributeCursor } from '../domain/tribute-rules';
import type { TributeItem } from '../domain/tribute-types';
import type { LocalTribute, MemorialDb } from './db';

/** How many tributes of one record the offline list shows at most. */
const OFFLINE_LIST_MAX = 50;

function toLocal(item: TributeItem, now: number): LocalTribute {
  return { ...item, cursor: tributeCursor(item), storedAt: now };
}

function fromLocal(row: LocalTribute): TributeItem {
  const { cursor: _cursor, storedAt: _storedAt, ...item } = row;
  return item;
}

export interface CachedPage {
  items: readonly TributeItem[];
  hasMore: boolean;
  /** The `before` cursor the page was asked with; null for page 1. */
  before: string | null;
}

export async function cacheTributePage(
  database: MemorialDb,
  sepultadoId: string,
  page: CachedPage,
  now: number = Date.now(),
): Promise<void> {
  const last = page.items.at(-1);
  // Upper bound: exclusive `before`, or above any cursor for page 1.
  const upper: [string, string | typeof Dexie.maxKey] = [sepultadoId, page.before ?? Dexie.maxKey];
  // Lower bound: the page's last item (inclusive) while more exist, else the very bottom.
  const lower: [string, string | typeof Dexie.minKey] = [
    sepultadoId,
    page.hasMore && last ? tributeCursor(last) : Dexie.minKey,
  ];
  await database.transaction('rw', database.comentarios, async () => {
    await database.comentarios
      .where('[sepultadoId+cursor]')
      .between(lower, upper, true, page.before === null)
      .delete();
    await database.comentarios.bulkPut(page.items.map((item) => toLocal(item, now)));
  });
  // Page 1 answered: from now on an empty copy means "none", not "never loaded here".
  if (page.before === null) await database.meta.put({ key: seenKey(sepultadoId), value: now });
}

const seenKey = (sepultadoId: string) => `tributes.seen.${sepultadoId}`;

/**
 * Whether this device ever loaded the record's tributes. Offline, an empty copy of a record
 * never loaded here is unknown, not empty (the server may hold many): the screen says so.
 */
export async function tributesSeen(database: MemorialDb, sepultadoId: string): Promise<boolean> {
  return (await database.meta.get(seenKey(sepultadoId))) !== undefined;
}

export async function cacheTribute(database: MemorialDb, item: TributeItem): Promise<void> {
  await database.comentarios.put(toLocal(item, Date.now()));
}

export async function uncacheTribute(database: MemorialDb, id: string): Promise<void> {
  await database.comentarios.delete(id);
}

/**
 * Which of a record's stored tributes a list shows. `floor`: everything from that cursor up
 * (inclusive), or every stored one when null — the range the pages loaded this time answer
 * for, so it holds exactly the server's answer plus what was posted or sent since. `newest`:
 * the newest n, for a list the server could not answer this time.
 */
export type TributeWindow = { floor: string | null } | { newest: number };

/** The offline list's window: the newest OFFLINE_LIST_MAX. */
export const OFFLINE_WINDOW: TributeWindow = { newest: OFFLINE_LIST_MAX };

/** The record's stored tributes within `window`, newest first. */
export async function readTributeWindow(
  database: MemorialDb,
  sepultadoId: string,
  window: TributeWindow,
): Promise<TributeItem[]> {
  if ('newest' in window) return cachedTributes(database, sepultadoId, window.newest);
  const rows = await database.comentarios
    .where('[sepultadoId+cursor]')
    .between([sepultadoId, window.floor ?? Dexie.minKey], [sepultadoId, Dexie.maxKey], true, true)
    .reverse()
    .toArray();
  return rows.map(fromLocal);
}

/** The record's cached tributes, newest first, at most `limit`. */
export async function cachedTributes(
  database: MemorialDb,
  sepultadoId: string,
  limit: number = OFFLINE_LIST_MAX,
): Promise<TributeItem[]> {
  const rows = await database.comentarios
    .where('[sepultadoId+cursor]')
    .between([sepultadoId, Dexie.minKey], [sepultadoId, Dexie.maxKey])
    .reverse()
    .limit(limit)
    .toArray();
  return rows.map(fromLocal);
}
