/**
 * The burial form's photo area (spec §2 "Burial form"): the photos the record has (edit),
 * each removable only by an explicit click that can be undone before saving, and the new
 * photos chosen, which are ADDED to the existing ones. Nothing at all: "Nenhuma imagem
 * disponível".
 */
import { useEffect, useState } from 'react';
import { PLACEHOLDERS } from '../../domain/burial-display';
import { TEXT } from '../../lib/texts/burial-texts';
import { BurialImage } from '../../ui/burial-image';

export interface ExistingPhoto {
  file: string;
  thumb: string | null;
}

interface Props {
  existing: ExistingPhoto[];
  removed: string[];
  onToggleRemoved(file: string): void;
  files: File[];
  onDropFile(index: number): void;
}

/** Identifies a chosen file: the same photo chosen twice is kept once. */
export function fileKey(file: File): string {
  return `${file.name}:${file.size}:${file.lastModified}`;
}

/** Preview URLs of the chosen files, made and revoked by the same effect run. */
function useObjectUrls(files: File[]): string[] {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = files.map((f) => URL.createObjectURL(f));
    setUrls(made);
    return () => {
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [files]);
  return urls;
}

export function PhotoPreview({ existing, removed, onToggleRemoved, files, onDropFile }: Props) {
  const urls = useObjectUrls(files);
  if (existing.length === 0 && files.length === 0) {
    return <p className="burial-photos-empty">{TEXT.noImage}</p>;
  }
  return (
    <ul className="burial-photos" aria-label="Fotos do registro">
      {existing.map((photo, i) => {
        const gone = removed.includes(photo.file);
        return (
          <li key={photo.file} className={gone ? 'burial-photo-removed' : undefined}>
            <BurialImage
              file={photo.thumb ?? photo.file}
              placeholder={PLACEHOLDERS.sepultura}
              alt={`Foto ${i + 1} atual`}
              width={160}
              height={120}
            />
            {gone && <span className="burial-photo-flag">Será removida</span>}
            <button
              type="button"
              className="btn btn-small"
              aria-label={gone ? `Manter a foto ${i + 1} atual` : `Remover a foto ${i + 1} atual`}
              onClick={() => onToggleRemoved(photo.file)}
            >
              {gone ? 'Manter' : 'Remover'}
            </button>
          </li>
        );
      })}
      {files.map((file, i) => (
        <li key={fileKey(file)}>
          {urls[i] && (
            <img src={urls[i]} alt={`Nova foto: ${file.name}`} width={160} height={120} />
          )}
          <span className="burial-photo-flag burial-photo-new">Nova</span>
          <button
            type="button"
            className="btn btn-small"
            aria-label={`Remover a nova foto ${file.name}`}
            onClick={() => onDropFile(i)}
          >
            Remover
          </button>
        </li>
      ))}
    </ul>
  );
}
