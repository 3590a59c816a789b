/**
 * What the edit screen starts from when it opens: the record fresh from the server, or without
 * signal the device's copy of it, and the person's unsent edit of it. Which of the two is this
 * door's decision, not the screen's.
 */
import type { BurialRecord, ConcessionarioRef } from '../../domain/burial-types';
import type { EditOutboxItem } from '../../domain/outbox-item';
import { db } from '../db';
import { ApiFailure } from '../failure';
import { fetchBurial } from './burial-calls';
import { unsentEdit } from './edit-outbox';

/** A record opened for editing. */
export interface OpenedForEdit {
  record: BurialRecord;
  /** Read from the device's copy: the server was not reached (who manages it is unknown). */
  fromDevice?: boolean;
  /** The person's unsent edit when the form was opened: the form starts from it. */
  pendingAtLoad?: EditOutboxItem;
  /** Who manages the record (the admin's assignment panel changes it). */
  assigned: ConcessionarioRef[];
}

/**
 * The record fresh from the server (its `version` and who is assigned), or without signal the
 * device's copy (the server still decides on sending); with the person's unsent edit. Any
 * other failure, or no signal and no copy, is thrown as it came.
 */
export async function openForEdit(id: string, userId: string | undefined): Promise<OpenedForEdit> {
  try {
    const record = await fetchBurial(id);
    const pendingAtLoad = await pendingEditOf(id, userId);
    return { record, pendingAtLoad, assigned: record.concessionariosInfo ?? [] };
  } catch (err) {
    const stored = err instanceof ApiFailure && err.offline ? await storedRecord(id) : null;
    if (!stored) throw err;
    const pendingAtLoad = await pendingEditOf(id, userId);
    return { record: stored, fromDevice: true, pendingAtLoad, assigned: [] };
  }
}

/** The device's full copy of a record, when it holds one with its version (visit pack, visit). */
export async function storedRecord(id: string): Promise<BurialRecord | null> {
  const row = await db.sepultados.get(id).catch(() => undefined);
  if (!row?.full || typeof row.version !== 'number') return null;
  return { ...row, images: row.images ?? [], thumbs: row.thumbs ?? [] } as BurialRecord;
}

/** Read once when the form opens, so a drain finishing meanwhile never resets typed input. */
export async function pendingEditOf(id: string, userId: string | undefined) {
  if (!userId) return undefined;
  const items = await db.outbox
    .where('sepultadoId')
    .equals(id)
    .toArray()
    .catch(() => []);
  return unsentEdit(items.filter((i) => i.userId === userId));
}
