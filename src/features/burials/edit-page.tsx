/**
 * Edit burial, /sepultados/edit/:id (spec §2, §8; admin, or a concessionário assigned to the
 * record). The record is read fresh from the server (its `version` and who is assigned), or
 * without signal from the device's copy. The form's changes go to the outbox with
 * that version: online the page waits for the answer as before (a field someone else saved
 * meanwhile answers 409 and the person chooses), offline it says the edit will go later.
 * An unsent edit of the record shows as the form's starting point and new changes join it.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import {
  type BurialPayload,
  editPayloadFrom,
  type OpenedForEdit,
  openForEdit,
  StaleFailure,
  unsentEdit,
  valuesFromRecord,
  withPendingEdit,
} from '../../data/burials';
import { ApiFailure } from '../../data/failure';
import {
  discard,
  resubmitAfterConflict,
  type SubmitResult,
  submit,
  useRecordOutbox,
} from '../../data/outbox';
import { useSession } from '../../data/session';
import type { ConcessionarioRef } from '../../domain/burial-types';
import { newId } from '../../domain/ids';
import { OUTBOX_MSG } from '../../domain/outbox-item';
import { OUTCOME_MSG } from '../../domain/outcome';
import { can } from '../../domain/permissions';
import { TEXT } from '../../lib/texts/burial-texts';
import { useLoad } from '../../lib/use-load';
import { useFlash } from '../../ui/flash';
import { AssignmentPanel } from './assignment-panel';
import { BurialForm } from './burial-form';
import { ConflictNotice } from './conflict-notice';
import './burials.css';

/** Bumped when the person reloads the current record: the form starts again. */
type Opened = OpenedForEdit & { generation: number };

type Load =
  | { phase: 'loading' }
  | { phase: 'failed'; offline: boolean }
  | ({ phase: 'ready' } & Opened);

export default function EditPage() {
  const { id = '' } = useParams();
  const flash = useFlash();
  const navigate = useNavigate();
  const { auth, role } = useSession();
  const userId = auth?.userId;
  const opened = useLoad<Opened>(
    async () => ({ ...(await openForEdit(id, userId)), generation: 0 }),
    [id, userId],
  );
  const load: Load =
    opened.state.phase === 'done'
      ? { phase: 'ready', ...opened.state.value }
      : opened.state.phase === 'failed'
        ? {
            phase: 'failed',
            offline: opened.state.error instanceof ApiFailure && opened.state.error.offline,
          }
        : { phase: 'loading' };
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  // A 409 and the outbox item it stopped, resolved here while the person is on the form.
  const [stale, setStale] = useState<{ failure: StaleFailure; itemId: string } | null>(null);
  const pending = unsentEdit(useRecordOutbox(id));

  // "Erro ao carregar" only when the server answered with a failure; no answer is said inline.
  const loadRefused = load.phase === 'failed' && !load.offline;
  useEffect(() => {
    if (loadRefused) flash.error(TEXT.editLoadError);
  }, [loadRefused, flash]);
  const assigned = load.phase === 'ready' ? load.assigned : [];
  const { setValue } = opened;
  const setAssigned = useCallback(
    (next: ConcessionarioRef[]) => setValue((o) => ({ ...o, assigned: next })),
    [setValue],
  );

  const record = load.phase === 'ready' ? load.record : null;
  // The form starts from the record as the person's unsent edit will make it.
  const pendingAtLoad = load.phase === 'ready' ? load.pendingAtLoad : undefined;
  const shown = record ? withPendingEdit(record, pendingAtLoad) : null;

  /**
   * What happened to the queued edit, as this screen shows it (docs/decisions.md, "Outcomes"): success
   * only once the server has it; "guardada no aparelho" (neutral) only when nothing answered;
   * a server failure, a 429, an ended session or a removed account as errors, the item kept.
   */
  function settle(result: SubmitResult | null) {
    setBusy(false);
    switch (result?.status) {
      case undefined:
        return;
      case 'sent':
        flash.success(TEXT.updated);
        navigate('/meussepultados');
        return;
      case 'conflict':
        setStale({
          failure: new StaleFailure(
            result.answer.message,
            result.answer.current,
            result.answer.conflicts,
          ),
          itemId: result.itemId,
        });
        return;
      case 'refused':
        // Refused while the person is on the form: the form is where to fix it.
        if (result.field) setFieldError({ field: result.field, message: result.message ?? '' });
        flash.error(result.message ?? TEXT.updateError);
        return;
      case 'session-ended':
        // The session provider ends the session and the guard leaves this page.
        flash.error(result.accountGone ? OUTCOME_MSG.accountGoneShort : OUTCOME_MSG.sessionExpired);
        return;
      case 'server-error':
        // The edit stays queued and is retried; the person stays on the form.
        flash.error(TEXT.updateError);
        return;
      case 'rate-limited':
        flash.error(result.reason ?? TEXT.updateError);
        return;
      case 'busy':
        // Kept on the device and sent at the server's Retry-After, like a lost signal.
        flash.neutral(result.reason ?? OUTCOME_MSG.busy);
        navigate(`/sepultados/${encodeURIComponent(id)}`);
        return;
      case 'not-stored':
        flash.error(OUTBOX_MSG.quota);
        return;
      case 'queued':
        // No answer at all: kept on the device, it goes when the signal returns.
        flash.neutral(OUTBOX_MSG.editQueued);
        navigate(`/sepultados/${encodeURIComponent(id)}`);
    }
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
    settle(
      await submit({
        kind: 'edit',
        id: newId(),
        sepultadoId: record.id,
        userId: auth.userId,
        payload: editPayloadFrom(form, record.version, record.nome),
      }),
    );
  }

  /** "Carregar dados atuais": the person drops their edit and starts from the record now. */
  function reloadCurrent() {
    if (!stale || load.phase !== 'ready') return;
    const { current } = stale.failure;
    opened.setValue({
      record: current,
      generation: load.generation + 1,
      assigned: current.concessionariosInfo ?? load.assigned,
    });
    setStale(null);
    setFieldError(null);
    void discard(stale.itemId).catch(() => undefined);
  }

  /** "Manter minhas alterações": every conflicting field as the person wrote it. */
  async function keepMine() {
    if (!stale) return;
    const { itemId, failure } = stale;
    setBusy(true);
    const keep = new Set(failure.conflicts.map((c) => c.field));
    const next = resubmitAfterConflict(itemId, keep);
    setStale(null);
    settle(await next);
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
    <div className="burial-edit">
      <section className="page burial-form-page">
        <h1>
          {TEXT.editTitle}
          {record ? ` de ${record.nome}` : ''}
        </h1>
        {!refused && <p className="muted">{TEXT.editNote}</p>}
        {load.phase === 'loading' && <p className="loading">{TEXT.loading}</p>}
        {load.phase === 'failed' && (
          <p className="form-alert" role="alert">
            {load.offline ? TEXT.editOfflineNoCopy : TEXT.editLoadError}
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
            initial={valuesFromRecord(shown)}
            baseline={valuesFromRecord(shown)}
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
      {record && can(actor, 'burial:assign') && (
        <AssignmentPanel sepultadoId={record.id} assigned={assigned} onChange={setAssigned} />
      )}
    </div>
  );
}
