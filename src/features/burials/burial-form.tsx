/**
 * The shared burial form (spec §2, §3, §5): photo area at the top, every field of the record,
 * DD/MM/AAAA dates auto-formatted while typed, the domain's rules checked on submit with each
 * message under its field. It hands the page a ready payload (src/data/burials/burial-body.ts
 * decides JSON or multipart and which fields go); the page sends it and may give back a server
 * field error.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  type BurialPayload,
  buildPayload,
  type FormValues,
  validateForm,
} from '../../data/burials';
import { useCemeteries } from '../../data/cemeteries';
import {
  type BurialField,
  type FieldErrors,
  IDADE_MAX,
  IDADE_MIN,
  MAX_LENGTH,
  type TextField,
  TIPOS_SEPULTURA,
} from '../../domain/burial-rules';
import { DEFAULT_CEMETERY_NAME } from '../../domain/cemetery-rules';
import { maskDate } from '../../domain/masks';
import { ACCEPTED_IMAGE_TYPES } from '../../domain/upload-rules';
import { TEXT } from '../../lib/texts/burial-texts';
import { FIELD_LABELS } from '../../lib/texts/field-labels';
import { FormField } from '../../ui/form-field';
import { GpsCapture } from '../../ui/gps-capture';
import { type ExistingPhoto, fileKey, PhotoPreview } from './photo-preview';
import '../../ui/file-chooser.css';

interface Props {
  initial: FormValues;
  /** The record's values when editing (only changes are sent); null when creating. */
  baseline: FormValues | null;
  existingPhotos?: ExistingPhoto[];
  submitLabel: string;
  busy: boolean;
  /** A refusal from the server about one field, shown under it. */
  serverError?: { field: string; message: string } | null;
  onSubmit(payload: BurialPayload): void;
}

interface Spec {
  name: BurialField;
  kind?: 'date' | 'number' | 'coordinate';
  required?: boolean;
}

const PERSONAL: Spec[] = [
  { name: 'nome', required: true },
  { name: 'idade', kind: 'number' },
  { name: 'dtNasc', kind: 'date' },
  { name: 'dtFal', kind: 'date', required: true },
  { name: 'nacionalidade' },
  { name: 'mae' },
  { name: 'pai' },
];
const GRAVE: Spec[] = [
  { name: 'cemiterio' },
  { name: 'rua' },
  { name: 'quadra', required: true },
  { name: 'chapa', required: true },
];
const PLACE: Spec[] = [
  { name: 'latitude', kind: 'coordinate' },
  { name: 'longitude', kind: 'coordinate' },
];

function kindProps(spec: Spec) {
  switch (spec.kind) {
    case 'date':
      return {
        maxLength: 10,
        inputMode: 'numeric' as const,
        pattern: '[0-9/]*',
        placeholder: 'DD/MM/AAAA',
      };
    case 'number':
      return {
        type: 'number',
        min: IDADE_MIN,
        max: IDADE_MAX,
        step: 1,
        inputMode: 'numeric' as const,
      };
    case 'coordinate':
      return {
        inputMode: 'decimal' as const,
        placeholder: spec.name === 'latitude' ? 'Ex.: -23.5505' : 'Ex.: -46.6333',
      };
    default:
      return { maxLength: MAX_LENGTH[spec.name as TextField] };
  }
}

export function BurialForm(props: Props) {
  const {
    initial,
    baseline,
    existingPhotos = [],
    submitLabel,
    busy,
    serverError,
    onSubmit,
  } = props;
  const [values, setValues] = useState<FormValues>(initial);
  // The cemetery field offers the existing cemeteries (still free text: the spec's field, and a
  // new name makes a new cemetery on the server); with one, a new record starts with it.
  const { list: cemeteries } = useCemeteries();
  const cemeteryListId = useId();
  const only = cemeteries?.length === 1 ? cemeteries[0]?.nome : undefined;
  // A record saved without a cemetery goes to the server's default: the form says which.
  const fallback = cemeteries
    ? (cemeteries.find((c) => c.padrao)?.nome ??
      (cemeteries.length === 0 ? DEFAULT_CEMETERY_NAME : undefined))
    : undefined;
  useEffect(() => {
    if (!baseline && only) setValues((v) => (v.cemiterio ? v : { ...v, cemiterio: only }));
  }, [baseline, only]);
  const [files, setFiles] = useState<File[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});

  const errorOf = (field: string) =>
    errors[field] ?? (serverError?.field === field ? serverError.message : null);

  function set(field: BurialField, raw: string) {
    const value = field === 'dtNasc' || field === 'dtFal' ? maskDate(raw) : raw;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateForm(values, files, baseline);
    setErrors(found);
    const first = Object.keys(found).find((k) => found[k]);
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    onSubmit(buildPayload({ values, initial: baseline, files, removeImages: removed }));
  }

  const field = (spec: Spec) => (
    <FormField
      key={spec.name}
      label={FIELD_LABELS[spec.name]}
      name={spec.name}
      value={values[spec.name]}
      required={spec.required}
      error={errorOf(spec.name)}
      onChange={(e) => set(spec.name, e.target.value)}
      {...kindProps(spec)}
      {...(spec.name === 'cemiterio'
        ? {
            list: cemeteryListId,
            autoComplete: 'off',
            hint: fallback && !values.cemiterio.trim() ? TEXT.blankCemetery(fallback) : undefined,
          }
        : {})}
    />
  );

  return (
    <form className="burial-form" onSubmit={submit} noValidate aria-busy={busy}>
      <datalist id={cemeteryListId}>
        {cemeteries?.map((c) => (
          <option key={c.id} value={c.nome} />
        ))}
      </datalist>
      <PhotoPreview
        existing={existingPhotos}
        removed={removed}
        onToggleRemoved={(file) =>
          setRemoved((r) => (r.includes(file) ? r.filter((f) => f !== file) : [...r, file]))
        }
        files={files}
        onDropFile={(i) => setFiles((list) => list.filter((_, j) => j !== i))}
      />
      <FormField
        label="Adicionar fotos"
        name="images"
        type="file"
        accept={ACCEPTED_IMAGE_TYPES}
        multiple
        error={errorOf('images')}
        hint={baseline ? 'Fotos novas são adicionadas às que o registro já tem.' : undefined}
        chooser={{
          button: 'Escolher fotos',
          chosen:
            files.length === 1
              ? (files[0]?.name ?? '')
              : files.length > 1
                ? `${files.length} fotos escolhidas`
                : 'Nenhuma foto escolhida',
        }}
        onChange={(e) => {
          const chosen = Array.from(e.target.files ?? []);
          setFiles((list) => {
            const known = new Set(list.map(fileKey));
            return [...list, ...chosen.filter((f) => !known.has(fileKey(f)))];
          });
          if (errors.images) setErrors((er) => ({ ...er, images: undefined }));
          // Emptied so choosing the same photo again is noticed.
          e.target.value = '';
        }}
      />
      <fieldset className="burial-form-group">
        <legend>Dados Pessoais</legend>
        {PERSONAL.map(field)}
      </fieldset>
      <fieldset className="burial-form-group">
        <legend>Dados da Sepultura</legend>
        {GRAVE.map(field)}
        <div className={`field${errorOf('tipoSepultura') ? ' field-error' : ''}`}>
          <label htmlFor="tipoSepultura">{FIELD_LABELS.tipoSepultura}</label>
          <select
            id="tipoSepultura"
            name="tipoSepultura"
            value={values.tipoSepultura}
            onChange={(e) => set('tipoSepultura', e.target.value)}
          >
            <option value="">Não informado</option>
            {TIPOS_SEPULTURA.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
          {errorOf('tipoSepultura') && (
            <small className="field-message" role="alert">
              {errorOf('tipoSepultura')}
            </small>
          )}
        </div>
        <div className="form-row">{PLACE.map(field)}</div>
        <GpsCapture
          onCapture={(lat, lng) => {
            set('latitude', lat);
            set('longitude', lng);
          }}
        />
      </fieldset>
      <div className={`field${errorOf('epitafio') ? ' field-error' : ''}`}>
        <label htmlFor="epitafio">{FIELD_LABELS.epitafio}</label>
        <textarea
          id="epitafio"
          name="epitafio"
          rows={6}
          maxLength={MAX_LENGTH.epitafio}
          value={values.epitafio}
          aria-invalid={errorOf('epitafio') ? true : undefined}
          onChange={(e) => set('epitafio', e.target.value)}
        />
        {errorOf('epitafio') && (
          <small className="field-message" role="alert">
            {errorOf('epitafio')}
          </small>
        )}
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? 'Enviando...' : submitLabel}
      </button>
    </form>
  );
}
