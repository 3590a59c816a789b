/**
 * Edit burial, /sepultados/edit/:id (spec §2, §8; admin, or a concessionário assigned to the
 * record). The record is read fresh from the server (its `version` and who is assigned), or
 * without signal from the device's copy. The form's changes go to the outbox (issue 7) with
 * that version: online the page waits for the answer as before (a field someone else saved
 * meanwhile answers 409 and the person chooses), offline it says the edit will go later.
 * An unsent edit of the record shows as the form's starting point and new changes join it.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useFlash } from '../../app/flash';
import { ApiFailure } from '../../data/api';
import { db } from '../../data/db';
import { discardItem, enqueueEdit, resolveConflict } from '../../data/outbox/outbox-queue';
import { requestDrain, waitForOutcome } from '../../data/outbox/outbox-runner';
import { type EditOutboxItem, OUTBOX_MSG, type OutboxItem } from '../../data/outbox/outbox-types';
import { newId } from '../../domain/ids';
import { OUTCOME_MSG } from '../../domain/outcome';
import { can } from '../../domain/permissions';
import type { ConcessionarioRef, SepultadoRecord } from '../../domain/sepultado-types';
import { useSession } from '../auth/session-context';
import { useRecordOutbox } from '../outbox/use-outbox';
import { fetchSepultado, StaleFailure } from './api/calls';
import { AssignmentPanel } from './assignment-panel';
import { BurialForm } from './burial-form';
import { ConflictNotice } from './conflict-notice';
import { editPayloadFrom, unsentEdit, withPendingEdit } from './edit-outbox';
import { type BurialPayload, valuesFromRecord } from './form-values';
import { TEXT } from './texts';
import './burials.css';

type Load =
  | { phase: 'loading' }
  | { phase: 'failed'; offline: boolean }
  | {
      phase: 'ready';
      record: SepultadoRecord;
      generation: number;
      fromDevice?: boolean;
      /** The person's unsent edit when the form was opened: the form starts from it. */
      pendingAtLoad?: EditOutboxItem;
    };

/** How long the form waits for the server before saying the edit will go later. */
const ONLINE_WAIT_MS = 20_000;

/** The device's full copy of a record, when it holds one with its version (visit pack, visit). */
async function storedRecord(id: string): Promise<SepultadoRecord | null> {
  const row = await db.sepultados.get(id).catch(() => undefined);
  if (!row?.full || typeof row.version !== 'number') return null;
  return { ...row, images: row.images ?? [], thumbs: row.thumbs ?? [] } as SepultadoRecord;
}

/** Read once when the form opens, so a drain finishing meanwhile never resets typed input. */
async function pendingEditOf(id: string, userId: string | undefined) {
  if (!userId) return undefined;
  const items = await db.outbox
    .where('sepultadoId')
    .equals(id)
    .toArray()
    .catch(() => []);
  return unsentEdit(items.filter((i) => i.userId === userId));
}

export default function EditPage() {
  const { id = '' } = useParams();
  const flash = useFlash();
  const navigate = useNavigate();
  const { auth, role } = useSession();
  const userId = auth?.userId;
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  // A 409 and the outbox item it stopped, resolved here while the person is on the form.
  const [stale, setStale] = useState<{ failure: StaleFailure; itemId: string } | null>(null);
  const [assigned, setAssigned] = useState<ConcessionarioRef[]>([]);
  const pending = unsentEdit(useRecordOutbox(id));

  useEffect(() => {
    let live = true;
    setLoad({ phase: 'loading' });
    void fetchSepultado(id).then(
      async (record) => {
        const pendingAtLoad = await pendingEditOf(id, userId);
        if (!live) return;
        setLoad({ phase: 'ready', record, generation: 0, pendingAtLoad });
        setAssigned(record.concessionariosInfo ?? []);
      },
      async (err: unknown) => {
        const offline = err instanceof ApiFailure && err.offline;
        // Without signal, the device's copy: the server still decides on sending.
        const stored = offline ? await storedRecord(id) : null;
        const pendingAtLoad = await pendingEditOf(id, userId);
        if (!live) return;
        if (stored) {
          setLoad({
            phase: 'ready',
            record: stored,
            generation: 0,
            fromDevice: true,
            pendingAtLoad,
          });
          return;
        }
        setLoad({ phase: 'failed', offline });
        flash.error(TEXT.editLoadError);
      },
    );
    return () => {
      live = false;
    };
  }, [id, flash, userId]);

  const record = load.phase === 'ready' ? load.record : null;
  // The form starts from the record as the person's unsent edit will make it.
  const pendingAtLoad = load.phase === 'ready' ? load.pendingAtLoad : undefined;
  const shown = record
    ? withPendingEdit({ ...record, full: true, nameTokens: [], storedAt: 0 }, pendingAtLoad)
    : null;

  /**
   * What the outbox says about the item, as this screen shows it (README, "Outcomes"): success
   * only once the server has it; "guardada no aparelho" (neutral) only when nothing answered;
   * a server failure, a 429, an ended session or a removed account as errors, the item kept.
   */
  async function settle(item: OutboxItem) {
    const outcome = await waitForOutcome(item, ONLINE_WAIT_MS);
    setBusy(false);
    if (!outcome || outcome.state === 'sent') {
      flash.success(TEXT.updated);
      navigate('/meussepultados');
      return;
    }
    const problem = outcome.problem;
    if (outcome.state === 'attention' && problem?.kind === 'conflict') {
      const { answer } = problem;
      setStale({
        failure: new StaleFailure(answer.message, answer.current, answer.conflicts),
        itemId: outcome.id,
      });
      return;
    }
    if (outcome.state === 'attention' && problem?.kind === 'refused') {
      // Refused while the person is on the form: the form is where to fix it.
      await discardItem(db, outcome.id);
      if (problem.field) setFieldError({ field: problem.field, message: outcome.reason ?? '' });
      flash.error(outcome.reason ?? TEXT.updateError);
      return;
    }
    if (outcome.state === 'attention') {
      // The session ended (it waits for the same person) or the account is gone: the session
      // provider ends the session and the guard leaves this page.
      flash.error(
        problem?.kind === 'account-gone'
          ? OUTCOME_MSG.accountGoneShort
          : OUTCOME_MSG.sessionExpired,
      );
      return;
    }
    if (outcome.waitingFor === 'server-error') {
      // The server failed: the edit stays queued and is retried; the person stays on the form.
      flash.error(TEXT.updateError);
      return;
    }
    if (outcome.waitingFor === 'rate-limited') {
      flash.error(outcome.reason ?? TEXT.updateError);
      return;
    }
    // No answer at all: kept on the device, it goes when the signal returns.
    flash.neutral(OUTBOX_MSG.editQueued);
    navigate(`/sepultados/${encodeURIComponent(id)}`);
  }

  async function send(form: BurialPayload) {
    if (!record) return;
    if (!auth?.token) {
      flash.error(TEXT.needLogin);
      return;
    }
    setBusy(true);
    setFieldError(null);
    setStale(null);
    try {
      const item = await enqueueEdit(
        db,
        { id: newId(), sepultadoId: record.id, userId: auth.userId },
        editPayloadFrom(form, record.version, record.nome),
      );
      requestDrain();
      await settle(item);
    } catch {
      setBusy(false);
      flash.error(OUTBOX_MSG.quota);
    }
  }

  /** "Carregar dados atuais": the person drops their edit and starts from the record now. */
  function reloadCurrent() {
    if (!stale || load.phase !== 'ready') return;
    const { current } = stale.failure;
    setLoad({ phase: 'ready', record: current, generation: load.generation + 1 });
    if (current.concessionariosInfo) setAssigned(current.concessionariosInfo);
    setStale(null);
    setFieldError(null);
    void discardItem(db, stale.itemId).catch(() => undefined);
  }

  /** "Manter minhas alterações": every conflicting field as the person wrote it. */
  async function keepMine() {
    if (!stale) return;
    const { itemId, failure } = stale;
    setBusy(true);
    const left = await resolveConflict(db, itemId, new Set(failure.conflicts.map((c) => c.field)));
    setStale(null);
    if (!left) {
      setBusy(false);
      return;
    }
    const item = await db.outbox.get(itemId);
    requestDrain();
    if (item) await settle(item);
    else setBusy(false);
  }

  // What the server answers for a concessionário not assigned (it refuses the save with 403
  // anyway): said before the form is filled in, not after.
  // (Unknown on the device's copy, which never keeps who manages a record: the server decides.)
  const actor = auth ? { id: auth.userId, role } : null;
  const refused =
    load.phase === 'ready' &&
    !load.fromDevice &&
    !can(actor, 'burial:edit', { assigned: load.record.concessionarios ?? [] });

  return (
    <div className="edit">
      <section className="page form-page">
        <h1>
          {TEXT.editTitle}
          {record ? ` de ${record.nome}` : ''}
        </h1>
        {!refused && <p className="muted">{TEXT.editNote}</p>}
        {load.phase === 'loading' && <p className="loading">{TEXT.loading}</p>}
        {load.phase === 'failed' && (
          <p className="form-alert" role="alert">
            {load.offline ? TEXT.offline : TEXT.editLoadError}
          </p>
        )}
        {refused && (
          <p className="form-alert" role="alert">
            {TEXT.editForbidden} <Link to="/sepultados/meumemorial">Voltar à lista</Link>
          </p>
        )}
        {stale && (
          <ConflictNotice
            key={stale.failure.current.version}
            stale={stale.failure}
            busy={busy}
            onReload={reloadCurrent}
            onKeepMine={() => void keepMine()}
          />
        )}
        {load.phase === 'ready' && load.fromDevice && (
          <p className="form-alert" role="status">
            {TEXT.editFromDevice}
          </p>
        )}
        {pending && !stale && (
          <p className="form-alert" role="status">
            {TEXT.editPending}
          </p>
        )}
        {record && shown && !refused && load.phase === 'ready' && (
          <BurialForm
            key={`${record.id}:${load.generation}`}
            initial={valuesFromRecord(shown as SepultadoRecord)}
            baseline={valuesFromRecord(shown as SepultadoRecord)}
            existingPhotos={(shown.images ?? []).map((file, i) => ({
              file,
              thumb: shown.thumbs?.[i] ?? null,
            }))}
            submitLabel="Atualizar"
            busy={busy}
            serverError={fieldError}
            onSubmit={(payload) => void send(payload)}
          />
        )}
      </section>
      {record && role === 'admin' && (
        <AssignmentPanel sepultadoId={record.id} assigned={assigned} onChange={setAssigned} />
      )}
    </div>
  );
}
