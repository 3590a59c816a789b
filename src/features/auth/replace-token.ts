/**
 * After the person changes their own password the server ends every session (token_version + 1)
 * and answers a fresh token for this one. It must replace the stored token at once, before any
 * other request goes out with the dead one; the caller then runs session.refresh(), which
 * re-reads the user and mirrors the session into IndexedDB for the service worker.
 */
import { readAuth, type StoredAuth, writeAuth } from '../../data/session-storage';

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

/** Stores `token` as the session token, keeping the rest of the stored session. */
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
  writeAuth(next, store);
  return next;
}
