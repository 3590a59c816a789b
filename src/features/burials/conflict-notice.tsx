/**
 * What the edit screen shows when the save answered 409: someone else changed the
 * same fields meanwhile and nothing was saved. Each field shows both values; the person either
 * loads the current data (dropping their unsaved changes) or keeps theirs, which sends the
 * same edit again against the current version.
 */
import { useEffect, useRef } from 'react';
import type { StaleFailure } from '../../data/burials';
import { TEXT } from '../../lib/texts/burial-texts';
import { FIELD_LABELS, fieldValueText } from '../../lib/texts/field-labels';

interface Props {
  stale: StaleFailure;
  busy: boolean;
  onReload(): void;
  onKeepMine(): void;
}

export function ConflictNotice({ stale, busy, onReload, onKeepMine }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  // The save button is at the bottom of a long form; the notice is above it: bring it in view.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'center' });
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div ref={ref} tabIndex={-1} className="form-alert burial-conflict-notice" role="alert">
      <p>
        <strong>{stale.message}</strong>
      </p>
      {stale.conflicts.length > 0 && (
        <dl className="burial-conflict-list">
          {stale.conflicts.map((c) => (
            <div key={c.field}>
              <dt>{FIELD_LABELS[c.field] ?? c.field}</dt>
              <dd>
                Sua alteração: {fieldValueText(c.field, c.mine)} · Agora no registro:{' '}
                {fieldValueText(c.field, c.theirs)}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p className="muted">{TEXT.staleHint}</p>
      <div className="burial-conflict-actions">
        <button type="button" className="btn" disabled={busy} onClick={onReload}>
          {TEXT.staleReload}
        </button>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={onKeepMine}>
          {TEXT.staleKeepMine}
        </button>
      </div>
    </div>
  );
}
