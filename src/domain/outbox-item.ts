/**
 * What the outbox holds. Each item is a write the person made — a tribute, a record edit,
 * field work on an order or an inspection of a comisso case — kept on the device until the server has it. The id is made here (newId()) and is also
 * the idempotency key, so however often an item is sent (a lost answer, the page and the service
 * worker both waking up) the server applies it once.
 */

import { SEP_MSG } from './burial-messages';
import type { BurialField } from './burial-rules';
import type { COMISSO_ITEM_KIND, InspectionCall, InspectionPayload } from './comisso-outbox';
import type { OrderCall, OrderItemKind, OrderPayloads } from './order-outbox';
import type { CallTexts } from './outcome';
import type { EditConflictAnswer, FieldValue } from './sync-types';
import { TRIBUTE_MSG } from './tribute-rules';

export interface TributePayload {
  comentario: string;
  emojis: string[];
  photo: Blob | null;
  photoName: string | null;
}

export interface EditPayload {
  /** The record version the edit started from (If-Match): the server merges from there. */
  version: number;
  /** Changed fields as the API takes them (numbers as numbers, null to clear). */
  fields: Partial<Record<BurialField, FieldValue>>;
  /** Photo file names to remove. */
  removeImages: string[];
  /** New photos, kept as Blobs so they survive closing the browser. */
  photos: { blob: Blob; name: string }[];
  /** The record's name, to list the item without reading the record. */
  nome: string;
}

export type OutboxState = 'pending' | 'sending' | 'sent' | 'attention';

/** Why an item needs the person. */
export type OutboxProblem =
  /** 401: the session ended; it continues by itself after the same person logs in again. */
  | { kind: 'login' }
  /** 401 account-deleted: nobody can log in as that person again; copy the text or discard. */
  | { kind: 'account-gone' }
  /** 409 on an edit: fields changed on both sides; the review screen lets the person choose. */
  | { kind: 'conflict'; answer: EditConflictAnswer }
  /** Any other refusal (400/403/404/413/415/422…): fix or discard. */
  | { kind: 'refused'; status: number; field?: string };

interface ItemBase {
  id: string;
  sepultadoId: string;
  userId: string;
  state: OutboxState;
  /** pt-BR text shown with the state (the server's message when it refused). */
  reason?: string;
  problem?: OutboxProblem;
  /**
   * Why a "pending" item waits when it is not the signal: the server failed (5xx), asked to
   * wait (429) or was busy (503). Undefined: no answer at all, "Aguardando conexão".
   */
  waitingFor?: 'server-error' | 'rate-limited' | 'busy';
  attempts: number;
  /** pending: not before this time; sending: the claim expires then (a drain that died). */
  nextAttemptAt: number;
  createdAt: number;
  updatedAt: number;
}

export interface TributeOutboxItem extends ItemBase {
  kind: 'tribute';
  payload: TributePayload;
  /** The server's tribute once sent (its id is this item's id). */
  result?: unknown;
}

export interface EditOutboxItem extends ItemBase {
  kind: 'edit';
  payload: EditPayload;
  /** The record as the server answered the edit. */
  result?: unknown;
}

/**
 * Field work on a work order (./order-outbox.ts). `sepultadoId` is the order's record or '';
 * `ordemId` says which order, and `rotulo` names it in "Envios" without reading the order.
 */
export type OrderOutboxItem = {
  [K in OrderItemKind]: ItemBase & {
    kind: K;
    ordemId: string;
    rotulo: string;
    /** The order's time when the work was done: a 409 says "remarcou" only if it moved. */
    agendadaPara: string;
    /** The API call, made when queued (./order-outbox.ts orderCall). */
    call: OrderCall;
    payload: OrderPayloads[K];
    /** The order as the server answered. */
    result?: unknown;
  };
}[OrderItemKind];

/**
 * An inspection of an abandonment case (./comisso-outbox.ts). `sepultadoId` is ''; `casoId`
 * says which case, `sepulturaId` and `rotulo` name the grave in "Envios".
 */
export interface InspectionOutboxItem extends ItemBase {
  kind: typeof COMISSO_ITEM_KIND;
  casoId: string;
  sepulturaId: string;
  rotulo: string;
  /** The API call, made when queued (./comisso-outbox.ts inspectionCall). */
  call: InspectionCall;
  payload: InspectionPayload;
  /** The case as the server answered. */
  result?: unknown;
}

export type OutboxItem =
  | TributeOutboxItem
  | EditOutboxItem
  | OrderOutboxItem
  | InspectionOutboxItem;

/** The four states the person sees (exact words). */
export const OUTBOX_STATE_TEXT: Record<OutboxState, string> = {
  pending: 'Aguardando conexão',
  sending: 'Enviando…',
  sent: 'Enviado',
  attention: 'Precisa de atenção',
};

/**
 * Each kind's spec §8 texts, for answers that arrive while nobody waits on the form (the work
 * orders' kinds have theirs in ./order-outbox.ts, out of the chunk every page loads).
 */
export const OUTBOX_CALL_TEXTS: Record<'tribute' | 'edit', CallTexts> = {
  tribute: { fallback: TRIBUTE_MSG.postFailed, 429: TRIBUTE_MSG.tooMany },
  edit: { fallback: SEP_MSG.updateFailed, 403: SEP_MSG.forbiddenEdit },
};

export const OUTBOX_MSG = {
  login: 'Sessão expirada: faça login novamente. O envio continua depois que você entrar.',
  tributeQueued: 'Homenagem guardada no aparelho. Será enviada quando houver conexão.',
  editQueued: 'Alteração guardada no aparelho. Será enviada quando houver conexão.',
  discarded: 'Envio descartado.',
  nothingLeft: 'Nada a enviar: você manteve os valores atuais do registro.',
  resolved: 'Escolha registrada. O envio continua.',
  quota: 'Sem espaço no aparelho para guardar este envio. Libere espaço e tente de novo.',
} as const;
