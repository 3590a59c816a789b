/**
 * Edit burial, /sepultados/edit/:id (spec §2, §8; admin, or a concessionário assigned to the
 * record). The record is read fresh from the server (its `version` and who is assigned), the
 * form sends only what changed with If-Match: that version, so a record someone else saved
 * meanwhile answers 409 and the person is offered the current data instead of overwriting it.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useFlash } from '../../app/flash';
import { ApiFailure } from '../../data/api';
import type { ConcessionarioRef, SepultadoRecord } from '../../domain/sepultado-types';
import { useSession } from '../auth/session-context';
import { AssignmentPanel } from './assignment-panel';
import { BurialForm } from './burial-form';
import { ConflictNotice } from './conflict-notice';
import { fetchSepultado, StaleFailure, updateSepultado } from './data/calls';
import { failureText } from './data/failure';
import { type BurialPayload, valuesFromRecord } from './form-values';
import { TEXT } from './texts';
import './burials.css';

type Load =
  | { phase: 'loading' }
  | { phase: 'failed'; offline: boolean }
  | { phase: 'ready'; record: SepultadoRecord; generation: number };

export default function EditPage() {
  const { id = '' } = useParams();
  const flash = useFlash();
  const navigate = useNavigate();
  const { auth, role } = useSession();
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  // A 409 and the edit it refused, to send again if the person keeps their changes.
  const [stale, setStale] = useState<{ failure: StaleFailure; payload: BurialPayload } | null>(
    null,
  );
  const [assigned, setAssigned] = useState<ConcessionarioRef[]>([]);

  useEffect(() => {
    let live = true;
    setLoad({ phase: 'loading' });
    void fetchSepultado(id).then(
      (record) => {
        if (!live) return;
        setLoad({ phase: 'ready', record, generation: 0 });
        setAssigned(record.concessionariosInfo ?? []);
      },
      (err: unknown) => {
        if (!live) return;
        setLoad({ phase: 'failed', offline: err instanceof ApiFailure && err.offline });
        flash.error(TEXT.editLoadError);
      },
    );
    return () => {
      live = false;
    };
  }, [id, flash]);

  const record = load.phase === 'ready' ? load.record : null;

  async function send(payload: BurialPayload, version = record?.version) {
    if (!record || version === undefined) return;
    if (!auth?.token) {
      flash.error(TEXT.needLogin);
      return;
    }
    setBusy(true);
    setFieldError(null);
    setStale(null);
    try {
      const answer = await updateSepultado(record.id, payload, version);
      flash.success(answer.message || TEXT.updated);
      navigate('/meussepultados');
    } catch (err) {
      setBusy(false);
      if (err instanceof StaleFailure) {
        setStale({ failure: err, payload });
        return;
      }
      if (err instanceof ApiFailure && err.field) {
        setFieldError({ field: err.field, message: err.message });
      }
      flash.error(
        failureText(err, {
          fallback: TEXT.updateError,
          401: TEXT.sessionExpired,
          403: TEXT.editForbidden,
        }),
      );
    }
  }

  function reloadCurrent() {
    if (!stale || load.phase !== 'ready') return;
    const { current } = stale.failure;
    setLoad({ phase: 'ready', record: current, generation: load.generation + 1 });
    if (current.concessionariosInfo) setAssigned(current.concessionariosInfo);
    setStale(null);
    setFieldError(null);
  }

  // What the server answers for a concessionário not assigned (it refuses the save with 403
  // anyway): said before the form is filled in, not after.
  const refused =
    record !== null &&
    role === 'concessionario' &&
    !(record.concessionarios ?? []).includes(auth?.userId ?? '');

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
            onKeepMine={() => void send(stale.payload, stale.failure.current.version)}
          />
        )}
        {record && !refused && load.phase === 'ready' && (
          <BurialForm
            key={`${record.id}:${load.generation}`}
            initial={valuesFromRecord(record)}
            baseline={valuesFromRecord(record)}
            existingPhotos={record.images.map((file, i) => ({
              file,
              thumb: record.thumbs[i] ?? null,
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
