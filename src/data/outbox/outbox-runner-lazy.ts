/**
 * The outbox runner (drain, HTTP, lock) loaded on first need instead of with the page: a
 * visitor who only reads a record — the QR landing — never downloads it. Callers put the item
 * in the outbox first, so a failed load (no signal before the service worker cached the
 * chunk) loses nothing: the item waits for the drain at the next start or when the signal
 * returns, and meanwhile reads as not yet sent.
 */
import type { OutboxItem } from '../../domain/outbox-item';

type Runner = typeof import('./outbox-runner');

let loading: Promise<Runner> | null = null;

function runner(): Promise<Runner> {
  if (!loading) {
    loading = import('./outbox-runner');
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

export function requestDrainSoon(): void {
  runner().then(
    (r) => r.requestDrain(),
    () => undefined,
  );
}

/** As outbox-runner's waitForOutcome; when the runner cannot load, the item as queued. */
export async function waitForOutcomeSoon(
  queued: OutboxItem,
  timeoutMs: number,
): Promise<OutboxItem | undefined> {
  try {
    return (await runner()).waitForOutcome(queued, timeoutMs);
  } catch {
    return queued;
  }
}
