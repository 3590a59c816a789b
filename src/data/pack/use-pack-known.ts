/**
 * Whether this device ever stored a visit pack, live (undefined while Dexie has not answered).
 * Its own module: the pack offer, on every page, needs this and nothing else of the pack.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db';
import { META } from '../sync/sync-meta';

export function usePackKnown(): boolean | undefined {
  return useLiveQuery(async () => Boolean(await db.meta.get(META.pack)), []);
}
