/**
 * The office creates an order: the kind (built-in and admin-added, GET /api/ordens/tipos), date
 * and time, the grave and/or the record, the assignees (concessionários), and the milestones
 * pre-filled from the kind's template at their times — every row editable.
 */

import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiFailure } from '../../data/failure';
import { createOrder, listKinds, useCrew } from '../../data/work-orders';
import { addWallMinutes } from '../../domain/order-time';
import {
  type BuiltinOrderKind,
  DEFAULT_MILESTONES,
  ORDER_LIMITS,
  ORDER_MSG,
} from '../../domain/work-order-rules';
import type { Order, OrderKind } from '../../domain/work-order-types';
import { useLoad } from '../../lib/use-load';
import { CrewChoice } from './crew-choice';

interface Row {
  nome: string;
  previstoPara: string;
}

function template(tipo: string, at: string): Row[] {
  const rows = DEFAULT_MILESTONES[tipo as BuiltinOrderKind] ?? [];
  return rows.map((m) => ({ nome: m.nome, previstoPara: at ? addWallMinutes(at, m.minutos) : '' }));
}

export function OrderCreateForm({ onCreated }: { onCreated: (order: Order) => void }) {
  const [params] = useSearchParams();
  const kinds = useLoad(() => listKinds(), []);
  const crew = useCrew();
  const [tipo, setTipo] = useState(params.get('tipo') ?? '');
  const [at, setAt] = useState('');
  const [sepulturaId, setSepulturaId] = useState(params.get('sepulturaId') ?? '');
  const [sepultadoId, setSepultadoId] = useState(params.get('sepultadoId') ?? '');
  const [descricao, setDescricao] = useState('');
  const [who, setWho] = useState<string[]>([]);
  const [rows, setRows] = useState<Row[]>([]);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [saving, setSaving] = useState(false);

  // The template follows the kind and the time until the person edits a row.
  useEffect(() => {
    if (!touched) setRows(template(tipo, at));
  }, [tipo, at, touched]);

  const list: OrderKind[] = kinds.state.phase === 'done' ? kinds.state.value : [];

  function edit(i: number, patch: Partial<Row>) {
    setTouched(true);
    setRows((r) => r.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!tipo) return setError({ message: ORDER_MSG.tipoRequired, field: 'tipo' });
    if (!at) return setError({ message: ORDER_MSG.dateInvalid, field: 'agendadaPara' });
    if (!sepulturaId.trim() && !sepultadoId.trim()) {
      return setError({ message: ORDER_MSG.placeRequired, field: 'sepulturaId' });
    }
    setSaving(true);
    try {
      const order = await createOrder({
        tipo,
        agendadaPara: at,
        sepulturaId: sepulturaId.trim() || null,
        sepultadoId: sepultadoId.trim() || null,
        responsaveis: who,
        descricao: descricao.trim() || null,
        marcos: rows
          .filter((r) => r.nome.trim())
          .map((r) => ({ nome: r.nome.trim(), previstoPara: r.previstoPara || null })),
      });
      setError(null);
      onCreated(order);
    } catch (err) {
      setError(
        err instanceof ApiFailure
          ? { message: err.message, field: err.field }
          : { message: 'Não foi possível criar a ordem de serviço.' },
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="orders-create" onSubmit={submit} noValidate>
      <h2>Nova ordem de serviço</h2>
      <label className="order-field">
        Tipo de serviço
        <select
          value={tipo}
          onChange={(e) => setTipo(e.target.value)}
          aria-invalid={error?.field === 'tipo' || undefined}
        >
          <option value="">Escolha…</option>
          {list.map((k) => (
            <option key={k.tipo} value={k.tipo}>
              {k.nome}
            </option>
          ))}
        </select>
      </label>
      <label className="order-field">
        Data e hora
        <input
          type="datetime-local"
          value={at}
          onChange={(e) => setAt(e.target.value)}
          aria-invalid={error?.field === 'agendadaPara' || undefined}
        />
      </label>
      <label className="order-field">
        Código da sepultura
        <input
          value={sepulturaId}
          onChange={(e) => setSepulturaId(e.target.value)}
          maxLength={24}
        />
      </label>
      <label className="order-field">
        Código do sepultado
        <input
          value={sepultadoId}
          onChange={(e) => setSepultadoId(e.target.value)}
          maxLength={24}
        />
      </label>
      <label className="order-field">
        Descrição
        <textarea
          rows={2}
          maxLength={ORDER_LIMITS.descricao}
          value={descricao}
          onChange={(e) => setDescricao(e.target.value)}
        />
      </label>
      <fieldset className="order-destination">
        <legend>Responsáveis</legend>
        <CrewChoice crew={crew} who={who} setWho={setWho} />
      </fieldset>
      <fieldset className="order-destination">
        <legend>Etapas</legend>
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
          <div key={i} className="order-actions">
            <label className="order-field">
              Etapa
              <input
                value={r.nome}
                maxLength={ORDER_LIMITS.marcoNome}
                onChange={(e) => edit(i, { nome: e.target.value })}
              />
            </label>
            <label className="order-field">
              Previsto para
              <input
                type="datetime-local"
                value={r.previstoPara}
                onChange={(e) => edit(i, { previstoPara: e.target.value })}
              />
            </label>
            <button
              type="button"
              className="btn btn-small"
              onClick={() => {
                setTouched(true);
                setRows((rs) => rs.filter((_, j) => j !== i));
              }}
            >
              Remover
            </button>
          </div>
        ))}
        {rows.length < ORDER_LIMITS.marcos && (
          <button
            type="button"
            className="btn btn-small"
            onClick={() => {
              setTouched(true);
              setRows((rs) => [...rs, { nome: '', previstoPara: at }]);
            }}
          >
            Adicionar etapa
          </button>
        )}
      </fieldset>
      {error && (
        <p className="form-alert" role="alert">
          {error.message}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={saving}>
        {saving ? 'Criando…' : 'Criar ordem de serviço'}
      </button>
    </form>
  );
}
