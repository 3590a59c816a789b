/**
 * The person's inspections of a case that the server does not have yet, under its steps: each
 * with its outbox state in the outbox's own words ("Aguardando conexão", "Enviando…", "Precisa
 * de atenção — <the server's message>"). A sent one leaves this list and shows as a step, from
 * the case the server answered (withSentAnswers). Retrying or discarding is done in "Envios".
 */
import { Link } from 'react-router-dom';
import { inspectionText } from '../../domain/comisso-outbox';
import type { ComissoCase } from '../../domain/comisso-types';
import type { InspectionOutboxItem } from '../../domain/outbox-item';
import { OutboxState } from '../../ui/outbox-state';
import '../../ui/outbox.css';

/** The cases as loaded, each replaced by a sent inspection's answer when that one is newer. */
export function withSentAnswers(
  cases: ComissoCase[],
  items: readonly InspectionOutboxItem[],
): ComissoCase[] {
  return cases.map((k) =>
    items.reduce<ComissoCase>((best, i) => {
      const answer = i.state === 'sent' ? (i.result as ComissoCase | undefined) : undefined;
      return answer?.id === k.id && answer.version > best.version ? answer : best;
    }, k),
  );
}

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
