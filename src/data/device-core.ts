/**
 * What a page loads to use the device store: the database and Dexie's live queries, in the
 * "device" chunk (vite.config.ts). Screens on a visitor's first landing reach it through
 * device/device-open.ts, so Dexie is not part of that page's first load.
 */
export { liveQuery } from 'dexie';
export { db, type MemorialDb } from './db';
