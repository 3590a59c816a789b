/**
 * Queuing field work on an order (src/domain/order-outbox.ts): one Dexie transaction per
 * item, so a drain running meanwhile sees it whole or not at all. The id is made by the caller
 * (newId) and is the Idempotency-Key. Notes edited twice offline join into one item (the later
 * text wins, the first base version stays), as record edits do.
 */
import { type OrderItemKind, type OrderPayloads, orderCall } from '../../domain/order-outbox';
import type { OrderOutboxItem } from '../../domain/outbox-item';
import type { Order } from '../../domain/work-order-types';
import type { MemorialDb } from '../db';

export interface OrderWork<K extends OrderItemKind> {
  id: string;
  userId: string;
  order: Pick<Order, 'id' | 'sepultadoId' | 'agendadaPara' | 'tipoNome' | 'lugar'>;
  kind: K;
  payload: OrderPayloads[K];
}

/** "Sepultamento — Quadra 12 · 458", to list the item without reading the order. */
export function orderLabel(order: OrderWork<OrderItemKind>['order']): string {
  const { quadra, numero, cemiterio } = order.lugar;
  const place = [quadra && `Quadra ${quadra}`, numero].filter(Boolean).join(' · ');
  return `${order.tipoNome} — ${place || cemiterio}`;
}

export async function enqueueOrderWork<K extends OrderItemKind>(
  db: MemorialDb,
  work: OrderWork<K>,
  now: number = Date.now(),
): Promise<OrderOutboxItem> {
  return db.transaction('rw', db.outbox, async () => {
    if (work.kind === 'order-edit') {
      const held = (await db.outbox.where('ordemId').equals(work.order.id).toArray()).find(
        (i) =>
          i.kind === 'order-edit' &&
          i.userId === work.userId &&
          (i.state === 'pending' || i.state === 'attention'),
      );
      if (held?.kind === 'order-edit') {
        const payload = {
          ...held.payload,
          observacoes: (work.payload as OrderPayloads['order-edit']).observacoes,
        };
        const joined: OrderOutboxItem = {
          ...held,
          payload,
          call: orderCall('order-edit', held.ordemId, payload),
          state: 'pending',
          reason: undefined,
          problem: undefined,
          nextAttemptAt: now,
          updatedAt: now,
        };
        await db.outbox.put(joined);
        return joined;
      }
    }
    const item = {
      id: work.id,
      sepultadoId: work.order.sepultadoId ?? '',
      userId: work.userId,
      ordemId: work.order.id,
      rotulo: orderLabel(work.order),
      agendadaPara: work.order.agendadaPara,
      call: orderCall(work.kind, work.order.id, work.payload),
      kind: work.kind,
      payload: work.payload,
      state: 'pending' as const,
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    } as OrderOutboxItem;
    await db.outbox.put(item);
    return item;
  });
}
