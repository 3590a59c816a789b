/**
 * The session as the service worker reads it. The worker has no localStorage, so the session
 * store (session-store.ts) mirrors every change into IndexedDB (Dexie `session` table), and the
 * worker reads it here when it drains the outbox. Free of DOM types: the worker imports it.
 */
import type { MemorialDb, SessionRecord } from '../db';

const KEY = 'current';

export async function writeMirror(
  database: MemorialDb,
  auth: Omit<SessionRecord, 'key'> | null,
): Promise<void> {
  if (auth) await database.session.put({ key: KEY, ...auth });
  else await database.session.delete(KEY);
}

/** Who the worker sends the outbox as: the person logged in on the page, if anyone. */
export async function readMirror(
  database: MemorialDb,
): Promise<{ token: string; userId: string } | null> {
  const current = await database.session.get(KEY);
  return current ? { token: current.token, userId: current.userId } : null;
}
