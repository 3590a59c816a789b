/**
 * "Gerenciamento de Sepultados", /sepultados/meumemorial (spec §2, §5, §6, §8): admins see
 * every record and may create, delete and (un)assign; a concessionário sees the records
 * assigned to them and may edit those. Staff work goes straight to the API; the list is asked
 * again after every change.
 */
import { type FormEvent, Fragment, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { assignAssignee, deleteBurial, useAssignees, useMineList } from '../../data/burials';
import { failureText } from '../../data/failure';
import { useSession } from '../../data/session';
import { can } from '../../domain/permissions';
import { TEXT } from '../../lib/texts/burial-texts';
import { useFlash } from '../../ui/flash';
import { AssignInline, type AssignMode } from './assign-inline';
import { DashboardRow } from './dashboard-row';
import './burials.css';

export default function DashboardPage() {
  const flash = useFlash();
  const { status, role, auth } = useSession();
  const actor = status === 'authenticated' && auth ? { id: auth.userId, role } : null;
  const mayEditPlan = can(actor, 'plan:edit');
  const mayManageCemeteries = can(actor, 'cemetery:manage');
  const mayPrintLabels = can(actor, 'label:print');
  const maySheets = can(actor, 'burial:spreadsheet');
  const mayBackup = can(actor, 'backup:manage');
  const mayAudit = can(actor, 'audit:read');
  // The admin's tool screens, as far as this person may use them.
  const tools = [
    mayManageCemeteries && { to: '/admin/cemiterios', label: 'Cemitérios' },
    mayEditPlan && { to: '/admin/mapa', label: 'Mapa do cemitério' },
    mayPrintLabels && { to: '/sepultados/etiquetas', label: 'Etiquetas com código QR' },
    maySheets && { to: '/admin/planilhas', label: 'Planilhas' },
    mayBackup && { to: '/admin/copias', label: 'Cópias de segurança' },
    mayAudit && { to: '/admin/auditoria', label: 'Auditoria' },
  ].filter((tool): tool is { to: string; label: string } => Boolean(tool));
  const mayManage = can(actor, 'burial:assign') && can(actor, 'burial:delete');
  const [term, setTerm] = useState('');
  const [query, setQuery] = useState('');
  const [reloadKey, setReloadKey] = useState(0);
  const list = useMineList(query, reloadKey);
  const concessionarios = useAssignees(can(actor, 'burial:assign'));
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
      await deleteBurial(id);
      flash.success(TEXT.removed);
      setReloadKey((k) => k + 1);
    } catch (err) {
      flash.error(
        failureText(err, { fallback: TEXT.removeError, useServerMessage: false }, TEXT.offline),
      );
    } finally {
      setPending(false);
    }
  }

  async function changeAssignment(id: string, mode: AssignMode, userId: string) {
    const assign = mode === 'atribuir';
    setPending(true);
    setProblem(null);
    try {
      await assignAssignee(
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
      flash.error(failureText(err, { fallback, useServerMessage: false }, TEXT.offline));
      // The server's reason (not a concessionário, unknown user…) stays under the entry.
      setProblem(failureText(err, { fallback }, TEXT.offline));
    } finally {
      setPending(false);
    }
  }

  const people = concessionarios.status === 'ready' ? concessionarios.list : null;
  return (
    <section className="page burial-dashboard">
      <div className="burial-dash-head">
        <h1>{TEXT.dashboardTitle}</h1>
        {can(actor, 'burial:create') && (
          <Link className="btn btn-primary" to="/sepultados/add">
            Novo Registro
          </Link>
        )}
      </div>
      {/* The admin's map and label screens live here: the navbar's links are fixed by spec §2. */}
      {tools.length > 0 && (
        <p className="burial-dash-tools">
          {tools.map((tool, i) => (
            <Fragment key={tool.to}>
              {i > 0 && ' · '}
              <Link to={tool.to}>{tool.label}</Link>
            </Fragment>
          ))}
        </p>
      )}
      {/* Whoever keeps records here but may not create them is told who can. */}
      {actor && !can(actor, 'burial:create') && <p className="muted">{TEXT.askAdmin}</p>}
      <search>
        <form className="burial-dash-search" onSubmit={search}>
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
        <p className="burial-dash-device-note" role="status">
          {TEXT.mineFromDevice}
        </p>
      )}
      {list.phase === 'ready' && list.rows.length === 0 && (
        <p className="burial-empty">{TEXT.dashboardEmpty}</p>
      )}
      {list.phase === 'ready' && list.rows.length > 0 && (
        <ul className="burial-dash-list">
          {list.rows.map((card) => (
            <DashboardRow
              key={card.id}
              card={card}
              mayManage={mayManage}
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
      {mayPrintLabels && list.phase === 'ready' && list.rows.length > 0 && (
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
