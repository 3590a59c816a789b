/**
 * Mirrors the session into IndexedDB (Dexie `session` table) so the service worker, which has
 * no localStorage, can authenticate when it drains the outbox. Dexie is imported lazily: the
 * login screen's first load does not need it.
 */
import type { MemorialDb } from '../../data/db';
import type { StoredAuth } from '../../data/session-storage';

export async function mirrorSession(auth: StoredAuth | null, database?: MemorialDb): Promise<void> {
  const target = database ?? (await import('../../data/db')).db;
  if (auth) {
    await target.session.put({ key: 'current', ...auth });
  } else {
    await target.session.delete('current');
  }
}
