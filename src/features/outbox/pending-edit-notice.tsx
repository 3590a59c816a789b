/**
 * On a record's page: the person's latest correction of it and where it stands —
 * waiting for signal, being sent, sent, or needing them (with a way to the review screen when
 * someone else changed the same fields).
 */
import { Link } from 'react-router-dom';
import type { EditOutboxItem } from '../../domain/outbox-item';
import { OutboxState } from '../../ui/outbox-state';
import '../../ui/outbox.css';

/** How long "Enviado" stays on the record's page after the server took the edit. */
const SENT_SHOWN_MS = 10 * 60_000;

export function latestEdit(
  items: readonly { kind: string }[],
  now: number = Date.now(),
): EditOutboxItem | undefined {
  const edits = items.filter((i): i is EditOutboxItem => i.kind === 'edit');
  return edits.find((i) => i.state !== 'sent' || now - i.updatedAt < SENT_SHOWN_MS);
}

export function PendingEditNotice({ item }: { item: EditOutboxItem | undefined }) {
  if (!item) return null;
  return (
    <div className={`outbox-notice outbox-notice-${item.state}`}>
      <span>Sua correção deste registro: </span>
      <OutboxState item={item} />
      {item.problem?.kind === 'conflict' ? (
        <Link className="btn btn-small" to={`/pendentes/${item.id}`}>
          Revisar
        </Link>
      ) : (
        <Link to="/pendentes">Ver envios</Link>
      )}
    </div>
  );
}
