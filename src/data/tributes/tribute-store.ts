/**
 * The device's copy of a record's tributes (src/data/tribute-cache.ts) bound to the app's
 * database, for the screens: the list reads it live, and every answer of the server, post and
 * deletion is written into it first. Each write says whether it was kept: a device that
 * refuses to store (quota, private mode) still shows the answers it was given (the screen
 * holds them), and only the offline reading of them is lost.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { TributeItem } from '../../domain/tribute-types';
import { db } from '../db';
import {
  type CachedPage,
  cachedTributes,
  cacheTribute,
  cacheTributePage,
  OFFLINE_WINDOW,
  readTributeWindow,
  type TributeWindow,
  tributesSeen,
  uncacheTribute,
} from '../tribute-cache';

export { OFFLINE_WINDOW, type TributeWindow };

function kept(write: Promise<void>): Promise<boolean> {
  return write.then(
    () => true,
    () => false,
  );
}

/** Stores a page the server answered; resolves false when the device refused it. */
export const storeTributePage = (sepultadoId: string, page: CachedPage) =>
  kept(cacheTributePage(db, sepultadoId, page));
export const storeTribute = (item: TributeItem) => kept(cacheTribute(db, item));
export const dropStoredTribute = (id: string) => kept(uncacheTribute(db, id));

/** The stored list, and whether this device ever loaded the record's tributes. */
export async function storedTributes(
  sepultadoId: string,
): Promise<{ items: TributeItem[]; seen: boolean }> {
  const items = await cachedTributes(db, sepultadoId).catch(() => []);
  const seen = items.length > 0 || (await tributesSeen(db, sepultadoId).catch(() => false));
  return { items, seen };
}

/**
 * The record's stored tributes within `window`, newest first, live: a page stored, a tribute
 * posted, sent by the outbox (here or by the service worker) or deleted shows at once.
 * undefined while reading this window (or with no window) — never the previous window's
 * list; null when the device cannot be read.
 */
export function useStoredTributes(
  sepultadoId: string,
  window: TributeWindow | null,
): TributeItem[] | null | undefined {
  // The window is named by its key: a new object with the same range is the same query.
  const key = window === null ? '' : `${sepultadoId}|${JSON.stringify(window)}`;
  const read = useLiveQuery(
    async () => ({
      key,
      items:
        window === null
          ? undefined
          : await readTributeWindow(db, sepultadoId, window).catch(() => null),
    }),
    [key],
  );
  return read?.key === key ? read.items : undefined;
}
