/**
 * Queuing an inspection of a comisso case (src/domain/comisso-outbox.ts): one Dexie write,
 * so a drain running meanwhile sees it whole or not at all. The id is made by the caller
 * (newId) and is the Idempotency-Key. Inspections are never joined: each is a step of its own.
 */
import {
  COMISSO_ITEM_KIND,
  type InspectionPayload,
  inspectionCall,
} from '../../domain/comisso-outbox';
import type { InspectionOutboxItem } from '../../domain/outbox-item';
import type { MemorialDb } from '../db';

export interface InspectionWork {
  id: string;
  userId: string;
  casoId: string;
  sepulturaId: string;
  /** The grave in words ("Quadra 12 · 458"), to list the item without reading the grave. */
  rotulo: string;
  payload: InspectionPayload;
}

export async function enqueueInspection(
  db: MemorialDb,
  work: InspectionWork,
  now: number = Date.now(),
): Promise<InspectionOutboxItem> {
  const item: InspectionOutboxItem = {
    id: work.id,
    sepultadoId: '',
    userId: work.userId,
    kind: COMISSO_ITEM_KIND,
    casoId: work.casoId,
    sepulturaId: work.sepulturaId,
    rotulo: work.rotulo,
    call: inspectionCall(work.casoId, work.payload),
    payload: work.payload,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
  };
  await db.outbox.put(item);
  return item;
}
