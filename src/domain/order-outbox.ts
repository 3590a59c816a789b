/**
 * The crew's field work on an order, as outbox items: a milestone ticked, a comment, a photo,
 * the notes edited, the order concluded. Each is one write to the order's API (schemas in
 * ./schemas/work-order.ts), queued on the device first so it works without signal, and sent
 * with its item id as the Idempotency-Key (the server applies it once however often it comes).
 *
 * The local view of an order is the server's copy with the unsent items laid over it
 * (orderOverlay): a tick shows at once, marked "Aguardando conexão" until the server has it.
 */
import { formatWallTime } from './order-time';
import { needsDestination, ORDER_MSG } from './work-order-rules';
import type { Destination, Order } from './work-order-types';

export interface TickPayload {
  marcoId: string;
  marcoNome: string;
  /** When it was done, the device's clock (ISO). */
  feitoEm: string;
}

export interface CommentPayload {
  texto: string;
  feitoEm: string;
}

export interface PhotoPayload {
  /** Kept as a Blob so it survives closing the browser. */
  blob: Blob;
  name: string;
  /** When and where the photo was taken (ISO; null position when the device gave none). */
  tiradaEm: string;
  latitude: number | null;
  longitude: number | null;
}

export interface NotesPayload {
  observacoes: string | null;
  /** The order version the change started from: the server merges from there. */
  version: number;
}

export interface ConcludePayload {
  destino: Destination | null;
  observacoes: string | null;
  feitoEm: string;
}

export const ORDER_ITEM_KINDS = [
  'order-tick',
  'order-comment',
  'order-photo',
  'order-edit',
  'order-conclude',
] as const;
export type OrderItemKind = (typeof ORDER_ITEM_KINDS)[number];

export interface OrderPayloads {
  'order-tick': TickPayload;
  'order-comment': CommentPayload;
  'order-photo': PhotoPayload;
  'order-edit': NotesPayload;
  'order-conclude': ConcludePayload;
}

/** What each order item shows in "Envios" and in the order's header. */
export const ORDER_ITEM_TITLE: Record<OrderItemKind, string> = {
  'order-tick': 'Etapa marcada',
  'order-comment': 'Comentário',
  'order-photo': 'Foto',
  'order-edit': 'Observações',
  'order-conclude': 'Conclusão',
};

export const ORDER_ITEM_FAILED: Record<OrderItemKind, string> = {
  'order-tick': 'Não foi possível marcar a etapa.',
  'order-comment': 'Não foi possível enviar o comentário.',
  'order-photo': 'Não foi possível enviar a foto.',
  'order-edit': 'Não foi possível salvar as observações.',
  'order-conclude': 'Não foi possível concluir a ordem de serviço.',
};

/**
 * The API call of an item, made when it is queued: the outbox's sender (which every page
 * loads) only sends `fields` as JSON, or as multipart text fields with the photo `file`.
 */
export interface OrderCall {
  path: string;
  method: 'POST' | 'PATCH';
  fields: Record<string, unknown>;
  /** A photo's Blob travels in the payload; its name here says it is one. */
  file?: string;
  /** The words of a refusal that came without the server's own (ORDER_ITEM_FAILED). */
  failed: string;
}

export function orderCall<K extends OrderItemKind>(
  kind: K,
  ordemId: string,
  payload: OrderPayloads[K],
): OrderCall {
  const failed = ORDER_ITEM_FAILED[kind];
  const base = `ordens/${encodeURIComponent(ordemId)}`;
  switch (kind) {
    case 'order-tick': {
      const p = payload as TickPayload;
      return {
        path: `${base}/marcos/${encodeURIComponent(p.marcoId)}`,
        method: 'POST',
        fields: { feito: true, feitoEm: p.feitoEm },
        failed,
      };
    }
    case 'order-comment':
      return { path: `${base}/comentarios`, method: 'POST', fields: { ...payload }, failed };
    case 'order-edit':
      return { path: base, method: 'PATCH', fields: { ...payload }, failed };
    case 'order-conclude':
      return { path: `${base}/conclusao`, method: 'POST', fields: { ...payload }, failed };
  }
  const p = payload as PhotoPayload;
  return {
    path: `${base}/fotos`,
    method: 'POST',
    // Without a position the fields are left out (the server's form takes no empty number).
    fields: {
      tiradaEm: p.tiradaEm,
      ...(p.latitude !== null && p.longitude !== null
        ? { latitude: p.latitude, longitude: p.longitude }
        : {}),
    },
    file: p.name,
    failed,
  };
}

export function isOrderKind(kind: string): kind is OrderItemKind {
  return (ORDER_ITEM_KINDS as readonly string[]).includes(kind);
}

export const ORDER_OUTBOX_MSG = {
  queued: 'Guardado no aparelho. Será enviado quando houver conexão.',
  gone: `${ORDER_MSG.notFound} O que você fez continua guardado neste aparelho.`,
} as const;

/**
 * The plain words for a refusal of field work: the office cancelled the order, moved it to
 * another time, or deleted it. `atual` is the order as the device has it now (the 409 brought
 * the server's copy), `before` the work as it was done. Anything else keeps the server's words.
 */
export function orderRefusalText(
  status: number,
  atual: Pick<Order, 'situacao' | 'agendadaPara'> | null,
  before: Pick<Order, 'agendadaPara'> | null,
  serverMessage: string | undefined,
): string | undefined {
  if (status === 404) return ORDER_OUTBOX_MSG.gone;
  if (!atual) return serverMessage;
  if (atual.situacao === 'cancelada') return ORDER_MSG.cancelled;
  if (status !== 409) return serverMessage;
  if (before && atual.agendadaPara !== before.agendadaPara) {
    return `${ORDER_MSG.rescheduled} ${formatWallTime(atual.agendadaPara)}. O que você fez continua guardado neste aparelho.`;
  }
  return serverMessage;
}

/** What the person wrote or did, in words, to keep elsewhere before discarding ("Copiar"). */
export function orderItemText<K extends OrderItemKind>(kind: K, payload: OrderPayloads[K]): string {
  switch (kind) {
    case 'order-tick': {
      const p = payload as TickPayload;
      return `Etapa "${p.marcoNome}" feita em ${new Date(p.feitoEm).toLocaleString('pt-BR')}`;
    }
    case 'order-comment':
      return (payload as CommentPayload).texto;
    case 'order-photo': {
      const p = payload as PhotoPayload;
      const where =
        p.latitude !== null && p.longitude !== null ? ` em ${p.latitude}, ${p.longitude}` : '';
      return `Foto tirada em ${new Date(p.tiradaEm).toLocaleString('pt-BR')}${where}`;
    }
    case 'order-edit':
      return `Observações: ${(payload as NotesPayload).observacoes ?? ''}`;
    case 'order-conclude': {
      const p = payload as ConcludePayload;
      const destino = p.destino
        ? ` Destino: ${p.destino.tipo}${p.destino.descricao ? ` — ${p.destino.descricao}` : ''}`
        : '';
      return `Concluída em ${new Date(p.feitoEm).toLocaleString('pt-BR')}.${destino}`;
    }
  }
  return '';
}

/**
 * Why an order cannot be concluded with this destination, or null: remains never leave a
 * grave without one (exumação, translado), a grave destination names the grave, another
 * cemetery is named. The server applies the same rule (and checks the grave is a niche).
 */
export function destinationProblem(tipo: string, destino: Destination | null): string | null {
  if (!needsDestination(tipo)) return null;
  if (!destino) return ORDER_MSG.destinationRequired;
  if ((destino.tipo === 'ossuario' || destino.tipo === 'sepultura') && !destino.sepulturaId) {
    return ORDER_MSG.destinationGraveNotFound;
  }
  if (destino.tipo === 'outro-cemiterio' && !destino.descricao?.trim()) {
    return ORDER_MSG.destinationNameRequired;
  }
  return null;
}
