/**
 * "Never two drains at once" (issue 7), across the page, other tabs and the service worker:
 * one named lock (named-lock.ts: Web Locks, else an in-page guard). Without Web Locks, the
 * per-item claim in outbox-drain.ts still keeps two contexts from sending the same item.
 * The drain takes the lock as an interface so tests can share one between simulated contexts.
 */
import { withNamedLock } from '../named-lock';

export interface DrainLock {
  /** Runs `task` if nobody holds the lock; otherwise answers "busy" at once without waiting. */
  tryRun<T>(task: () => Promise<T>): Promise<T | 'busy'>;
}

export const OUTBOX_LOCK_NAME = 'memorial-outbox';

/** A flag for one context: what tests share between simulated drainers. */
export function memoryLock(): DrainLock {
  let held = false;
  return {
    async tryRun(task) {
      if (held) return 'busy';
      held = true;
      try {
        return await task();
      } finally {
        held = false;
      }
    },
  };
}

/** The lock every context of the origin shares (named-lock.ts). */
export function defaultLock(name: string = OUTBOX_LOCK_NAME): DrainLock {
  return {
    async tryRun(task) {
      const locked = await withNamedLock(name, task);
      return locked.ran ? locked.value : 'busy';
    },
  };
}
