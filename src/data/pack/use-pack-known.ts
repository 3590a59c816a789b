/**
 * Whether this device ever stored a visit pack (of any cemetery), live (undefined while Dexie
 * has not answered, or the page has not opened the store: device/device-open.ts). Its own module: the pack offer, on every page, needs this and nothing else.
 */
import { useDeviceQuery } from '../device/use-device-query';

export function usePackKnown(): boolean | undefined {
  return useDeviceQuery(async (db) => (await db.packs.count()) > 0, []);
}
