/**
 * /admin/ordens — the office's work orders: filtered by cemetery, person, state, kind and
 * dates; created (with the kind's milestones), rescheduled, reassigned, cancelled with a reason;
 * each printable with its grave's QR code.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useCemeteries } from '../../data/cemeteries';
import { ApiFailure } from '../../data/failure';
import { listKinds, listOrders, useCrew } from '../../data/work-orders';
import { wayThere } from '../../domain/order-place';
import { formatWallTime } from '../../domain/order-time';
import { ORDER_MSG, ORDER_STATE_LABEL, ORDER_STATES } from '../../domain/work-order-rules';
import { useLoad } from '../../lib/use-load';
import { useFlash } from '../../ui/flash';
import { FilterSelect } from './filter-select';
import { OrderCreateForm } from './order-create-form';
import { OrderOfficeActions } from './order-office-actions';
import './work-orders.css';
import { Pager } from '../../ui/pager';

const FILTERS = ['cemiterioId', 'responsavelId', 'situacao', 'tipo', 'de', 'ate'] as const;

export default function OrdersAdminPage() {
  const flash = useFlash();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(params.has('novo'));
  const page = Number(params.get('page') ?? '1') || 1;
  const filters = Object.fromEntries(FILTERS.map((f) => [f, params.get(f) ?? ''])) as Record<
    (typeof FILTERS)[number],
    string
  >;
  const { state, reload, setValue } = useLoad(
    () => listOrders({ ...filters, page }),
    [params.toString()],
  );
  const kinds = useLoad(() => listKinds(), []);
  const { list: cemeteries } = useCemeteries();
  const people = useCrew();

  function setPage(n: number) {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    setParams(next);
  }

  function setFilter(name: string, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next, { replace: true });
  }

  const list =
    state.phase === 'done' ? state.value : state.phase === 'loading' ? state.last : undefined;

  return (
    <section className="page orders-admin" aria-labelledby="ordens-titulo">
      <h1 id="ordens-titulo">Ordens de serviço</h1>
      <p className="order-actions">
        <button type="button" className="btn btn-primary" onClick={() => setCreating((c) => !c)}>
          {creating ? 'Fechar' : 'Nova ordem de serviço'}
        </button>
        <Link className="btn" to="/admin/ordens/calendario">
          Calendário
        </Link>
        <Link className="btn" to="/admin/pedidos">
          Pedidos das famílias
        </Link>
      </p>
      {creating && (
        <OrderCreateForm
          onCreated={() => {
            flash.success(ORDER_MSG.created);
            setCreating(false);
            reload();
          }}
        />
      )}
      <div className="orders-filters">
        <FilterSelect
          label="Cemitério"
          all="Todos"
          value={filters.cemiterioId}
          onChange={(v) => setFilter('cemiterioId', v)}
          options={(cemeteries ?? []).map((c) => ({ value: c.id, label: c.nome }))}
        />
        <FilterSelect
          label="Responsável"
          all="Todos"
          value={filters.responsavelId}
          onChange={(v) => setFilter('responsavelId', v)}
          options={(people ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
        <FilterSelect
          label="Situação"
          all="Todas"
          value={filters.situacao}
          onChange={(v) => setFilter('situacao', v)}
          options={ORDER_STATES.map((s) => ({ value: s, label: ORDER_STATE_LABEL[s] }))}
        />
        <FilterSelect
          label="Tipo"
          all="Todos"
          value={filters.tipo}
          onChange={(v) => setFilter('tipo', v)}
          options={(kinds.state.phase === 'done' ? kinds.state.value : []).map((k) => ({
            value: k.tipo,
            label: k.nome,
          }))}
        />
        <label className="order-field">
          De
          <input type="date" value={filters.de} onChange={(e) => setFilter('de', e.target.value)} />
        </label>
        <label className="order-field">
          Até
          <input
            type="date"
            value={filters.ate}
            onChange={(e) => setFilter('ate', e.target.value)}
          />
        </label>
      </div>
      {state.phase === 'failed' && (
        <p className="form-alert">
          {state.error instanceof ApiFailure ? state.error.message : 'Não foi possível carregar.'}
        </p>
      )}
      {!list && state.phase !== 'failed' && <p className="loading">Carregando…</p>}
      {list && list.ordens.length === 0 && <p>Nenhuma ordem de serviço encontrada.</p>}
      {list && (
        <ul className="orders-list">
          {list.ordens.map((o) => (
            <li key={o.id} className="orders-row orders-office-row">
              <div>
                <strong>
                  {formatWallTime(o.agendadaPara)} · {o.tipoNome}
                </strong>{' '}
                <span className={`order-state order-state-${o.situacao.replace(' ', '-')}`}>
                  {ORDER_STATE_LABEL[o.situacao]}
                </span>
              </div>
              <div>{o.sepultadoNome ?? '—'}</div>
              <div className="muted">
                {o.lugar.cemiterio} · {wayThere(o.lugar)}
              </div>
              <div className="muted">
                Responsáveis: {o.responsaveis.map((r) => r.nome).join(', ') || 'ninguém ainda'}
              </div>
              {o.motivoCancelamento && <div>Motivo: {o.motivoCancelamento}</div>}
              <p className="order-links">
                <Link className="btn btn-small" to={`/ordens/${o.id}`}>
                  Abrir
                </Link>
                <Link className="btn btn-small" to={`/admin/ordens/${o.id}/imprimir`}>
                  Imprimir
                </Link>
              </p>
              <OrderOfficeActions
                order={o}
                crew={people}
                onSaved={(saved) =>
                  setValue((v) => ({
                    ...v,
                    ordens: v.ordens.map((x) => (x.id === saved.id ? saved : x)),
                  }))
                }
              />
            </li>
          ))}
        </ul>
      )}
      {list && <Pager page={page} pages={list.pages} onPage={setPage} className="order-actions" />}
    </section>
  );
}
