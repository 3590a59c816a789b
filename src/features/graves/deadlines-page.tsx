/**
 * /admin/prazos (admins): what is due in one cemetery — concessions ending within 30/90 days or
 * overdue, fees open past due, exhumations due in rotating graves, abandonment cases whose
 * waiting period ends — counts first, then the
 * list, soonest first, each opening its grave.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiFailure } from '../../data/failure';
import { downloadDeadlines, fetchDeadlines } from '../../data/graves';
import { formatBrDate } from '../../domain/burial-dates';
import {
  DEADLINE_KINDS,
  DEADLINE_LABEL,
  DEADLINE_MSG,
  DEADLINE_WINDOWS,
} from '../../domain/deadline-rules';
import { graveLabel } from '../../domain/grave-rules';
import { saveBlob } from '../../lib/save-blob';
import { useLoad } from '../../lib/use-load';
import { useCemeteryFilter } from './cemetery-filter';
import { DeadlinesChart } from './deadlines-chart';
import './graves.css';
import { Pager } from '../../ui/pager';

export default function DeadlinesPage() {
  const [dias, setDias] = useState<number>(90);
  const [tipo, setTipo] = useState('');
  const [page, setPage] = useState(1);
  const { chosen, select: cemeterySelect } = useCemeteryFilter(() => setPage(1));
  const { state } = useLoad(
    chosen ? () => fetchDeadlines({ cemiterioId: chosen, dias, tipo, page }) : null,
    [chosen, dias, tipo, page],
  );
  const a =
    state.phase === 'done' ? state.value : state.phase === 'loading' ? state.last : undefined;
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState('');

  async function exportAs(formato: 'csv' | 'xlsx') {
    if (!chosen) return;
    setExporting(true);
    setExportError('');
    try {
      const blob = await downloadDeadlines({ cemiterioId: chosen, dias, tipo, formato });
      saveBlob(blob, `prazos-${a?.hoje ?? new Date().toISOString().slice(0, 10)}.${formato}`);
    } catch (err) {
      setExportError(err instanceof ApiFailure ? err.message : DEADLINE_MSG.exportError);
    } finally {
      setExporting(false);
    }
  }

  return (
    <section className="page deadlines" aria-labelledby="prazos-titulo">
      <h1 id="prazos-titulo">{DEADLINE_MSG.title}</h1>
      <div className="graves-filters">
        {cemeterySelect}
        <label>
          Próximos
          <select
            value={dias}
            onChange={(e) => {
              setDias(Number(e.target.value));
              setPage(1);
            }}
          >
            {DEADLINE_WINDOWS.map((d) => (
              <option key={d} value={d}>
                {d} dias
              </option>
            ))}
          </select>
        </label>
        <label>
          Tipo
          <select
            value={tipo}
            onChange={(e) => {
              setTipo(e.target.value);
              setPage(1);
            }}
          >
            <option value="">Todos</option>
            {DEADLINE_KINDS.map((k) => (
              <option key={k} value={k}>
                {DEADLINE_LABEL[k]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {state.phase === 'failed' && (
        <p className="form-alert">
          {state.error instanceof ApiFailure ? state.error.message : DEADLINE_MSG.loadError}
        </p>
      )}
      {a && (
        <>
          <ul className="deadline-counts">
            <li>
              <strong>{a.contagens.concessoes30}</strong>Concessões em 30 dias
            </li>
            <li>
              <strong>{a.contagens.concessoes90}</strong>Concessões em 90 dias
            </li>
            <li>
              <strong>{a.contagens.concessoesVencidas}</strong>Concessões vencidas
            </li>
            <li>
              <strong>{a.contagens.taxasVencidas}</strong>Taxas em atraso
            </li>
            <li>
              <strong>{a.contagens.exumacoes}</strong>Exumações previstas
            </li>
            <li>
              <strong>{a.contagens.comissos}</strong>Prazos de comisso
            </li>
          </ul>
          {a.mes && <DeadlinesChart weeks={a.mes} hoje={a.hoje} />}
          <div className="deadline-export">
            <button type="button" disabled={exporting} onClick={() => exportAs('csv')}>
              Exportar CSV
            </button>
            <button type="button" disabled={exporting} onClick={() => exportAs('xlsx')}>
              Exportar XLSX
            </button>
          </div>
          {exportError && (
            <p className="form-alert" role="alert">
              {exportError}
            </p>
          )}
          {a.itens.length === 0 ? (
            <p className="muted">{DEADLINE_MSG.empty}</p>
          ) : (
            <ul className="graves-list">
              {a.itens.map((i) => (
                <li
                  key={`${i.tipo}-${i.sepulturaId}-${i.concessaoId}-${i.sepultadoId}-${i.ano}-${i.comissoId}`}
                >
                  <strong>{formatBrDate(i.data)}</strong>
                  <span>{DEADLINE_LABEL[i.tipo]}</span>
                  <Link to={`/sepulturas/${i.sepulturaId}`}>{graveLabel(i)}</Link>
                  <span className="muted">
                    {i.tipo === 'exumacao' ? i.sepultadoNome : i.titularNome}
                    {i.valor !== null &&
                      ` · R$ ${i.valor.toLocaleString('pt-BR', { minimumFractionDigits: 2 })} (${i.ano})`}
                  </span>
                  {/* A rotating grave due for exhumation offers its order (or opens the one made). */}
                  {i.tipo === 'exumacao' &&
                    (i.ordemId ? (
                      <Link to={`/ordens/${i.ordemId}`}>Ordem de exumação</Link>
                    ) : (
                      <Link
                        to={`/admin/ordens?novo=1&tipo=exumacao&sepulturaId=${i.sepulturaId}${
                          i.sepultadoId ? `&sepultadoId=${i.sepultadoId}` : ''
                        }`}
                      >
                        Abrir exumação
                      </Link>
                    ))}
                </li>
              ))}
            </ul>
          )}
          <Pager page={page} pages={a.pages} onPage={setPage} className="graves-pages" />
        </>
      )}
    </section>
  );
}
