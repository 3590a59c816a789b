/**
 * What an accepted item changes on the device, the same whether the page or the service worker
 * sent it: an edit's answer replaces the stored record (so every screen shows the server's
 * version), a tribute joins the record's offline tribute list.
 */

import type { BurialRecord } from '../../domain/burial-types';
import type { OutboxItem } from '../../domain/outbox-item';
import type { TributeItem } from '../../domain/tribute-types';
import { storeRecord } from '../burials-store';
import type { MemorialDb } from '../db';
import { cacheTribute } from '../tribute-cache';

export async function applySent(db: MemorialDb, item: OutboxItem, result: unknown): Promise<void> {
  if (!result || typeof result !== 'object') return;
  // Work orders' answers are kept by their store (outbox-runner.ts, sw/outbox-sync.ts).
  if ('ordemId' in item) return;
  // An inspection's answer (the case) stays on its item: the grave page shows it from there.
  if (item.kind === 'comisso-inspection') return;
  if (item.kind === 'edit') {
    const record = result as BurialRecord;
    if (record.id) await storeRecord(record, db);
    return;
  }
  const tribute = result as TributeItem;
  if (tribute._id) await cacheTribute(db, tribute);
}
