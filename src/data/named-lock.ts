/**
 * One holder at a time for a named job, across tabs and the service worker: the Web Locks API
 * where the browser has it (one holder per origin and name), and an in-page guard otherwise
 * (old Safari, the unit tests' Node). Used by the record sync ("memorial-sync") and the outbox
 * drain ("memorial-outbox"). With `wait: false` a busy lock answers at once without running.
 */
export type Locked<T> = { ran: true; value: T } | { ran: false };

const inPage = new Map<string, Promise<unknown>>();

export async function withNamedLock<T>(
  name: string,
  fn: () => Promise<T>,
  options: { wait?: boolean } = {},
): Promise<Locked<T>> {
  const wait = options.wait ?? false;
  for (let held = inPage.get(name); held; held = inPage.get(name)) {
    if (!wait) return { ran: false };
    await held.catch(() => undefined);
  }
  const run = async (): Promise<Locked<T>> => {
    const job = fn();
    inPage.set(name, job);
    try {
      return { ran: true, value: await job };
    } finally {
      inPage.delete(name);
    }
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return run();
  return locks.request(name, { ifAvailable: !wait }, async (lock) =>
    lock ? run() : { ran: false as const },
  );
}
