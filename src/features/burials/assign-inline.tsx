/**
 * The dashboard's "Atribuir"/"Desatribuir" entry (spec §5): the admin types a name, an
 * e-mail or an id; assignee-lookup.ts finds the one person or explains (none, several —
 * listed —, empty, list unavailable) right under the entry, where there is time to read it.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { ConcessionarioListItem } from '../../domain/burial-types';
import { findAssignee, lookupMessage } from './assignee-lookup';

export type AssignMode = 'atribuir' | 'desatribuir';

interface Props {
  mode: AssignMode;
  nome: string;
  /** null when the list of concessionários could not be loaded. */
  list: ConcessionarioListItem[] | null;
  busy: boolean;
  /** The server's words when the last attempt failed. */
  problem: string | null;
  onConfirm(userId: string): void;
  onCancel(): void;
}

export function AssignInline({ mode, nome, list, busy, problem, onConfirm, onCancel }: Props) {
  const [entry, setEntry] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const inputId = useId();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // Opened by a click on Atribuir/Desatribuir: typing is the next step.
  useEffect(() => inputRef.current?.focus(), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = findAssignee(entry, list);
    if (result.kind !== 'found') {
      setMessage(lookupMessage(result));
      return;
    }
    setMessage(null);
    onConfirm(result.id);
  }

  const shown = message ?? problem;
  // "Atribuir concessionário a Maria", "Desatribuir concessionário de Maria".
  const verb = mode === 'atribuir' ? 'Atribuir' : 'Desatribuir';
  const prep = mode === 'atribuir' ? 'a' : 'de';
  return (
    <form className="burial-assign-inline" onSubmit={submit} noValidate>
      <div className={`field${shown ? ' field-error' : ''}`}>
        <label htmlFor={inputId}>
          {verb} concessionário {prep} {nome} (nome, e-mail ou id)
        </label>
        <input
          id={inputId}
          ref={inputRef}
          list={listId}
          value={entry}
          autoComplete="off"
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${inputId}-msg` : undefined}
          onChange={(e) => {
            setEntry(e.target.value);
            setMessage(null);
          }}
        />
        <datalist id={listId}>
          {(list ?? []).map((u) => (
            <option key={u._id} value={u.email}>
              {u.name}
            </option>
          ))}
        </datalist>
        {shown && (
          <small id={`${inputId}-msg`} className="field-message" role="alert">
            {shown}
          </small>
        )}
      </div>
      <div className="burial-assign-inline-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Enviando...' : `Confirmar`}
        </button>
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          Cancelar
        </button>
      </div>
    </form>
  );
}
