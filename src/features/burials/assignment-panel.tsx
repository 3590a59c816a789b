/**
 * The edit screen's assignment panel (spec §2, §4, §8; admins only): a dropdown of the
 * concessionários ("name — email"), "Atribuir" ("Atribuindo..." while working), and the list
 * "Concessionários atribuídos" with "Remover" per person. Shown only when the list of
 * concessionários is non-empty.
 */
import { useEffect, useState } from 'react';
import { assignAssignee, useAssignees } from '../../data/burials';
import { failureText } from '../../data/failure';
import type { ConcessionarioRef } from '../../domain/burial-types';
import { TEXT } from '../../lib/texts/burial-texts';
import { useFlash } from '../../ui/flash';
import { assigneeLabel } from './assignee-lookup';

interface Props {
  sepultadoId: string;
  assigned: ConcessionarioRef[];
  onChange(assigned: ConcessionarioRef[]): void;
}

export function AssignmentPanel({ sepultadoId, assigned, onChange }: Props) {
  const flash = useFlash();
  const state = useAssignees(true);
  const [selected, setSelected] = useState('');
  // 'assign', or the id of the person being removed: every button waits meanwhile.
  const [busy, setBusy] = useState<string | null>(null);

  const expired = state.status === 'failed' && state.httpStatus === 401;
  useEffect(() => {
    // 403 and other failures stay silent (spec §8): the panel simply does not show.
    if (expired) flash.error(TEXT.sessionExpired);
  }, [expired, flash]);

  if (state.status !== 'ready' || state.list.length === 0) return null;
  const available = state.list.filter((u) => !assigned.some((a) => a._id === u._id));

  async function assign() {
    if (!selected) {
      flash.error(TEXT.selectAssigneeRequired);
      return;
    }
    setBusy('assign');
    try {
      const answer = await assignAssignee(sepultadoId, selected, 'atribuir', TEXT.assignError);
      const person = state.status === 'ready' ? state.list.find((u) => u._id === selected) : null;
      const next =
        answer.sepultado?.concessionariosInfo ??
        (assigned.some((a) => a._id === selected) || !person
          ? assigned
          : [...assigned, { _id: person._id, id: person._id, name: person.name }]);
      onChange(next);
      setSelected('');
      flash.success(answer.message || TEXT.assigned);
    } catch (err) {
      flash.error(
        failureText(
          err,
          {
            fallback: TEXT.assignError,
            401: TEXT.sessionExpired,
            403: TEXT.assignForbidden,
          },
          TEXT.offline,
        ),
      );
    } finally {
      setBusy(null);
    }
  }

  async function remove(userId: string) {
    setBusy(userId);
    try {
      const answer = await assignAssignee(sepultadoId, userId, 'desatribuir', TEXT.unassignError);
      onChange(answer.sepultado?.concessionariosInfo ?? assigned.filter((a) => a._id !== userId));
      flash.success(answer.message || TEXT.unassigned);
    } catch (err) {
      flash.error(
        failureText(
          err,
          {
            fallback: TEXT.unassignError,
            401: TEXT.sessionExpired,
            403: TEXT.unassignForbidden,
          },
          TEXT.offline,
        ),
      );
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="page burial-assignment-panel" aria-labelledby="atribuicao">
      <h2 id="atribuicao">Atribuição de concessionários</h2>
      <div className="burial-assign-row">
        <div className="field">
          <label htmlFor="concessionario">Concessionário</label>
          <select
            id="concessionario"
            value={selected}
            onChange={(e) => setSelected(e.target.value)}
          >
            <option value="">{TEXT.selectAssignee}</option>
            {available.map((u) => (
              <option key={u._id} value={u._id}>
                {assigneeLabel(u)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy !== null}
          onClick={() => void assign()}
        >
          {busy === 'assign' ? TEXT.assigning : TEXT.assign}
        </button>
      </div>
      <h3>{TEXT.assignedList}</h3>
      {assigned.length === 0 ? (
        <p className="muted">{TEXT.noneAssigned}</p>
      ) : (
        <ul className="burial-assigned-list">
          {assigned.map((a) => (
            <li key={a._id}>
              <span>{a.name}</span>
              <button
                type="button"
                className="btn btn-small"
                aria-label={`Remover ${a.name}`}
                disabled={busy !== null}
                onClick={() => void remove(a._id)}
              >
                Remover
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
