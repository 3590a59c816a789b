/**
 * What an accepted item changes on the device, the same whether the page or the service worker
 * sent it: an edit's answer replaces the stored record (so every screen shows the server's
 * version), a tribute joins the record's offline tribute list.
 */

import type { BurialRecord } from '../../domain/burial-types';
import type { OutboxItem } from '../../domain/outbox-item';
import type { Outcome } from '../../domain/outcome';
import type { TributeItem } from '../../domain/tribute-types';
import { storeRecord } from '../burials-store';
import type { MemorialDb } from '../db';
import { cacheTribute } from '../tribute-cache';
import { orderIn } from './outbox-http';

export async function applySent(db: MemorialDb, item: OutboxItem, result: unknown): Promise<void> {
  if (!result || typeof result !== 'object') return;
  if ('ordemId' in item) {
    // Every order call answers the order: the device's copy becomes the server's. Its store
    // is loaded only then, so the runner every page starts carries none of it.
    const { isOrder, storeOrder } = await import('../work-orders/order-store');
    if (isOrder(result)) await storeOrder(db, result, item.userId);
    return;
  }
  if (item.kind === 'edit') {
    const record = result as BurialRecord;
    if (record.id) await storeRecord(record, db);
    return;
  }
  const tribute = result as TributeItem;
  if (tribute._id) await cacheTribute(db, tribute);
}

/** A refusal of field work that carried the order (409): the device shows it as it is now. */
export async function applyRefused(db: MemorialDb, item: OutboxItem, outcome: Outcome) {
  if (!('ordemId' in item) || outcome.kind !== 'refused') return;
  const atual = orderIn(outcome.body);
  if (!atual) return;
  const { isOrder, storeOrder } = await import('../work-orders/order-store');
  if (isOrder(atual)) await storeOrder(db, atual, item.userId);
}
