/**
 * /admin/auditoria "Auditoria" (admins): the audit trail with filters (resource, person,
 * action, date range, cemetery), pages of 50 newest first, and the filtered entries as CSV.
 * The filters live in the address, so a filtered view can be linked (a user's page links here).
 */
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AUDIT_CALL_MSG, downloadAuditCsv, useAuditPage } from '../../data/audit';
import { useCemeteries } from '../../data/cemeteries';
import { failureText } from '../../data/failure';
import { AUDIT_ACTIONS, AUDIT_RESOURCES } from '../../domain/audit-rules';
import type { AuditQuery } from '../../domain/audit-types';
import { saveBlob } from '../../lib/save-blob';
import { useFlash } from '../../ui/flash';
import { AuditEntries } from './audit-entries';
import './audit.css';

const FILTERS = ['recurso', 'pessoa', 'acao', 'de', 'ate', 'cemiterio'] as const;
type Filter = (typeof FILTERS)[number];

function queryOf(params: URLSearchParams): AuditQuery {
  const query: AuditQuery = {};
  for (const key of FILTERS) {
    const value = params.get(key);
    if (value) query[key] = value;
  }
  const page = Number(params.get('pagina'));
  if (Number.isInteger(page) && page > 1) query.pagina = page;
  return query;
}

export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryOf(params), [params]);
  const { state, reload } = useAuditPage(query);
  const cemeteries = useCemeteries();
  const flash = useFlash();
  const [exporting, setExporting] = useState(false);
  const page = query.pagina ?? 1;
  const value =
    state.phase === 'done' ? state.value : state.phase === 'loading' ? state.last : undefined;

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of FILTERS) {
      const v = String(form.get(key) ?? '').trim();
      if (v) next.set(key, v);
    }
    setParams(next);
  }

  function goTo(n: number) {
    const next = new URLSearchParams(params);
    if (n > 1) next.set('pagina', String(n));
    else next.delete('pagina');
    setParams(next);
  }

  async function exportCsv() {
    setExporting(true);
    try {
      saveBlob(
        await downloadAuditCsv(query),
        `auditoria-${new Date().toISOString().slice(0, 10)}.csv`,
      );
    } catch (err) {
      flash.error(failureText(err, AUDIT_CALL_MSG.exportError, AUDIT_CALL_MSG.exportError));
    } finally {
      setExporting(false);
    }
  }

  const field = (key: Filter) => query[key] ?? '';
  return (
    <section className="page audit-page" aria-labelledby="audit-title">
      <h1 id="audit-title">Auditoria</h1>
      <p>
        <Link to="/sepultados/meumemorial">← Voltar ao gerenciamento</Link>
      </p>
      <form className="audit-filters" onSubmit={apply} key={params.toString()}>
        <label>
          Recurso
          <select name="recurso" defaultValue={field('recurso')}>
            <option value="">Todos</option>
            {Object.entries(AUDIT_RESOURCES).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Ação
          <select name="acao" defaultValue={field('acao')}>
            <option value="">Todas</option>
            {Object.entries(AUDIT_ACTIONS).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Pessoa (identificador)
          <input name="pessoa" defaultValue={field('pessoa')} pattern="[0-9a-f]{24}" />
        </label>
        <label>
          Cemitério
          <select name="cemiterio" defaultValue={field('cemiterio')}>
            <option value="">Todos</option>
            {(cemeteries.list ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.nome}
              </option>
            ))}
          </select>
        </label>
        <label>
          De
          <input type="date" name="de" defaultValue={field('de')} />
        </label>
        <label>
          Até
          <input type="date" name="ate" defaultValue={field('ate')} />
        </label>
        <button type="submit" className="btn btn-primary">
          Filtrar
        </button>
        <button type="button" className="btn" disabled={exporting} onClick={() => void exportCsv()}>
          {exporting ? 'Exportando...' : 'Exportar CSV'}
        </button>
      </form>
      {state.phase === 'loading' && !value && <p className="loading">Carregando...</p>}
      {state.phase === 'failed' && (
        <p className="form-alert" role="alert">
          {failureText(state.error, AUDIT_CALL_MSG.loadError, AUDIT_CALL_MSG.loadError)}{' '}
          <button type="button" className="btn" onClick={reload}>
            Tentar novamente
          </button>
        </p>
      )}
      {value && value.items.length === 0 && <p className="muted">Nenhuma entrada encontrada.</p>}
      {value && value.items.length > 0 && <AuditEntries entries={value.items} />}
      {value && (page > 1 || value.hasMore) && (
        <p className="audit-pager">
          <button
            type="button"
            className="btn"
            disabled={page === 1}
            onClick={() => goTo(page - 1)}
          >
            Anterior
          </button>
          <span className="muted">Página {page}</span>
          <button
            type="button"
            className="btn"
            disabled={!value.hasMore}
            onClick={() => goTo(page + 1)}
          >
            Próxima
          </button>
        </p>
      )}
    </section>
  );
}
