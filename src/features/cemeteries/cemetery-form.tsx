/**
 * A cemetery's fields (admin): name, address, opening hours, the entrance's coordinates. Checked
 * with the domain's rule before sending (the server checks again and answers 409 for a name
 * another cemetery has, shown on the name field).
 */
import { type FormEvent, useState } from 'react';
import { CEMETERY_LIMITS } from '../../domain/cemetery-limits';
import { cemeteryProblem } from '../../domain/cemetery-rules';
import type { Cemetery, CemeteryCreate } from '../../domain/cemetery-types';
import { FormField } from '../../ui/form-field';

interface Props {
  initial: Cemetery | null;
  busy: boolean;
  /** The server's refusal of the last attempt, shown on its field. */
  serverError: { field: string; message: string } | null;
  submitLabel: string;
  onSubmit: (body: CemeteryCreate) => void;
  onCancel?: () => void;
}

/** "-20,3856" → -20.3856; blank → null; anything else → NaN (the rule then names the field). */
function parseCoordinate(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (t === '') return null;
  return /^-?\d{1,3}(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
}

export function CemeteryForm(props: Props) {
  const { initial } = props;
  const [nome, setNome] = useState(initial?.nome ?? '');
  const [endereco, setEndereco] = useState(initial?.endereco ?? '');
  const [horario, setHorario] = useState(initial?.horario ?? '');
  const [latitude, setLatitude] = useState(initial?.latitude?.toString() ?? '');
  const [longitude, setLongitude] = useState(initial?.longitude?.toString() ?? '');
  const [localError, setLocalError] = useState<{ field: string; message: string } | null>(null);
  const error = localError ?? props.serverError;
  const errorOf = (field: string) => (error?.field === field ? error.message : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const lat = parseCoordinate(latitude);
    const lng = parseCoordinate(longitude);
    const body: CemeteryCreate = {
      nome,
      endereco: endereco.trim() || null,
      horario: horario.trim() || null,
      latitude: lat,
      longitude: lng,
    };
    const problem =
      lat !== null && Number.isNaN(lat)
        ? { field: 'latitude', message: 'Latitude inválida: use um número entre -90 e 90.' }
        : lng !== null && Number.isNaN(lng)
          ? { field: 'longitude', message: 'Longitude inválida: use um número entre -180 e 180.' }
          : cemeteryProblem(body);
    if (problem) {
      setLocalError(problem);
      return;
    }
    setLocalError(null);
    props.onSubmit(body);
  }

  return (
    <form className="cemetery-form" onSubmit={submit} noValidate aria-busy={props.busy}>
      <FormField
        label="Nome do cemitério"
        name="nome"
        required
        maxLength={CEMETERY_LIMITS.nome}
        value={nome}
        error={errorOf('nome')}
        onChange={(e) => setNome(e.target.value)}
      />
      <FormField
        label="Endereço (opcional)"
        name="endereco"
        maxLength={CEMETERY_LIMITS.endereco}
        value={endereco}
        error={errorOf('endereco')}
        onChange={(e) => setEndereco(e.target.value)}
      />
      <FormField
        label="Horário de funcionamento (opcional)"
        name="horario"
        placeholder="Ex.: Todos os dias, das 7h às 18h"
        maxLength={CEMETERY_LIMITS.horario}
        value={horario}
        error={errorOf('horario')}
        onChange={(e) => setHorario(e.target.value)}
      />
      <div className="form-row">
        <FormField
          label="Latitude da entrada (opcional)"
          name="latitude"
          inputMode="decimal"
          placeholder="Ex.: -20.3856"
          value={latitude}
          error={errorOf('latitude')}
          onChange={(e) => setLatitude(e.target.value)}
        />
        <FormField
          label="Longitude da entrada (opcional)"
          name="longitude"
          inputMode="decimal"
          placeholder="Ex.: -43.5035"
          value={longitude}
          error={errorOf('longitude')}
          onChange={(e) => setLongitude(e.target.value)}
        />
      </div>
      <div className="cemetery-form-actions">
        <button type="submit" className="btn btn-primary" disabled={props.busy}>
          {props.busy ? 'Salvando…' : props.submitLabel}
        </button>
        {props.onCancel && (
          <button type="button" className="btn" onClick={props.onCancel}>
            Cancelar
          </button>
        )}
      </div>
    </form>
  );
}
