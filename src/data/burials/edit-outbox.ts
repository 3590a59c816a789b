/**
 * Record edits through the outbox: the form's payload becomes an outbox item (files
 * as Blobs, so they survive closing the browser), and an unsent edit is shown over the stored
 * record — on the detail page and as the edit form's starting point — until the server has it.
 * Pure functions, tested on their own.
 */

import {
  BURIAL_FIELDS,
  type BurialField,
  type BurialInput,
  normalizeBurial,
} from '../../domain/burial-rules';
import type { EditOutboxItem, EditPayload, OutboxItem } from '../../domain/outbox-item';
import type { FieldValue } from '../../domain/sync-types';
import type { LocalBurial } from '../db';
import type { BurialPayload } from './burial-body';

const FIELD_SET: ReadonlySet<string> = new Set(BURIAL_FIELDS);

export function editPayloadFrom(form: BurialPayload, version: number, nome: string): EditPayload {
  const fields: Partial<Record<BurialField, FieldValue>> = {};
  const removeImages: string[] = [];
  const photos: EditPayload['photos'] = [];
  if (form.kind === 'json') {
    for (const [key, value] of Object.entries(form.body)) {
      if (key === 'removeImages' && Array.isArray(value)) removeImages.push(...value);
      else if (FIELD_SET.has(key) && !Array.isArray(value)) {
        fields[key as BurialField] = value;
      }
    }
  } else {
    for (const [key, value] of form.body.entries()) {
      if (key === 'images' && typeof value !== 'string') {
        photos.push({ blob: value, name: value.name || 'foto.jpg' });
      } else if (key === 'removeImages' && typeof value === 'string') removeImages.push(value);
      else if (FIELD_SET.has(key) && typeof value === 'string') {
        fields[key as BurialField] = value === '' ? null : value;
      }
    }
  }
  return { version, fields, removeImages, photos, nome };
}

/** The person's unsent edit of this record, if any (the outbox keeps at most one joinable). */
export function unsentEdit(items: OutboxItem[]): EditOutboxItem | undefined {
  return items.find((i): i is EditOutboxItem => i.kind === 'edit' && i.state !== 'sent');
}

/**
 * The stored record as the person's unsent edit will make it: changed fields in stored form
 * (dates ISO, numbers parsed) and removed photos gone. New photos are not shown here: they
 * have no file name on the server yet.
 */
export function withPendingEdit<T extends Pick<LocalBurial, 'images' | 'thumbs'>>(
  row: T,
  edit: EditOutboxItem | undefined,
): T {
  if (!edit) return row;
  const values = normalizeBurial(edit.payload.fields as BurialInput);
  const removed = new Set(edit.payload.removeImages);
  const images = row.images ?? [];
  const keep = images.map((file) => !removed.has(file));
  return {
    ...row,
    ...values,
    images: images.filter((_, i) => keep[i]),
    thumbs: (row.thumbs ?? []).filter((_, i) => keep[i]),
  };
}
