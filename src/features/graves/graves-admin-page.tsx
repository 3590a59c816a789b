/**
 * /admin/sepulturas (admins): a cemetery's graves filtered by status and quadra, paged, each
 * opening its page; and a range of new graves (quadra 12, lotes 1–200) in one go.
 */
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiFailure } from '../../data/failure';
import { createGraveRange, fetchGraves } from '../../data/graves';
import { GRAVE_STATUS_LABEL, GRAVE_STATUSES, graveLabel } from '../../domain/grave-rules';
import { useLoad } from '../../lib/use-load';
import { useFlash } from '../../ui/flash';
import { useCemeteryFilter } from './cemetery-filter';
import './graves.css';
import { Pager } from '../../ui/pager';

export default function GravesAdminPage() {
  const flash = useFlash();
  const [situacao, setSituacao] = useState('');
  const [quadra, setQuadra] = useState('');
  const [page, setPage] = useState(1);
  const { chosen, select: cemeterySelect } = useCemeteryFilter(() => setPage(1));
  const { state, reload } = useLoad(
    chosen ? () => fetchGraves({ cemiterioId: chosen, situacao, quadra, page }) : null,
    [chosen, situacao, quadra, page],
  );
  const answer =
    state.phase === 'done' ? state.value : state.phase === 'loading' ? state.last : undefined;
  const [range, setRange] = useState({ quadra: '', de: '1', ate: '' });
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);

  async function makeRange(e: FormEvent) {
    e.preventDefault();
    setFieldError(null);
    try {
      const done = await createGraveRange({
        cemiterioId: chosen,
        quadra: range.quadra,
        numeroInicial: Number(range.de),
        numeroFinal: Number(range.ate),
      });
      flash.success(done.message);
      reload();
    } catch (err) {
      const f = err instanceof ApiFailure ? err : null;
      if (f?.field) setFieldError({ field: f.field, message: f.message });
      else flash.error(f?.message ?? 'Não foi possível criar as sepulturas.');
    }
  }

  return (
    <section className="page graves-admin" aria-labelledby="sepulturas-titulo">
      <h1 id="sepulturas-titulo">Sepulturas</h1>
      <div className="graves-filters">
        {cemeterySelect}
        <label>
          Situação
          <select
            value={situacao}
            onChange={(e) => {
              setSituacao(e.target.value);
              setPage(1);
            }}
          >
            <option value="">Todas</option>
            {GRAVE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {GRAVE_STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Quadra
          <input
            value={quadra}
            onChange={(e) => {
              setQuadra(e.target.value);
              setPage(1);
            }}
          />
        </label>
      </div>
      {state.phase === 'failed' && (
        <p className="form-alert">
          {state.error instanceof ApiFailure
            ? state.error.message
            : 'Não foi possível carregar as sepulturas.'}
        </p>
      )}
      {answer && (
        <>
          <p className="muted">
            {answer.total.toLocaleString('pt-BR')} {answer.total === 1 ? 'sepultura' : 'sepulturas'}
          </p>
          <ul className="graves-list">
            {answer.sepulturas.map((g) => (
              <li key={g.id}>
                <Link to={`/sepulturas/${g.id}`}>{graveLabel(g)}</Link>
                <span className={`grave-status grave-status-${g.situacao.replace(' ', '-')}`}>
                  {GRAVE_STATUS_LABEL[g.situacao]}
                </span>
                <span className="muted">
                  {g.tipo ?? 'Tipo não informado'} · {g.ocupantes}{' '}
                  {g.ocupantes === 1 ? 'sepultado' : 'sepultados'}
                </span>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={answer.pages} onPage={setPage} className="graves-pages" />
        </>
      )}
      <form className="grave-panel" onSubmit={makeRange}>
        <h2>Criar sepulturas em série</h2>
        <label>
          Quadra
          <input
            required
            value={range.quadra}
            onChange={(e) => setRange({ ...range, quadra: e.target.value })}
          />
        </label>
        <label>
          Do número
          <input
            inputMode="numeric"
            required
            value={range.de}
            onChange={(e) => setRange({ ...range, de: e.target.value })}
          />
        </label>
        <label>
          Ao número
          <input
            inputMode="numeric"
            required
            value={range.ate}
            onChange={(e) => setRange({ ...range, ate: e.target.value })}
          />
        </label>
        {fieldError && (
          <p className="grave-field-error" role="alert">
            {fieldError.message}
          </p>
        )}
        <button type="submit" disabled={!chosen}>
          Criar sepulturas
        </button>
      </form>
    </section>
  );
}
