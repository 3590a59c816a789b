/**
 * A tribute as it travels (the API's contract), built in one place for the outbox's sender and
 * for a tribute sent straight (when the device cannot queue it): JSON {comentario, emojis,
 * clientId} without a photo, multipart with `comentario`, repeated `emojis` parts, `clientId`
 * and one `imagem` with it. Free of DOM-only types: the service worker sends with it too.
 */
import type { TributeRequest } from '../../domain/tribute-types';

export interface TributeWireFields {
  comentario: string;
  emojis: readonly string[];
  /** The item's id: it becomes the tribute's, so a resend is a replay. */
  clientId: string;
  photo: Blob | null;
  photoName: string | null;
}

export type TributeBody =
  | { kind: 'json'; json: TributeRequest }
  | { kind: 'multipart'; body: FormData };

export function tributeWireBody(fields: TributeWireFields): TributeBody {
  const { comentario, clientId, photo } = fields;
  const emojis = [...fields.emojis];
  if (!photo) return { kind: 'json', json: { comentario, emojis, clientId } };
  const form = new FormData();
  form.append('comentario', comentario);
  for (const emoji of emojis) form.append('emojis', emoji);
  form.append('clientId', clientId);
  form.append('imagem', photo, fields.photoName ?? 'foto.jpg');
  return { kind: 'multipart', body: form };
}
