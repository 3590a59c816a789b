/**
 * "Gerenciamento de Sepultados", /sepultados/meumemorial (spec §2, §5, §6, §8): admins see
 * every record and may create, delete and (un)assign; a concessionário sees the records
 * assigned to them and may edit those. Staff work goes straight to the API; the list is asked
 * again after every change.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useFlash } from '../../app/flash';
import { useSession } from '../auth/session-context';
import { assignConcessionario, deleteSepultado } from './api/calls';
import { failureText } from './api/failure';
import { useConcessionarios } from './api/use-concessionarios';
import { useMineList } from './api/use-mine-list';
import { AssignInline, type AssignMode } from './assign-inline';
import { DashboardRow } from './dashboard-row';
import { TEXT } from './texts';
import './burials.css';

export default function DashboardPage() {
  const flash = useFlash();
  const { status, role } = useSession();
  const isAdmin = status === 'authenticated' && role === 'admin';
  const [term, setTerm] = useState('');
  const [query, setQuery] = useState('');
  const [reloadKey, setReloadKey] = useState(0);
  const list = useMineList(query, reloadKey);
  const concessionarios = useConcessionarios(isAdmin);
  const [pending, setPending] = useState(false);
  const [assigning, setAssigning] = useState<{ id: string; mode: AssignMode } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const listFailure = list.phase === 'failed' ? list.message : null;
  useEffect(() => {
    if (listFailure) flash.error(listFailure);
  }, [listFailure, flash]);

  if (status === 'checking') return <p className="loading">{TEXT.roleLoading}</p>;

  function search(event: FormEvent) {
    event.preventDefault();
    setQuery(term.trim());
  }

  async function remove(id: string, nome: string) {
    if (!window.confirm(TEXT.confirmDelete(nome))) return;
    setPending(true);
    try {
      await deleteSepultado(id);
      flash.success(TEXT.removed);
      setReloadKey((k) => k + 1);
    } catch (err) {
      flash.error(failureText(err, { fallback: TEXT.removeError, useServerMessage: false }));
    } finally {
      setPending(false);
    }
  }

  async function changeAssignment(id: string, mode: AssignMode, userId: string) {
    const assign = mode === 'atribuir';
    setPending(true);
    setProblem(null);
    try {
      await assignConcessionario(
        id,
        userId,
        mode,
        assign ? TEXT.dashAssignError : TEXT.dashUnassignError,
      );
      flash.success(assign ? TEXT.dashAssigned : TEXT.dashUnassigned);
      setAssigning(null);
      setReloadKey((k) => k + 1);
    } catch (err) {
      const fallback = assign ? TEXT.dashAssignError : TEXT.dashUnassignError;
      flash.error(failureText(err, { fallback, useServerMessage: false }));
      // The server's reason (not a concessionário, unknown user…) stays under the entry.
      setProblem(failureText(err, { fallback }));
    } finally {
      setPending(false);
    }
  }

  const people = concessionarios.status === 'ready' ? concessionarios.list : null;
  return (
    <section className="page dashboard">
      <div className="dash-head">
        <h1>{TEXT.dashboardTitle}</h1>
        {isAdmin && (
          <Link className="btn btn-primary" to="/sepultados/add">
            Novo Registro
          </Link>
        )}
      </div>
      {/* Issue 8's admin screens live here: the navbar's links are fixed by spec §2. */}
      {isAdmin && (
        <p className="dash-tools">
          <Link to="/admin/mapa">Mapa do cemitério</Link>
          {' · '}
          <Link to="/sepultados/etiquetas">Etiquetas com código QR</Link>
        </p>
      )}
      {role === 'concessionario' && <p className="muted">{TEXT.askAdmin}</p>}
      <search>
        <form className="dash-search" onSubmit={search}>
          <input
            type="search"
            aria-label="Pesquisar por nome"
            placeholder="Pesquisar por nome"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
          />
          <button type="submit" className="btn btn-primary">
            Pesquisar
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setTerm('');
              setQuery('');
            }}
          >
            Limpar
          </button>
        </form>
      </search>
      {list.phase === 'loading' && <p className="loading">{TEXT.roleLoading}</p>}
      {list.phase === 'failed' && (
        <p className="form-alert" role="alert">
          {list.message}
        </p>
      )}
      {list.phase === 'ready' && list.fromDevice && (
        <p className="dash-device-note" role="status">
          {TEXT.mineFromDevice}
        </p>
      )}
      {list.phase === 'ready' && list.rows.length === 0 && (
        <p className="empty">{TEXT.dashboardEmpty}</p>
      )}
      {list.phase === 'ready' && list.rows.length > 0 && (
        <ul className="dash-list">
          {list.rows.map((card) => (
            <DashboardRow
              key={card.id}
              card={card}
              isAdmin={isAdmin}
              busy={pending}
              onDelete={() => void remove(card.id, card.nome)}
              onAssign={(mode) => {
                setProblem(null);
                setAssigning({ id: card.id, mode });
              }}
              onUnassign={(userId) => void changeAssignment(card.id, 'desatribuir', userId)}
            >
              {assigning?.id === card.id && (
                <AssignInline
                  key={assigning.mode}
                  mode={assigning.mode}
                  nome={card.nome}
                  list={people}
                  busy={pending}
                  problem={problem}
                  onConfirm={(userId) => void changeAssignment(card.id, assigning.mode, userId)}
                  onCancel={() => setAssigning(null)}
                />
              )}
            </DashboardRow>
          ))}
        </ul>
      )}
      {isAdmin && list.phase === 'ready' && list.rows.length > 0 && (
        <p>
          <Link
            className="btn btn-small"
            to={`/sepultados/etiquetas?ids=${list.rows.map((r) => r.id).join(',')}`}
          >
            Etiquetas QR desta lista
          </Link>
        </p>
      )}
    </section>
  );
}
