/**
 * What the edit screen starts from when it opens: the device's copy of the record (without
 * signal) and the person's unsent edit of it.
 */
import type { BurialRecord } from '../../domain/burial-types';
import { db } from '../db';
import { unsentEdit } from './edit-outbox';

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
