/**
 * Starts the page's outbox runner once someone logged in has something to send (only a session
 * has; src/data/outbox/outbox-watch.ts), and tells it about each login so items stopped by an
 * expired session continue. Imported lazily: it brings Dexie, which the login page's first load
 * does without.
 */
import { useEffect } from 'react';
import { loadOutboxWatch } from '../data/outbox';
import { useSession } from '../data/session';

export function OutboxStarter() {
  const { auth } = useSession();
  const userId = auth?.userId ?? null;
  const token = auth?.token ?? null;

  // A new token for the same person is a new login: restart and resume.
  useEffect(() => {
    if (!userId || !token) return;
    let stop: (() => void) | null = null;
    const ended = new AbortController();
    void loadOutboxWatch().then((watch) => {
      if (ended.signal.aborted) return;
      stop = watch.runWhileUnsent(userId);
    });
    return () => {
      ended.abort();
      stop?.();
    };
  }, [userId, token]);

  return null;
}
