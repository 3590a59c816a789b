/**
 * "Never two drains at once", across the page, other tabs and the service worker:
 * one named lock (named-lock.ts: Web Locks, else an in-page guard). Without Web Locks, the
 * per-item claim in outbox-drain.ts still keeps two contexts from sending the same item.
 * The drain takes the lock as an interface so tests can share one between simulated contexts.
 */
import { withNamedLock } from '../named-lock';

export interface DrainLock {
  /** Runs `task` if nobody holds the lock; otherwise answers "busy" at once without waiting. */
  tryRun<T>(task: () => Promise<T>): Promise<T | 'busy'>;
  /**
   * True when holding the lock proves that no other context (tab, service worker) is draining:
   * the browser's Web Locks. Then an item still "sending" was claimed by a drain that died
   * (the tab was closed or reloaded mid-send) and is taken again at once, not after its lease.
   */
  readonly spansContexts: boolean;
}

const OUTBOX_LOCK_NAME = 'memorial-outbox';

/**
 * A flag: what tests share between simulated drainers. `spansContexts` says whether the tests
 * treat it as the browser's cross-context lock (every drainer shares it) or not.
 */
export function memoryLock(spansContexts = false): DrainLock {
  let held = false;
  return {
    spansContexts,
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
    // The in-page guard (no Web Locks) knows nothing of other tabs: leases decide there.
    spansContexts: typeof navigator !== 'undefined' && navigator.locks !== undefined,
    async tryRun(task) {
      const locked = await withNamedLock(name, task);
      return locked.ran ? locked.value : 'busy';
    },
  };
}
