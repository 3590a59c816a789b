/**
 * The person's inspections of a case that the server does not have yet, under its steps: each
 * with its outbox state in the outbox's own words ("Aguardando conexão", "Enviando…", "Precisa
 * de atenção — <the server's message>"). A sent one leaves this list and shows as a step, from
 * the case the server answered (domain withSentAnswers). Retrying or discarding is done in "Envios".
 */
import { Link } from 'react-router-dom';
import { inspectionText } from '../../domain/comisso-outbox';
import type { InspectionOutboxItem } from '../../domain/outbox-item';
import { OutboxState } from '../../ui/outbox-state';
import '../../ui/outbox.css';

export function PendingInspections({ items }: { items: readonly InspectionOutboxItem[] }) {
  const unsent = items.filter((i) => i.state !== 'sent');
  if (unsent.length === 0) return null;
  return (
    <ul className="comisso-pending" aria-label="Vistorias ainda não enviadas">
      {unsent.map((i) => (
        <li key={i.id}>
          <div>{inspectionText(i.payload)}</div>
          <OutboxState item={i} />
          {i.state === 'attention' && (
            <>
              {' '}
              <Link to="/pendentes">Ver envios</Link>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
