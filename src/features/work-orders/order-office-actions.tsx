/**
 * The office's changes to one order in its list: reschedule, reassign, cancel with a reason.
 * Each is a PATCH with the version the office saw (a change made meanwhile by someone else to
 * the same field answers 409 with the server's words).
 */

import { type FormEvent, useState } from 'react';
import { ApiFailure } from '../../data/failure';
import { editOrder } from '../../data/work-orders';
import type { ConcessionarioListItem } from '../../domain/burial-types';
import { OPEN_ORDER_STATES, ORDER_LIMITS, ORDER_MSG } from '../../domain/work-order-rules';
import type { Order, OrderEdit } from '../../domain/work-order-types';
import { useFlash } from '../../ui/flash';
import { CrewChoice } from './crew-choice';

type Mode = 'none' | 'reschedule' | 'reassign' | 'cancel';

export function OrderOfficeActions({
  order,
  crew,
  onSaved,
}: {
  order: Order;
  crew: ConcessionarioListItem[] | null;
  onSaved: (order: Order) => void;
}) {
  const flash = useFlash();
  const [mode, setMode] = useState<Mode>('none');
  const [at, setAt] = useState(order.agendadaPara);
  const [who, setWho] = useState(order.responsaveis.map((r) => r.id));
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (!OPEN_ORDER_STATES.includes(order.situacao)) return null;

  async function save(event: FormEvent) {
    event.preventDefault();
    let body: OrderEdit;
    if (mode === 'reschedule') body = { agendadaPara: at };
    else if (mode === 'reassign') body = { responsaveis: who };
    else {
      if (!motivo.trim()) return setError(ORDER_MSG.cancelMotivoRequired);
      body = { situacao: 'cancelada', motivoCancelamento: motivo.trim() };
    }
    try {
      const saved = await editOrder(order.id, { ...body, version: order.version });
      setError(null);
      setMode('none');
      flash.success(ORDER_MSG.saved);
      onSaved(saved);
    } catch (err) {
      setError(err instanceof ApiFailure ? err.message : 'Não foi possível salvar.');
    }
  }

  return (
    <div className="orders-office">
      <div className="order-actions">
        <button type="button" className="btn btn-small" onClick={() => setMode('reschedule')}>
          Remarcar
        </button>
        <button type="button" className="btn btn-small" onClick={() => setMode('reassign')}>
          Responsáveis
        </button>
        <button type="button" className="btn btn-small" onClick={() => setMode('cancel')}>
          Cancelar ordem
        </button>
      </div>
      {mode !== 'none' && (
        <form onSubmit={save} className="order-form" noValidate>
          {mode === 'reschedule' && (
            <label className="order-field">
              Nova data e hora
              <input type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
            </label>
          )}
          {mode === 'reassign' && <CrewChoice crew={crew} who={who} setWho={setWho} />}
          {mode === 'cancel' && (
            <label className="order-field">
              Motivo do cancelamento
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
              {mode === 'cancel' ? 'Confirmar cancelamento' : 'Salvar'}
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
