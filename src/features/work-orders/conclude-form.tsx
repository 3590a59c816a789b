/**
 * "Concluir": for an exhumation or a transfer, where the remains go (nicho de ossuário,
 * outra sepultura, cremação, outro cemitério), refused without one by the same domain rule the
 * server applies (destinationProblem). Queued like all field work: it works without signal.
 */
import { type FormEvent, useState } from 'react';
import { destinationProblem } from '../../domain/order-outbox';
import {
  DESTINATION_KINDS,
  DESTINATION_LABEL,
  type DestinationKind,
  needsDestination,
} from '../../domain/work-order-rules';
import type { Destination } from '../../domain/work-order-types';

export function ConcludeForm({
  tipo,
  onConclude,
}: {
  tipo: string;
  onConclude: (destino: Destination | null) => void;
}) {
  const [kind, setKind] = useState<DestinationKind | ''>('');
  const [grave, setGrave] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const needed = needsDestination(tipo);

  function submit(event: FormEvent) {
    event.preventDefault();
    const destino: Destination | null =
      needed && kind
        ? {
            tipo: kind,
            sepulturaId: kind === 'ossuario' || kind === 'sepultura' ? grave.trim() || null : null,
            descricao: text.trim() || null,
          }
        : null;
    const problem = destinationProblem(tipo, destino);
    setError(problem);
    if (problem) return;
    if (!window.confirm('Concluir esta ordem de serviço?')) return;
    onConclude(destino);
  }

  return (
    <form className="order-conclude" onSubmit={submit} noValidate>
      <h2>Concluir</h2>
      {needed && (
        <fieldset className="order-destination">
          <legend>Destino dos restos mortais</legend>
          {DESTINATION_KINDS.map((k) => (
            <label key={k} className="order-choice">
              <input
                type="radio"
                name="destino"
                value={k}
                checked={kind === k}
                onChange={() => setKind(k)}
              />
              {DESTINATION_LABEL[k]}
            </label>
          ))}
          {(kind === 'ossuario' || kind === 'sepultura') && (
            <label className="order-field">
              {kind === 'ossuario' ? 'Código do nicho (no QR do nicho)' : 'Código da sepultura'}
              <input value={grave} onChange={(e) => setGrave(e.target.value)} maxLength={24} />
            </label>
          )}
          {kind && (
            <label className="order-field">
              {kind === 'outro-cemiterio'
                ? 'Cemitério de destino (nome e cidade)'
                : kind === 'cremacao'
                  ? 'Crematório'
                  : 'Observação sobre o destino'}
              <input value={text} onChange={(e) => setText(e.target.value)} maxLength={300} />
            </label>
          )}
        </fieldset>
      )}
      {error && (
        <p className="form-alert" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary">
        Concluir ordem de serviço
      </button>
    </form>
  );
}
