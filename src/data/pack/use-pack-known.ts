/**
 * Whether this device ever stored a visit pack (of any cemetery), live (undefined while Dexie
 * has not answered). Its own module: the pack offer, on every page, needs this and nothing else.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db';

export function usePackKnown(): boolean | undefined {
  return useLiveQuery(async () => (await db.packs.count()) > 0, []);
}
