/**
 * An order as the crew sees it on the phone: the server's copy with the field work still on
 * the device laid over it. A ticked milestone shows done at once, carrying the state of its
 * outbox item ("Aguardando conexão", "Enviando…", "Precisa de atenção") until the server has
 * it; only then does it take the success colour (its state is the server's).
 */
import type { OrderOutboxItem, OutboxState } from './outbox-item';
import type { Milestone, Order } from './work-order-types';

export interface OverlaidMilestone extends Milestone {
  /** The device's unsent tick, when the server does not have it yet. */
  local: OutboxState | null;
}

export interface OrderView {
  order: Order;
  marcos: OverlaidMilestone[];
  /** Comments, photos and the conclusion still on the device (oldest first). */
  unsent: OrderOutboxItem[];
  /** The conclusion the person made on the device (not on the server yet). */
  concluding: OrderOutboxItem | null;
  /** Notes as the person last wrote them (the device's edit over the server's). */
  observacoes: string | null;
  /** Items the server refused (cancelled, rescheduled, deleted…): Copiar / Descartar. */
  attention: OrderOutboxItem[];
}

export function orderOverlay(order: Order, items: readonly OrderOutboxItem[]): OrderView {
  const mine = items
    .filter((i) => i.ordemId === order.id && i.state !== 'sent')
    .sort((a, b) => a.createdAt - b.createdAt);
  const ticks = new Map<string, OrderOutboxItem>();
  let observacoes = order.observacoes;
  let concluding: OrderOutboxItem | null = null;
  for (const i of mine) {
    if (i.kind === 'order-tick') ticks.set(i.payload.marcoId, i);
    if (i.kind === 'order-edit') observacoes = i.payload.observacoes;
    if (i.kind === 'order-conclude') concluding = i;
  }
  const marcos = order.marcos.map((m): OverlaidMilestone => {
    const tick = ticks.get(m.id);
    if (m.feitoEm || tick?.kind !== 'order-tick') return { ...m, local: null };
    return { ...m, feitoEm: tick.payload.feitoEm, local: tick.state };
  });
  return {
    order,
    marcos,
    unsent: mine,
    concluding,
    observacoes,
    attention: mine.filter((i) => i.state === 'attention'),
  };
}
