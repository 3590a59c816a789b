/**
 * Mounted once at the root: keeps a visit pack current (src/data/sync/auto-sync.ts says when).
 * A pack lives in IndexedDB, so where the app's database does not exist yet (a first visit)
 * there is nothing to keep current and the sync code — Dexie with it — is not even downloaded.
 */
import { useEffect } from 'react';
import { DB_NAME } from '../../data/db-name';

/** False only when the browser can tell the database does not exist. */
async function databaseExists(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((info) => info.name === DB_NAME);
  } catch {
    return true;
  }
}

export function AutoSync() {
  useEffect(() => {
    let stop: (() => void) | null = null;
    let live = true;
    void databaseExists().then(async (exists) => {
      if (!exists || !live) return;
      const { startAutoSync } = await import('../../data/sync/auto-sync');
      if (live) stop = startAutoSync();
    });
    return () => {
      live = false;
      stop?.();
    };
  }, []);
  return null;
}
