/**
 * An inspection of an abandonment case as an outbox item: the date, the note and the photos
 * taken at the grave, kept on the device (photos as Blobs) until the server has the step, and
 * sent with the item id as the Idempotency-Key (POST /api/comisso/:id/etapas applies it once).
 * Field work always goes through the outbox, online too, so a signal lost mid-send loses
 * nothing (docs/decisions/0170-comisso-inspections-offline.md). Notices and editais are the
 * office's desk work and stay direct calls.
 */
import { STEP_LABEL } from './comisso-rules';
import type { ComissoCase } from './comisso-types';

export const COMISSO_ITEM_KIND = 'comisso-inspection' as const;

export interface InspectionPayload {
  /** The inspection's day as typed (DD/MM/AAAA): the server checks it as it would online. */
  data: string;
  nota: string;
  /** Kept as Blobs so they survive closing the browser. */
  fotos: { blob: Blob; name: string }[];
}

/**
 * The API call, made when queued (as the work orders' orderCall): the sender every page loads
 * sends `fields` as multipart text with the payload's photos under `fileField`.
 */
export interface InspectionCall {
  path: string;
  method: 'POST';
  fields: Record<string, string>;
  fileField: 'fotos';
  /** The words of a refusal that came without the server's own. */
  failed: string;
}

export const INSPECTION_TITLE = STEP_LABEL.vistoria;
export const INSPECTION_FAILED = 'Não foi possível registrar a etapa.';

export function inspectionCall(casoId: string, payload: InspectionPayload): InspectionCall {
  const nota = payload.nota.trim();
  return {
    path: `comisso/${encodeURIComponent(casoId)}/etapas`,
    method: 'POST',
    // An empty note is not sent, as the online form leaves it out.
    fields: { tipo: 'vistoria', data: payload.data, ...(nota ? { nota } : {}) },
    fileField: 'fotos',
    failed: INSPECTION_FAILED,
  };
}

/** What the person did, in words, to keep elsewhere before discarding ("Copiar texto"). */
export function inspectionText(payload: InspectionPayload): string {
  const n = payload.fotos.length;
  const fotos = n === 0 ? 'sem fotos' : `${n} ${n === 1 ? 'foto' : 'fotos'}`;
  const nota = payload.nota.trim() ? ` — ${payload.nota.trim()}` : '';
  return `Vistoria de ${payload.data} (${fotos})${nota}`;
}

/** An item as withSentAnswers reads it (the outbox item type lives in ./outbox-item.ts). */
interface Answered {
  casoId: string;
  state: string;
  result?: unknown;
}

/**
 * The cases as loaded, each replaced by a sent inspection's answer when that is newer (a
 * higher version): the step shows as soon as the server has it, without asking again.
 */
export function withSentAnswers(cases: ComissoCase[], items: readonly Answered[]): ComissoCase[] {
  return cases.map((k) =>
    items.reduce<ComissoCase>((best, i) => {
      const answer = i.state === 'sent' ? (i.result as ComissoCase | undefined) : undefined;
      return i.casoId === k.id && answer?.id === k.id && answer.version > best.version
        ? answer
        : best;
    }, k),
  );
}
