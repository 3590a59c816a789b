/**
 * "Foto (JPG/PNG)": a file input for one avatar with its preview — the chosen file, else the
 * current photo, else the empty text ("Sem foto") or the placeholder image. The chosen file is
 * checked against the shared upload limits before it is accepted.
 */
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { USER_TEXT } from '../../lib/texts/user-texts';
import { FormField } from '../../ui/form-field';
import '../../ui/file-chooser.css';
import { checkAvatarFile } from './avatar-file';
import { avatarUrl } from './user-avatar';

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
    <div className="user-photo-field">
      {showPreview && (
        <div className="user-photo-preview" aria-live="polite">
          {shown || empty === 'placeholder' ? (
            <img
              src={shown ?? avatarUrl(null)}
              alt={preview ? 'Pré-visualização da foto escolhida' : 'Foto atual'}
              width={112}
              height={112}
            />
          ) : (
            <span className="user-photo-empty">{USER_TEXT.noPhoto}</span>
          )}
        </div>
      )}
      <FormField
        id={inputId}
        label={USER_TEXT.photoLabel}
        name="image"
        type="file"
        accept="image/*"
        disabled={disabled}
        onChange={choose}
        error={error}
        chooser={{ button: 'Escolher foto', chosen: file ? file.name : 'Nenhuma foto escolhida' }}
      />
    </div>
  );
}
