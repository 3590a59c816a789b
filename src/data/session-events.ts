/**
 * "The server ended this session" as one page-wide signal (docs/decisions.md, "Outcomes"): any call that
 * gets a 401 for the stored token — a screen's request through ky, or the outbox drained by the
 * page — announces it, and the session provider ends the session at once, so the navbar and the
 * guards change without a reload. Kept in data/ so the HTTP client and the outbox, which may
 * not import features, can announce it.
 */
import { readAuth } from './session-storage';

export type SessionEnd = 'session-expired' | 'account-gone';

const EVENT = 'memorial:session-ended';

interface Detail {
  kind: SessionEnd;
  /** Whose session it was (read before anything clears it). */
  userId: string | null;
}

export function announceSessionEnd(kind: SessionEnd): void {
  if (typeof window === 'undefined') return;
  const userId = readAuth()?.userId ?? null;
  window.dispatchEvent(new CustomEvent<Detail>(EVENT, { detail: { kind, userId } }));
}

/** Returns the removal. */
export function onSessionEnd(
  listener: (kind: SessionEnd, userId: string | null) => void,
): () => void {
  const handler = (event: Event) => {
    const { kind, userId } = (event as CustomEvent<Detail>).detail;
    listener(kind, userId);
  };
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}
