/**
 * The grave's condition photos on its page: dated pictures, newest first, for everyone (a grave
 * is a place, not a person). Admins and field staff add them; the server decides whether this
 * concessionário is assigned to someone lying here and answers in pt-BR when not.
 */
import { type FormEvent, useState } from 'react';
import { ApiFailure } from '../../data/failure';
import { type GravePhoto, sendGravePhotos } from '../../data/graves';
import { formatBrDate } from '../../domain/burial-dates';
import { GRAVE_LIMITS, GRAVE_MSG } from '../../domain/grave-rules';
import { storedImageUrl } from '../../domain/photo-srcset';
import { API_BASE } from '../../lib/api-base';
import { useFlash } from '../../ui/flash';
import { FormField } from '../../ui/form-field';

const url = (name: string) => storedImageUrl(name, 'sepulturas', API_BASE);

export function GravePhotos({
  graveId,
  photos,
  mayAdd,
  onAdded,
}: {
  graveId: string;
  photos: GravePhoto[];
  mayAdd: boolean;
  onAdded: () => void;
}) {
  const [fotos, setFotos] = useState<File[]>([]);
  const [tiradaEm, setTiradaEm] = useState('');
  const [nota, setNota] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const flash = useFlash();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (fotos.length === 0) {
      setError({ message: GRAVE_MSG.photosRequired, field: 'fotos' });
      return;
    }
    setBusy(true);
    try {
      await sendGravePhotos(graveId, { fotos, tiradaEm, nota });
      setFotos([]);
      setNota('');
      setTiradaEm('');
      flash.success(GRAVE_MSG.photosSent);
      onAdded();
    } catch (err) {
      setError(
        err instanceof ApiFailure
          ? { message: err.message, ...(err.field ? { field: err.field } : {}) }
          : { message: 'Não foi possível enviar as fotos.' },
      );
    } finally {
      setBusy(false);
    }
  }

  if (photos.length === 0 && !mayAdd) return null;
  return (
    <div className="grave-panel">
      <h2>Estado da sepultura</h2>
      {photos.length === 0 ? (
        <p className="muted">Nenhuma foto do estado registrada.</p>
      ) : (
        <ul className="grave-photos">
          {photos.map((p) => (
            <li key={p.id}>
              <a href={url(p.file)} target="_blank" rel="noreferrer">
                <img
                  src={url(p.thumb)}
                  alt={`Foto da sepultura em ${formatBrDate(p.tiradaEm)}`}
                  width={160}
                  height={120}
                  loading="lazy"
                />
              </a>
              <span>{formatBrDate(p.tiradaEm)}</span>
              {p.nota && <span className="muted">{p.nota}</span>}
            </li>
          ))}
        </ul>
      )}
      {mayAdd && (
        <form onSubmit={submit} noValidate>
          <h3>Registrar fotos do estado</h3>
          <FormField
            label="Fotos"
            name="fotos-estado"
            type="file"
            accept="image/*"
            multiple
            aria-invalid={error?.field === 'fotos'}
            onChange={(e) => setFotos([...(e.target.files ?? [])].slice(0, GRAVE_LIMITS.photos))}
            chooser={{
              button: 'Escolher fotos',
              chosen:
                fotos.length === 0
                  ? 'Nenhuma foto escolhida'
                  : `${fotos.length} ${fotos.length === 1 ? 'foto' : 'fotos'}`,
            }}
          />
          <label>
            Data da foto (DD/MM/AAAA; vazio: hoje)
            <input
              inputMode="numeric"
              value={tiradaEm}
              aria-invalid={error?.field === 'tiradaEm'}
              onChange={(e) => setTiradaEm(e.target.value)}
            />
          </label>
          <label>
            Nota
            <input
              value={nota}
              maxLength={GRAVE_LIMITS.fotoNota}
              aria-invalid={error?.field === 'nota'}
              onChange={(e) => setNota(e.target.value)}
            />
          </label>
          {error && (
            <p className="form-alert" role="alert">
              {error.message}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Enviando…' : 'Enviar fotos'}
          </button>
        </form>
      )}
    </div>
  );
}
