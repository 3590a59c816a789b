/**
 * The generic form field of spec §3: label, input (text by default, textarea with 4 rows),
 * error state and message tied to the input for screen readers.
 */
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  name: string;
  error?: string | null;
  id?: string;
  /** Show/hide toggle for passwords. */
  revealable?: boolean;
  hint?: ReactNode;
  /**
   * A file input that speaks pt-BR: the native chooser says "Choose File" in the browser's
   * language, so the input is visually hidden (it keeps focus and its label) and a button-looking
   * label opens it, with what was chosen beside it (styles: file-chooser.css).
   */
  chooser?: { button: string; chosen: string };
}

export function FormField({
  label,
  name,
  error,
  id,
  revealable,
  hint,
  chooser,
  type,
  ...rest
}: FieldProps) {
  const auto = useId();
  const inputId = id ?? name ?? auto;
  const errorId = `${inputId}-erro`;
  const [shown, setShown] = useState(false);
  const inputType = revealable ? (shown ? 'text' : 'password') : (type ?? 'text');
  return (
    <div className={`field${error ? ' field-error' : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <div className={revealable ? 'input-with-toggle' : chooser ? 'file-chooser' : undefined}>
        <input
          id={inputId}
          name={name}
          type={inputType}
          className={chooser ? 'file-input' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...rest}
        />
        {chooser && (
          <>
            <label htmlFor={inputId} className="btn" aria-hidden="true">
              {chooser.button}
            </label>
            <span className="file-name muted">{chooser.chosen}</span>
          </>
        )}
        {revealable && (
          <button
            type="button"
            className="toggle-visibility"
            aria-label={shown ? 'Ocultar senha' : 'Mostrar senha'}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? 'Ocultar' : 'Mostrar'}
          </button>
        )}
      </div>
      {hint && <small className="field-hint">{hint}</small>}
      {error && (
        <small id={errorId} className="field-message" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
