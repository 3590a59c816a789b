/**
 * "Histórico": a record's (admin and its assigned concessionários) or a user's (admin) audit
 * entries, newest first, asked for only when the person opens the section.
 */
import { useState } from 'react';
import { AUDIT_CALL_MSG, type HistoryKind, useHistory } from '../../data/audit';
import { failureText } from '../../data/failure';
import { AuditEntries } from './audit-entries';
import './audit.css';

export function HistorySection({ kind, id }: { kind: HistoryKind; id: string }) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const { state, reload } = useHistory(kind, id, page, open);
  const value =
    state.phase === 'done' ? state.value : state.phase === 'loading' ? state.last : undefined;
  return (
    <section className="page audit-history-section" aria-labelledby={`historico-${id}`}>
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          <h2 id={`historico-${id}`}>Histórico</h2>
        </summary>
        {state.phase === 'loading' && !value && <p className="loading">Carregando...</p>}
        {state.phase === 'failed' && (
          <p className="form-alert" role="alert">
            {failureText(state.error, AUDIT_CALL_MSG.historyError, AUDIT_CALL_MSG.historyError)}{' '}
            <button type="button" className="btn" onClick={reload}>
              Tentar novamente
            </button>
          </p>
        )}
        {value && value.items.length === 0 && (
          <p className="muted">Nenhuma alteração registrada.</p>
        )}
        {value && value.items.length > 0 && (
          <AuditEntries entries={value.items} showResource={kind === 'sepultados'} />
        )}
        {value && (page > 1 || value.hasMore) && (
          <p className="audit-pager">
            <button
              type="button"
              className="btn"
              disabled={page === 1}
              onClick={() => setPage((p) => p - 1)}
            >
              Mais recentes
            </button>
            <button
              type="button"
              className="btn"
              disabled={!value.hasMore}
              onClick={() => setPage((p) => p + 1)}
            >
              Mais antigas
            </button>
          </p>
        )}
      </details>
    </section>
  );
}
