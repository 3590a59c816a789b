/**
 * Never two syncs at once, across tabs too: the Web Locks API where the browser has it (one
 * holder per origin), and an in-page guard otherwise (old Safari, the unit tests' Node).
 * Background syncs pass `wait: false` and are skipped while another runs (it brings the same
 * changes); the visit pack waits its turn.
 */
const LOCK_NAME = 'memorial-sync';

let inPage: Promise<unknown> | null = null;

export type Locked<T> = { ran: true; value: T } | { ran: false };

export async function withSyncLock<T>(
  fn: () => Promise<T>,
  options: { wait?: boolean } = {},
): Promise<Locked<T>> {
  const wait = options.wait ?? false;
  while (inPage) {
    if (!wait) return { ran: false };
    await inPage.catch(() => undefined);
  }
  const run = async (): Promise<Locked<T>> => {
    const job = fn();
    inPage = job;
    try {
      return { ran: true, value: await job };
    } finally {
      inPage = null;
    }
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return run();
  return locks.request(LOCK_NAME, { ifAvailable: !wait }, async (lock) =>
    lock ? run() : { ran: false as const },
  );
}

/** True while a sync runs in this page (the pack screen shows it). */
export function syncRunningHere(): boolean {
  return inPage !== null;
}
