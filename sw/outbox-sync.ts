/// <reference lib="webworker" />
/**
 * The service worker's side of the outbox: on a Background Sync event it drains the
 * queue with the session the page mirrored into IndexedDB, so a tribute written at the
 * graveside is sent when the phone finds signal even if the app was closed. It shares the
 * drain and its Web Lock with the page (never two drains at once). If items are still waiting
 * for the network, the event fails so the browser schedules another attempt.
 */
import { MemorialDb } from '../src/data/db';
import { drainOutbox } from '../src/data/outbox/outbox-drain';
import { applySent } from '../src/data/outbox/outbox-effects';
import { httpTransport } from '../src/data/outbox/outbox-http';
import { defaultLock } from '../src/data/outbox/outbox-lock';
import { readMirror } from '../src/data/session/session-mirror';
import { keepOrder } from '../src/data/work-orders/order-store';
import { OUTBOX_SYNC_TAG } from '../src/domain/sw-protocol';

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  tag: string;
}

export function registerOutboxSync(): void {
  const db = new MemorialDb();
  const lock = defaultLock();
  const transport = httpTransport();

  async function drain(): Promise<void> {
    const result = await drainOutbox({
      db,
      transport,
      lock,
      session: () => readMirror(db),
      onSent: (item, answer) =>
        'ordemId' in item ? keepOrder(db, answer, item.userId) : applySent(db, item, answer),
      // A refused order write carries the order as it is now (409: cancelled, concluded).
      onRefused: async (item, outcome) => {
        if ('ordemId' in item && outcome.kind === 'refused') {
          await keepOrder(db, outcome.body.atual, item.userId);
        }
      },
    });
    // The page is draining: it owns the work now.
    if (result === 'busy') return;
    if (result.waiting > 0) throw new Error('outbox: items still waiting for the network');
  }

  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(drain());
  });
}
