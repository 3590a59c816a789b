/**
 * "Foto (JPG/PNG)": a file input for one avatar with its preview — the chosen file, else the
 * current photo, else the empty text ("Sem foto") or the placeholder image. The chosen file is
 * checked against the shared upload limits before it is accepted.
 */
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { checkAvatarFile } from './avatar-file';
import { avatarUrl } from './user-avatar';
import { USER_TEXT } from './user-texts';

/** An object URL for the chosen file, revoked when it changes or the screen closes. */
export function useImagePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

interface PhotoFieldProps {
  file: File | null;
  onChange(file: File | null): void;
  /** The stored photo's file name, if any. */
  current?: string | null;
  /** Without a photo: "Sem foto" text (user form) or the placeholder image (profile). */
  empty?: 'text' | 'placeholder';
  /** False when the page shows the photo elsewhere (the profile's avatar). */
  showPreview?: boolean;
  disabled?: boolean;
}

export function PhotoField({
  file,
  onChange,
  current,
  empty = 'text',
  showPreview = true,
  disabled,
}: PhotoFieldProps) {
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const preview = useImagePreview(showPreview ? file : null);
  const shown = preview ?? (current ? avatarUrl(current) : null);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    const problem = chosen ? checkAvatarFile(chosen) : null;
    setError(problem);
    if (problem) {
      event.target.value = '';
      onChange(null);
      return;
    }
    onChange(chosen);
  }

  return (
    <div className="photo-field">
      {showPreview && (
        <div className="photo-preview" aria-live="polite">
          {shown || empty === 'placeholder' ? (
            <img
              src={shown ?? avatarUrl(null)}
              alt={preview ? 'Pré-visualização da foto escolhida' : 'Foto atual'}
              width={112}
              height={112}
            />
          ) : (
            <span className="photo-empty">{USER_TEXT.noPhoto}</span>
          )}
        </div>
      )}
      <div className={`field${error ? ' field-error' : ''}`}>
        <label htmlFor={inputId}>{USER_TEXT.photoLabel}</label>
        {/* The native chooser speaks the browser's language ("Choose File"); this one speaks
            pt-BR. The input stays focusable and labelled; the button-looking label opens it. */}
        <div className="file-chooser">
          <input
            id={inputId}
            className="file-input"
            name="image"
            type="file"
            accept="image/*"
            disabled={disabled}
            onChange={choose}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-erro` : undefined}
          />
          <label htmlFor={inputId} className="btn" aria-hidden="true">
            Escolher foto
          </label>
          <span className="file-name muted">{file ? file.name : 'Nenhuma foto escolhida'}</span>
        </div>
        {error && (
          <small id={`${inputId}-erro`} className="field-message" role="alert">
            {error}
          </small>
        )}
      </div>
    </div>
  );
}
