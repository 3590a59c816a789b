/**
 * The person's inspections of a grave's comisso cases on this device, live (Dexie), and
 * queuing a new one. The grave page shows the unsent ones with their outbox state, and takes
 * a sent one's answer (the case as the server has it) over an older copy of the case.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { InspectionOutboxItem } from '../../domain/outbox-item';
import { db } from '../db';
import { requestDrainSoon } from '../outbox/outbox-runner-lazy';
import { enqueueInspection, type InspectionWork } from './comisso-queue';

/** Kept on the device first, then a drain is asked for; nothing here waits for the server. */
export async function queueInspection(work: InspectionWork): Promise<InspectionOutboxItem> {
  const item = await enqueueInspection(db, work);
  requestDrainSoon();
  return item;
}

/** The person's inspections of this grave, oldest first ([] while loading). */
export function useGraveInspections(sepulturaId: string, userId: string): InspectionOutboxItem[] {
  return (
    useLiveQuery(
      async () =>
        userId
          ? (await db.outbox.toArray())
              .filter(
                (i): i is InspectionOutboxItem =>
                  i.kind === 'comisso-inspection' &&
                  i.sepulturaId === sepulturaId &&
                  i.userId === userId,
              )
              .sort((a, b) => a.createdAt - b.createdAt)
          : [],
      [sepulturaId, userId],
    ) ?? []
  );
}
