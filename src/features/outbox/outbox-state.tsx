/**
 * An item's state as the person reads it: one of the four words of issue 7, and the reason
 * when there is one. role="status" so a screen reader hears "Enviado" arrive.
 */
import { OUTBOX_STATE_TEXT, type OutboxItem } from '../../data/outbox/outbox-types';

export function OutboxState({ item }: { item: OutboxItem }) {
  return (
    <span className={`outbox-state outbox-state-${item.state}`} role="status">
      <strong>{OUTBOX_STATE_TEXT[item.state]}</strong>
      {item.reason && <span className="outbox-reason"> — {item.reason}</span>}
    </span>
  );
}
