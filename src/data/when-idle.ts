/**
 * Runs work the screen does not wait for once the main thread is idle, not in the middle of a
 * first load: on a cheap phone each piece of it (Dexie's first open, the outbox's first
 * drain, the session's copy for the service worker) made a long task of 50–80 ms beside the
 * page's own rendering (docs/decisions.md: first-visit stability). The timeout bounds the wait
 * on a page that is never idle; Safari has no requestIdleCallback and gets a short delay.
 */
const IDLE_TIMEOUT_MS = 3_000;
const NO_IDLE_DELAY_MS = 500;

export function whenIdle(task: () => void): { cancel: () => void } {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT_MS });
    return { cancel: () => cancelIdleCallback(id) };
  }
  const id = setTimeout(task, NO_IDLE_DELAY_MS);
  return { cancel: () => clearTimeout(id) };
}

/** whenIdle as a promise. */
export function idle(): Promise<void> {
  return new Promise((resolve) => whenIdle(resolve));
}
