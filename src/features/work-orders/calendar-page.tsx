/**
 * /admin/ordens/calendario — the office's week and month of orders, per cemetery and per
 * person (GET /api/ordens/calendario: compact entries, one request per view). Weeks start on
 * Monday; a month shows its whole weeks (at most 42 days, inside the server's window).
 */
import { Link, useSearchParams } from 'react-router-dom';
import { useCemeteries } from '../../data/cemeteries';
import { ApiFailure } from '../../data/failure';
import { fetchCalendar, useCrew } from '../../data/work-orders';
import { dayKey, wallClock, wallDay } from '../../domain/order-time';
import { ORDER_STATE_LABEL } from '../../domain/work-order-rules';
import type { CalendarEntry } from '../../domain/work-order-types';
import { useLoad } from '../../lib/use-load';
import { FilterSelect } from './filter-select';
import './work-orders.css';

const WEEKDAYS = ['seg', 'ter', 'qua', 'qui', 'sex', 'sáb', 'dom'];
const MONTH = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric' });

function parseDay(s: string | null): Date {
  const m = s ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(s) : null;
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date();
}

function addDays(d: Date, n: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
}

/** Monday of the week holding d. */
function monday(d: Date): Date {
  return addDays(d, -((d.getDay() + 6) % 7));
}

export function calendarDays(view: 'semana' | 'mes', anchor: Date): Date[] {
  const start =
    view === 'semana'
      ? monday(anchor)
      : monday(new Date(anchor.getFullYear(), anchor.getMonth(), 1));
  const end =
    view === 'semana'
      ? addDays(start, 6)
      : addDays(monday(new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0)), 6);
  const days: Date[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) days.push(d);
  return days;
}

export default function CalendarPage() {
  const [params, setParams] = useSearchParams();
  const view = params.get('visao') === 'mes' ? 'mes' : 'semana';
  const anchor = parseDay(params.get('data'));
  const cemiterioId = params.get('cemiterioId') ?? '';
  const responsavelId = params.get('responsavelId') ?? '';
  const days = calendarDays(view, anchor);
  const de = dayKey(days[0] ?? anchor);
  const ate = dayKey(days[days.length - 1] ?? anchor);
  const { state } = useLoad(
    () =>
      fetchCalendar({
        de,
        ate,
        cemiterioId: cemiterioId || undefined,
        responsavelId: responsavelId || undefined,
      }),
    [de, ate, cemiterioId, responsavelId],
  );
  const { list: cemeteries } = useCemeteries();
  const people = useCrew();

  function set(name: string, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  }
  const move = (dir: number) =>
    set(
      'data',
      dayKey(
        view === 'semana'
          ? addDays(anchor, 7 * dir)
          : new Date(anchor.getFullYear(), anchor.getMonth() + dir, 1),
      ),
    );

  const cal = state.phase === 'done' ? state.value : null;
  // The cemetery is said on each entry only when the view holds more than one.
  const manyCemeteries = (cal?.cemiterios.length ?? 0) > 1;
  const byDay = new Map<string, CalendarEntry[]>();
  if (cal) {
    for (const e of cal.ordens) {
      const key = wallDay(e.agendadaPara);
      byDay.set(key, [...(byDay.get(key) ?? []), e]);
    }
  }
  const today = dayKey(new Date());

  return (
    <section className="page cal-page" aria-labelledby="cal-titulo">
      <h1 id="cal-titulo">Calendário de ordens de serviço</h1>
      <div className="orders-filters">
        <label className="order-field">
          Visão
          <select value={view} onChange={(e) => set('visao', e.target.value)}>
            <option value="semana">Semana</option>
            <option value="mes">Mês</option>
          </select>
        </label>
        <FilterSelect
          label="Cemitério"
          all="Todos"
          value={cemiterioId}
          onChange={(v) => set('cemiterioId', v)}
          options={(cemeteries ?? []).map((c) => ({ value: c.id, label: c.nome }))}
        />
        <FilterSelect
          label="Pessoa"
          all="Todas"
          value={responsavelId}
          onChange={(v) => set('responsavelId', v)}
          options={(people ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
      </div>
      <p className="order-actions">
        <button type="button" className="btn" onClick={() => move(-1)}>
          ← Anterior
        </button>
        <strong>
          {view === 'mes'
            ? MONTH.format(anchor)
            : `${days[0]?.toLocaleDateString('pt-BR')} a ${days[6]?.toLocaleDateString('pt-BR')}`}
        </strong>
        <button type="button" className="btn" onClick={() => move(1)}>
          Próximo →
        </button>
      </p>
      {state.phase === 'failed' && (
        <p className="form-alert">
          {state.error instanceof ApiFailure ? state.error.message : 'Não foi possível carregar.'}
        </p>
      )}
      {state.phase === 'loading' && <p className="loading">Carregando…</p>}
      <ol className={`cal-grid cal-grid-${view}`}>
        {days.map((d, i) => {
          const key = dayKey(d);
          const entries = byDay.get(key) ?? [];
          const other = view === 'mes' && d.getMonth() !== anchor.getMonth();
          return (
            <li
              key={key}
              className={`cal-day${other ? ' cal-day-other' : ''}${key === today ? ' cal-day-today' : ''}`}
            >
              <div className="cal-day-head">
                {WEEKDAYS[i % 7]} {d.getDate()}
              </div>
              <ul>
                {entries.map((e) => (
                  <li
                    key={e.id}
                    className={`cal-entry order-state-${e.situacao.replace(' ', '-')}`}
                  >
                    <Link to={`/ordens/${e.id}`}>
                      {wallClock(e.agendadaPara)} {cal?.tipos[e.tipo] ?? e.tipo}
                    </Link>
                    <span className="muted">
                      {' '}
                      {manyCemeteries && `${cal?.cemiterios[e.cemiterio]?.nome} · `}
                      {e.rotulo}
                      {e.responsaveis.length > 0 &&
                        ` · ${e.responsaveis.map((i) => cal?.pessoas[i]?.nome).join(', ')}`}
                      {e.situacao !== 'aberta' && ` · ${ORDER_STATE_LABEL[e.situacao]}`}
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
