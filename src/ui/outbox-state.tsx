/**
 * An item's state as the person reads it: one of the outbox's four words, and the reason
 * when there is one. An item waiting because the server failed or asked to wait says exactly
 * that (its reason carries the time of the next try), never "Aguardando conexão" (docs/decisions.md,
 * "Outcomes"). role="status" so a screen reader hears "Enviado" arrive.
 */
import { OUTBOX_STATE_TEXT, type OutboxItem } from '../domain/outbox-item';

export function OutboxState({ item }: { item: OutboxItem }) {
  if (item.state === 'pending' && item.waitingFor && item.reason) {
    return (
      <span className={`outbox-state outbox-state-${item.waitingFor}`} role="status">
        <strong>{item.reason}</strong>
      </span>
    );
  }
  return (
    <span className={`outbox-state outbox-state-${item.state}`} role="status">
      <strong>{OUTBOX_STATE_TEXT[item.state]}</strong>
      {item.reason && <span className="outbox-reason"> — {item.reason}</span>}
    </span>
  );
}
