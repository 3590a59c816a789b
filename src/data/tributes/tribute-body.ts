/**
 * A tribute draft made ready to send (the body itself: src/data/outbox/tribute-wire.ts). The
 * text is cleaned and the draft checked by the shared domain rules first,
 * so the form refuses exactly what the server would refuse, with the same words.
 */
import {
  checkTribute,
  cleanTributeText,
  TRIBUTE_MSG,
  type TributeProblem,
} from '../../domain/tribute-rules';
import { UPLOAD_LIMITS, UPLOAD_MSG } from '../../domain/upload-rules';
import { type TributeBody, tributeWireBody } from '../outbox/tribute-wire';

export interface TributeDraft {
  texto: string;
  emojis: readonly string[];
  photo: Blob | null;
  /** Client-made id (newId()): the same draft sent twice creates one tribute. */
  clientId: string;
}

export type { TributeBody };

type BuiltTribute = { ok: true; body: TributeBody } | { ok: false; problem: TributeProblem };

/** True when there is something to send: trimmed text or a photo (spec §5). */
export function hasTributeContent(texto: string, photo: Blob | null): boolean {
  return photo !== null || cleanTributeText(texto) !== '';
}

export function buildTributeBody(draft: TributeDraft): BuiltTribute {
  const comentario = cleanTributeText(draft.texto);
  const emojis = [...draft.emojis];
  const problem = checkTribute({ texto: comentario, emojis, hasImage: draft.photo !== null });
  if (problem) return { ok: false, problem };
  const { photo, clientId } = draft;
  const photoName = photo instanceof File && photo.name ? photo.name : null;
  return { ok: true, body: tributeWireBody({ comentario, emojis, clientId, photo, photoName }) };
}

/** Spec §8: the server's message, else for 429 the rate text, else the generic failure. */
export function tributePostFallback(status: number): string {
  return status === 429 ? TRIBUTE_MSG.tooMany : TRIBUTE_MSG.postFailed;
}

/**
 * A chosen photo checked before it is previewed: an image, not HEIC (the server refuses it) and
 * within the size limit. The server sniffs the real bytes anyway; this only spares a long upload
 * on a weak signal that would be refused. Returns the message to show, or null.
 */
export function checkTributePhoto(file: { type: string; size: number }): string | null {
  const type = file.type.toLowerCase();
  if (type === 'image/heic' || type === 'image/heif') return UPLOAD_MSG.heicUnsupported;
  // Some phones report no type for gallery files: let the server judge those.
  if (type !== '' && !type.startsWith('image/')) return UPLOAD_MSG.notImage;
  if (file.size > UPLOAD_LIMITS.maxFileBytes) return UPLOAD_MSG.fileTooLarge;
  return null;
}
