/**
 * The one session store of the page. The session lives in localStorage in the layout the spec
 * gives it (session-storage.ts: read synchronously by every request), and every change goes
 * through saveSession(), which also mirrors it into IndexedDB for the service worker
 * (session-mirror.ts) and tells this tab's listeners; other tabs hear it through the `storage`
 * event. So the page, the other tabs and the worker never hold different sessions. Dexie is
 * imported lazily: the login screen's first load does without it.
 */
import { openDevice } from '../device/device-open';
import { clearAuth, readAuth, readToken, type StoredAuth, writeAuth } from '../session-storage';

export { readAuth, readToken, type StoredAuth };

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);
const SESSION_KEYS = new Set(['auth', 'token', 'role']);
const listeners = new Set<() => void>();

async function mirror(auth: StoredAuth | null): Promise<void> {
  const [{ db }, { writeMirror }] = await Promise.all([openDevice(), import('./session-mirror')]);
  await writeMirror(db, auth);
}

/** Stores (or, with null, clears) the session everywhere it is kept. */
export function saveSession(auth: StoredAuth | null): void {
  if (auth) writeAuth(auth);
  else clearAuth();
  void mirror(auth).catch(() => undefined);
  for (const listener of listeners) listener();
}

/**
 * After the person changes their own password the server ends every session (token_version
 * + 1) and answers a fresh token for this one. It replaces the stored token at once, before
 * any other request goes out with the dead one, keeping the rest of the stored session; the
 * caller then runs session.refresh(), which re-reads the user.
 */
export function replaceStoredToken(
  token: string,
  store: Storage | null = storage(),
): StoredAuth | null {
  if (!store || !token) return null;
  const current = readAuth(store);
  if (!current) {
    // Only a bare token entry (older layout): replace it; refresh() rebuilds the auth object.
    store.setItem('token', token);
    return null;
  }
  const next = { ...current, token };
  if (store === storage()) saveSession(next);
  else writeAuth(next, store);
  return next;
}

/** Calls `listener` when the session changes, in this tab or another. Returns the removal. */
export function onSessionChange(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || SESSION_KEYS.has(event.key)) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
