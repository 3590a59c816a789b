/**
 * Starts the page's outbox sender for someone logged in once they have writes not yet on the
 * server, and keeps it for the session: most first loads have nothing to send, and then the
 * sender's code (its drain, HTTP and lock) is never downloaded. A write queued later shows in
 * the live count and starts it (the write also asks for a drain itself, outbox-runner-lazy.ts).
 */
import { openDevice } from '../device/device-open';
import { unsentItems } from './outbox-queue';

/** Returns the stop (logout, another login, the page leaving). */
export function runWhileUnsent(userId: string): () => void {
  let stopped = false;
  let stopRunner: (() => void) | null = null;
  let subscription: { unsubscribe(): void } | null = null;
  // Once: the count is no longer watched, and a failed load is tried again only on `online`.
  const start = () => {
    subscription?.unsubscribe();
    void import('./outbox-runner').then(
      (runner) => {
        if (!stopped) stopRunner = runner.startForSession(userId);
      },
      () => {
        // Its code could not come (no signal before the worker kept it): again when the signal
        // returns, which is also when there is anything to send.
        if (!stopped) window.addEventListener('online', start, { once: true });
      },
    );
  };
  void openDevice().then(({ db, liveQuery }) => {
    if (stopped) return;
    subscription = liveQuery(() => unsentItems(db, userId)).subscribe({
      next: (items) => {
        if (items.length > 0) start();
      },
      // The store cannot be read: start the sender, which reports what it finds.
      error: start,
    });
  });
  return () => {
    stopped = true;
    subscription?.unsubscribe();
    window.removeEventListener('online', start);
    stopRunner?.();
  };
}
