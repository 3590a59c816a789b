/**
 * /admin/pedidos — the office's inbox of family requests (a photo of the grave, a cleaning, a
 * correction of the record): accepted as a work order with a date and assignees, or refused
 * with a reason the family reads on their profile.
 */

import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiFailure } from '../../data/failure';
import { acceptRequest, listRequests, refuseRequest, useCrew } from '../../data/work-orders';
import type { ConcessionarioListItem } from '../../domain/burial-types';
import {
  ORDER_LIMITS,
  ORDER_MSG,
  REQUEST_KIND_LABEL,
  REQUEST_STATE_LABEL,
  REQUEST_STATES,
} from '../../domain/work-order-rules';
import type { FamilyRequest } from '../../domain/work-order-types';
import { useLoad } from '../../lib/use-load';
import { useFlash } from '../../ui/flash';
import { CrewChoice } from './crew-choice';
import { whenText } from './order-work-parts';
import './work-orders.css';

function Answer({
  pedido,
  crew,
  onDone,
}: {
  pedido: FamilyRequest;
  crew: ConcessionarioListItem[] | null;
  onDone: (p: FamilyRequest) => void;
}) {
  const flash = useFlash();
  const [mode, setMode] = useState<'none' | 'accept' | 'refuse'>('none');
  const [at, setAt] = useState('');
  const [who, setWho] = useState<string[]>([]);
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (mode === 'accept' && !at) return setError(ORDER_MSG.dateInvalid);
    if (mode === 'refuse' && !motivo.trim()) return setError(ORDER_MSG.requestRefuseReasonRequired);
    try {
      const answered =
        mode === 'accept'
          ? await acceptRequest(pedido.id, { agendadaPara: at, responsaveis: who })
          : await refuseRequest(pedido.id, motivo.trim());
      flash.success(mode === 'accept' ? ORDER_MSG.created : 'Pedido recusado.');
      setMode('none');
      onDone(answered);
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : 'Não foi possível responder ao pedido.');
    }
  }

  return (
    <div>
      <div className="order-actions">
        <button
          type="button"
          className="btn btn-small btn-primary"
          onClick={() => setMode('accept')}
        >
          Aceitar como ordem de serviço
        </button>
        <button type="button" className="btn btn-small" onClick={() => setMode('refuse')}>
          Recusar
        </button>
      </div>
      {mode !== 'none' && (
        <form className="order-form" onSubmit={submit} noValidate>
          {mode === 'accept' ? (
            <>
              <label className="order-field">
                Data e hora
                <input type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
              </label>
              <CrewChoice crew={crew} who={who} setWho={setWho} />
            </>
          ) : (
            <label className="order-field">
              Motivo da recusa
              <textarea
                rows={2}
                maxLength={ORDER_LIMITS.motivo}
                value={motivo}
                onChange={(e) => setMotivo(e.target.value)}
              />
            </label>
          )}
          {error && (
            <p className="form-alert" role="alert">
              {error}
            </p>
          )}
          <div className="order-actions">
            <button type="submit" className="btn btn-primary">
              {mode === 'accept' ? 'Criar ordem de serviço' : 'Recusar pedido'}
            </button>
            <button type="button" className="btn" onClick={() => setMode('none')}>
              Voltar
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

export default function RequestsPage() {
  const [params, setParams] = useSearchParams();
  const situacao = params.get('situacao') ?? 'pendente';
  const crew = useCrew();
  const { state, setValue } = useLoad(
    () => listRequests({ situacao: situacao || undefined }),
    [situacao],
  );
  return (
    <section className="page request-inbox" aria-labelledby="pedidos-titulo">
      <h1 id="pedidos-titulo">Pedidos das famílias</h1>
      <label className="order-field">
        Situação
        <select
          value={situacao}
          onChange={(e) => setParams({ situacao: e.target.value }, { replace: true })}
        >
          <option value="">Todos</option>
          {REQUEST_STATES.map((s) => (
            <option key={s} value={s}>
              {REQUEST_STATE_LABEL[s]}
            </option>
          ))}
        </select>
      </label>
      {state.phase === 'failed' && (
        <p className="form-alert">
          {state.error instanceof ApiFailure ? state.error.message : 'Não foi possível carregar.'}
        </p>
      )}
      {state.phase === 'loading' && <p className="loading">Carregando…</p>}
      {state.phase === 'done' && state.value.pedidos.length === 0 && <p>Nenhum pedido.</p>}
      {state.phase === 'done' && (
        <ul className="orders-list">
          {state.value.pedidos.map((p) => (
            <li key={p.id} className="orders-office-row">
              <strong>{REQUEST_KIND_LABEL[p.tipo]}</strong> · {REQUEST_STATE_LABEL[p.situacao]}
              <div>
                <Link to={`/sepulturas/${p.sepulturaId}`}>{p.sepulturaRotulo}</Link>
              </div>
              <div className="muted">
                {p.autorNome} · {whenText(p.createdAt)}
              </div>
              {p.texto && <p>{p.texto}</p>}
              {p.motivoRecusa && <p>Motivo da recusa: {p.motivoRecusa}</p>}
              {p.ordemId && <Link to={`/ordens/${p.ordemId}`}>Ordem de serviço</Link>}
              {p.situacao === 'pendente' && (
                <Answer
                  pedido={p}
                  crew={crew}
                  onDone={(answered) =>
                    setValue((v) => ({
                      ...v,
                      pedidos: v.pedidos.map((x) => (x.id === answered.id ? answered : x)),
                    }))
                  }
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
