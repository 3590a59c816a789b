/**
 * What the app shell asks of the device store without loading it: whether the database exists
 * yet (a first visit has none, so nothing of the sync need be downloaded), and keeping the code
 * the page loaded lazily for use without signal (loaded on demand, see lazy-assets.ts).
 */
import { DB_NAME } from '../db-name';

/** False only when the browser can tell the database does not exist. */
export async function databaseExists(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((info) => info.name === DB_NAME);
  } catch {
    return true;
  }
}

/** The keeping of the lazily loaded code (lazy-assets.ts), loaded when it is needed. */
export const loadLazyAssets = () => import('./lazy-assets');
