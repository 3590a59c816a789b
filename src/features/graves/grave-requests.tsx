/**
 * On a grave's page, for a logged-in person: ask the office for a photo of the grave, a
 * cleaning, or a correction of the record (what is wrong is required then). The server's
 * refusals are shown in its own words (a pending duplicate: 409; the day's limit: 429).
 */
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiFailure } from '../../data/failure';
import { createRequest } from '../../data/work-orders';
import {
  ORDER_LIMITS,
  ORDER_MSG,
  REQUEST_KIND_LABEL,
  type RequestKind,
} from '../../domain/work-order-rules';

const ASK: Record<RequestKind, string> = {
  foto: 'Pedir uma foto',
  limpeza: 'Pedir limpeza',
  correcao: 'Pedir correção do registro',
};

export function GraveRequests({
  graveId,
  sepultados,
}: {
  graveId: string;
  sepultados: { id: string; nome: string }[];
}) {
  const [kind, setKind] = useState<RequestKind | null>(null);
  const [texto, setTexto] = useState('');
  const [sepultadoId, setSepultadoId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!kind) return;
    if (kind === 'correcao' && !texto.trim()) {
      setError(ORDER_MSG.requestTextRequired);
      return;
    }
    setSending(true);
    try {
      await createRequest(graveId, {
        tipo: kind,
        texto: texto.trim() || null,
        sepultadoId: sepultadoId || null,
      });
      setSent(true);
      setKind(null);
      setTexto('');
      setError(null);
    } catch (err) {
      // 409 (the same request pending) and 429 (the day's limit) carry the reason: verbatim.
      setError(err instanceof ApiFailure ? err.message : 'Não foi possível enviar o pedido.');
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="grave-panel grave-requests">
      <h2>Pedidos ao cemitério</h2>
      {sent && (
        <p role="status">
          {ORDER_MSG.requestSent} <Link to="/user/profile">Ver meus pedidos</Link>
        </p>
      )}
      <div className="grave-request-buttons">
        {(Object.keys(ASK) as RequestKind[]).map((k) => (
          <button
            key={k}
            type="button"
            className={`btn${kind === k ? ' btn-primary' : ''}`}
            aria-expanded={kind === k}
            onClick={() => {
              setKind(kind === k ? null : k);
              setError(null);
              setSent(false);
            }}
          >
            {ASK[k]}
          </button>
        ))}
      </div>
      {kind && (
        <form onSubmit={submit} noValidate>
          <h3>{REQUEST_KIND_LABEL[kind]}</h3>
          {sepultados.length > 1 && (
            <label>
              Sobre quem
              <select value={sepultadoId} onChange={(e) => setSepultadoId(e.target.value)}>
                <option value="">A sepultura toda</option>
                {sepultados.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.nome}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label>
            {kind === 'correcao' ? 'O que está errado no registro' : 'Observação (opcional)'}
            <textarea
              rows={3}
              maxLength={ORDER_LIMITS.pedidoTexto}
              value={texto}
              aria-invalid={error && kind === 'correcao' && !texto.trim() ? true : undefined}
              onChange={(e) => setTexto(e.target.value)}
            />
          </label>
          {error && (
            <p className="form-alert" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {sending ? 'Enviando…' : 'Enviar pedido'}
          </button>
        </form>
      )}
    </div>
  );
}
