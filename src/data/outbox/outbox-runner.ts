/**
 * The page's side of the outbox: drains on start, when the signal comes back, when the tab is
 * shown again, after a login, right after something is queued, and on a timer for the earliest
 * backoff. It also asks the browser for a Background Sync (where there is one, e.g. Chromium
 * on Android) so the service worker sends the queue even if the page is closed; on Safari and
 * Firefox the page's triggers do it alone. Both use the same lock (outbox-lock.ts).
 */

import type { OutboxItem } from '../../domain/outbox-item';
import { OUTCOME_MSG } from '../../domain/outcome';
import { OUTBOX_SYNC_TAG } from '../../domain/sw-protocol';
import { db } from '../db';
import { announceSessionEnd, onSessionEnd } from '../session-events';
import { readAuth } from '../session-storage';
import { type DrainReport, drainOutbox } from './outbox-drain';
import { applySent } from './outbox-effects';
import { httpTransport } from './outbox-http';
import { defaultLock } from './outbox-lock';
import { markAccountGone, resumeAfterLogin, wakeWaiting } from './outbox-queue';

const lock = defaultLock();
const transport = httpTransport();
let timer: ReturnType<typeof setTimeout> | null = null;

function schedule(at: number) {
  if (timer) clearTimeout(timer);
  const wait = Math.max(1_000, Math.min(at - Date.now(), 10 * 60_000));
  timer = setTimeout(() => void drainNow(), wait);
}

/** One drain now; when another context holds the lock, look again shortly. */
async function drainNow(): Promise<DrainReport | 'busy'> {
  const result = await drainOutbox({
    db,
    transport,
    lock,
    session: async () => {
      const auth = readAuth();
      return auth ? { token: auth.token, userId: auth.userId } : null;
    },
    // A work order's answer stays on its item; the order screens keep it (use-orders.ts).
    onSent: (item, answer) => applySent(db, item, answer),
    onStopped: (outcome) => {
      if (outcome.kind === 'session-expired' || outcome.kind === 'account-gone') {
        announceSessionEnd(outcome.kind);
      }
    },
  }).catch(() => 'busy' as const);
  if (result === 'busy') schedule(Date.now() + 1_500);
  else if (result.nextDueAt !== null) schedule(result.nextDueAt);
  return result;
}

async function registerBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const registration = (await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 1_000)),
    ])) as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | null;
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync here (Safari, Firefox): the page's triggers cover it.
  }
}

/** After queuing: send now if we can, and let the service worker finish it if the page goes. */
export function requestDrain(): void {
  void registerBackgroundSync();
  void drainNow();
}

/** After a login: items that stopped on a 401 continue. */
export async function afterLogin(userId: string): Promise<void> {
  await resumeAfterLogin(db, userId).catch(() => undefined);
  requestDrain();
}

/**
 * Resolves with the item once it is sent, needs the person, or has just failed for lack of
 * signal (a new attempt ended back in "pending"); or with its state at the timeout.
 */
export function waitForOutcome(
  queued: Pick<OutboxItem, 'id' | 'attempts'>,
  timeoutMs: number,
): Promise<OutboxItem | undefined> {
  // `queued` is the item as it was before the drain was asked for: its attempts are the mark.
  const attemptsAtStart = queued.attempts;
  return new Promise((resolve) => {
    const started = Date.now();
    const look = async () => {
      const item = await db.outbox.get(queued.id).catch(() => undefined);
      const settled = !item || item.state === 'sent' || item.state === 'attention';
      const triedAndWaiting = item?.state === 'pending' && item.attempts > attemptsAtStart;
      if (settled || triedAndWaiting || Date.now() - started >= timeoutMs) {
        resolve(item);
        return;
      }
      setTimeout(() => void look(), 120);
    };
    void look();
  });
}

/** Installs the page triggers once; returns their removal (tests, hot reload). */
/**
 * Starts the runner for someone logged in and resumes their items, once the page is idle (at
 * most 3 s later; Safari, without requestIdleCallback, after 0.5 s): the first drain opens
 * Dexie and reads the outbox, which in the middle of a first load made long tasks on a cheap
 * phone beside the screen's own work (docs/decisions/0057-first-visit-long-tasks.md).
 */
export function startForSession(userId: string): () => void {
  let stop: (() => void) | null = null;
  const start = () => {
    stop = startOutboxRunner();
    void afterLogin(userId);
  };
  const idle = typeof requestIdleCallback === 'function';
  const id = idle ? requestIdleCallback(start, { timeout: 3_000 }) : window.setTimeout(start, 500);
  return () => {
    if (idle) cancelIdleCallback(id);
    else clearTimeout(id);
    stop?.();
  };
}

export function startOutboxRunner(): () => void {
  // Signal back: what waited out a backoff goes now, not when its timer says.
  const onOnline = () => void wakeWaiting(db).finally(() => void drainNow());
  const onVisible = () => {
    if (document.visibilityState === 'visible') void drainNow();
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  const stopListening = onSessionEnd((kind, userId) => {
    if (kind === 'account-gone' && userId) {
      void markAccountGone(db, userId, OUTCOME_MSG.accountGone).catch(() => undefined);
    }
  });
  void wakeWaiting(db).finally(() => void drainNow());
  return () => {
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
    stopListening();
    if (timer) clearTimeout(timer);
  };
}
