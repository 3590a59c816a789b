/**
 * Starts the page's outbox runner once someone is logged in (only a session has anything to
 * send), and tells it about each login so items stopped by an expired session continue. The
 * runner is imported lazily: it brings Dexie, which the login page's first load does without.
 */
import { useEffect } from 'react';
import { loadOutboxRunner } from '../data/outbox';
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
    void loadOutboxRunner().then((runner) => {
      if (ended.signal.aborted) return;
      stop = runner.startForSession(userId);
    });
    return () => {
      ended.abort();
      stop?.();
    };
  }, [userId, token]);

  return null;
}
