/**
 * Create burial, /sepultados/add (spec §2 "Criação de Memorial"; admin only by the route
 * table): the shared form with "Cadastrar"; on success the server's message (or "Criado com
 * sucesso!") and the dashboard. Creating goes straight to the API (admin work): without
 * signal it says so and keeps what was typed. Only an admin loads the concessionário list here
 * (spec §174); choosing one assigns the new record right after it is created, with the same
 * call and messages as the dashboard's "Atribuir".
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  assignAssignee,
  type BurialPayload,
  createBurial,
  emptyValues,
  useAssignees,
} from '../../data/burials';
import { ApiFailure, failureText } from '../../data/failure';
import { useSession } from '../../data/session';
import { can } from '../../domain/permissions';
import { TEXT } from '../../lib/texts/burial-texts';
import { useFlash } from '../../ui/flash';
import { assigneeLabel } from './assignee-lookup';
import { BurialForm } from './burial-form';
import './burials.css';

export default function CreatePage() {
  const flash = useFlash();
  const navigate = useNavigate();
  const { auth, role } = useSession();
  const actor = auth ? { id: auth.userId, role } : null;
  const concessionarios = useAssignees(can(actor, 'burial:assign'));
  const [assignee, setAssignee] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const [initial] = useState(emptyValues);

  async function send(payload: BurialPayload) {
    if (!auth?.token) {
      flash.error(TEXT.needLogin);
      navigate('/', { replace: true });
      return;
    }
    setBusy(true);
    setFieldError(null);
    try {
      const answer = await createBurial(payload);
      flash.success(answer.message || TEXT.created);
      const created = answer.sepultado?.id;
      if (created && assignee) {
        try {
          await assignAssignee(created, assignee, 'atribuir', TEXT.assignError);
          flash.success(TEXT.assigned);
        } catch (err) {
          // The record exists: the assignment can be done again from the dashboard.
          flash.error(err instanceof ApiFailure ? err.message : TEXT.assignError);
        }
      }
      navigate('/sepultados/meumemorial');
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiFailure && err.field) {
        setFieldError({ field: err.field, message: err.message });
      }
      flash.error(
        failureText(
          err,
          {
            fallback: TEXT.createError,
            401: TEXT.createSessionInvalid,
            403: TEXT.createForbidden,
          },
          TEXT.offline,
        ),
      );
      if (err instanceof ApiFailure && err.status === 401) navigate('/', { replace: true });
    }
  }

  return (
    <section className="page burial-form-page">
      <h1>{TEXT.createTitle}</h1>
      <p className="muted">{TEXT.createExplain}</p>
      {concessionarios.status === 'ready' && concessionarios.list.length > 0 && (
        <div className="field">
          <label htmlFor="novo-concessionario">Concessionário (opcional)</label>
          <select
            id="novo-concessionario"
            value={assignee}
            onChange={(event) => setAssignee(event.target.value)}
          >
            <option value="">Selecione um concessionário</option>
            {concessionarios.list.map((c) => (
              <option key={c._id} value={c._id}>
                {assigneeLabel(c)}
              </option>
            ))}
          </select>
        </div>
      )}
      <BurialForm
        initial={initial}
        baseline={null}
        submitLabel="Cadastrar"
        busy={busy}
        serverError={fieldError}
        onSubmit={(payload) => void send(payload)}
      />
    </section>
  );
}
