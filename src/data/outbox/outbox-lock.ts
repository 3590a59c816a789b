/**
 * "Never two drains at once" (issue 7), across the page, other tabs and the service worker.
 * Where the browser has Web Locks (Chromium, Firefox, Safari ≥ 15.4 — also inside service
 * workers) one named lock is shared by every context of the origin. Without it, a flag guards
 * this context, and the per-item claim in outbox-drain.ts keeps two contexts from sending the
 * same item.
 */
export interface DrainLock {
  /** Runs `task` if nobody holds the lock; otherwise answers "busy" at once without waiting. */
  tryRun<T>(task: () => Promise<T>): Promise<T | 'busy'>;
}

export const OUTBOX_LOCK_NAME = 'memorial-outbox';

/** One context's flag (also what tests share between two simulated drainers). */
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

interface LocksLike {
  request<T>(
    name: string,
    options: { ifAvailable: boolean },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

export function webLock(locks: LocksLike, name: string = OUTBOX_LOCK_NAME): DrainLock {
  const local = memoryLock();
  return {
    tryRun(task) {
      return local.tryRun(() =>
        locks.request(name, { ifAvailable: true }, async (lock) => (lock ? task() : 'busy')),
      );
    },
  };
}

/** The best lock this context offers. */
export function defaultLock(): DrainLock {
  const locks = (globalThis.navigator as { locks?: LocksLike } | undefined)?.locks;
  return locks ? webLock(locks) : memoryLock();
}
