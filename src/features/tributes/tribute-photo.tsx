/**
 * The photo of a tribute being written: the "Anexar foto" button (images only) and the preview
 * with "Remover". The preview is a blob: URL (the CSP allows blob: images), revoked when the
 * photo changes or the form goes away, so previews do not pile up in a phone's memory.
 */
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { TRIBUTE_UI } from '../../lib/texts/tribute-texts';

export function PhotoButton({
  hasPhoto,
  onFile,
  disabled,
  describedBy,
}: {
  hasPhoto: boolean;
  onFile: (file: File) => void;
  disabled?: boolean;
  describedBy?: string;
}) {
  const input = useRef<HTMLInputElement>(null);

  function picked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again after "Remover" fires change again.
    event.target.value = '';
    if (file) onFile(file);
  }

  return (
    <>
      <button
        type="button"
        className="btn"
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={() => input.current?.click()}
      >
        <span aria-hidden="true">📷</span>{' '}
        {hasPhoto ? TRIBUTE_UI.changePhoto : TRIBUTE_UI.attachPhoto}
      </button>
      <input
        ref={input}
        type="file"
        name="imagem"
        accept="image/*"
        hidden
        tabIndex={-1}
        onChange={picked}
      />
    </>
  );
}

export function PhotoPreview({
  photo,
  onRemove,
  disabled,
}: {
  photo: File;
  onRemove: () => void;
  disabled?: boolean;
}) {
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    const created = URL.createObjectURL(photo);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [photo]);

  if (!url) return null;
  return (
    <figure className="tribute-preview">
      <img src={url} alt={TRIBUTE_UI.photoPreviewAlt} />
      <button type="button" className="btn" disabled={disabled} onClick={onRemove}>
        {TRIBUTE_UI.removePhoto}
      </button>
    </figure>
  );
}
