/**
 * An item's state as the person reads it: one of the outbox's four words, and the reason
 * when there is one. An item waiting because the server failed or asked to wait says exactly
 * that (its reason carries the time of the next try), never "Aguardando conexão" (docs/decisions.md,
 * "Outcomes"). Not a live region of its own: a write's outcome is said once, by the flash
 * through the app's one polite region (live-region.tsx), not by every item of the list.
 */
import { OUTBOX_STATE_TEXT, type OutboxItem } from '../domain/outbox-item';

export function OutboxState({ item }: { item: OutboxItem }) {
  if (item.state === 'pending' && item.waitingFor && item.reason) {
    return (
      <span className={`outbox-state outbox-state-${item.waitingFor}`}>
        <strong>{item.reason}</strong>
      </span>
    );
  }
  return (
    <span className={`outbox-state outbox-state-${item.state}`}>
      <strong>{OUTBOX_STATE_TEXT[item.state]}</strong>
      {item.reason && <span className="outbox-reason"> — {item.reason}</span>}
    </span>
  );
}
