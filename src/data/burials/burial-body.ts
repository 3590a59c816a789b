/**
 * The burial form's values and what a submit sends, pure so they are tested on their own.
 * The rules are src/domain's (validateBurial); this module only decides the shape: every
 * field as typed text, only fields with a value sent (an edit also sends a field the person
 * emptied, as null, since that is the only way to clear it), multipart with repeated `images`
 * parts when new photos were chosen, JSON otherwise.
 */
import { formatBrDate } from '../../domain/burial-dates';
import {
  BURIAL_FIELDS,
  type BurialField,
  type FieldErrors,
  parseCoordinate,
  parseIdade,
  validateBurial,
} from '../../domain/burial-rules';
import type { BurialRecord, BurialRequestBody } from '../../domain/burial-types';
import { UPLOAD_LIMITS, UPLOAD_MSG } from '../../domain/upload-rules';

export type FormValues = Record<BurialField, string>;

export function emptyValues(): FormValues {
  return Object.fromEntries(BURIAL_FIELDS.map((f) => [f, ''])) as FormValues;
}

/** A stored record as the form shows it: dates DD/MM/AAAA, numbers as text. */
export function valuesFromRecord(record: BurialRecord): FormValues {
  const values = emptyValues();
  for (const field of BURIAL_FIELDS) {
    const value = record[field];
    if (value === null || value === undefined) continue;
    values[field] =
      field === 'dtNasc' || field === 'dtFal' ? formatBrDate(String(value)) : String(value);
  }
  return values;
}

/**
 * Spec §5 rules, plus the photo limits the server will enforce. Creating checks every field;
 * an edit checks what changed (a required field emptied is still an error, and both dates
 * when either changed, for their order): what was not touched is the server's record, and an
 * old record missing a date must not block correcting its plate.
 */
export function validateForm(
  values: FormValues,
  files: File[],
  initial: FormValues | null = null,
): FieldErrors {
  let errors: FieldErrors;
  if (!initial) {
    errors = validateBurial(values);
  } else {
    const input: Partial<FormValues> = {};
    for (const [field, value] of Object.entries(changedFields(values, initial))) {
      input[field as BurialField] = value ?? '';
    }
    if ('dtNasc' in input || 'dtFal' in input) {
      for (const date of ['dtNasc', 'dtFal'] as const) {
        if (!(date in input) && values[date].trim() !== '') input[date] = values[date];
      }
    }
    errors = validateBurial(input, { partial: true });
  }
  if (files.length > UPLOAD_LIMITS.maxFiles) errors.images = UPLOAD_MSG.tooManyFiles;
  else if (files.some((f) => f.size > UPLOAD_LIMITS.maxFileBytes)) {
    errors.images = UPLOAD_MSG.fileTooLarge;
  }
  return errors;
}

/** The fields a submit sends: text as typed (trimmed); null only for a field emptied in an edit. */
export function changedFields(
  values: FormValues,
  initial: FormValues | null,
): Partial<Record<BurialField, string | null>> {
  const out: Partial<Record<BurialField, string | null>> = {};
  for (const field of BURIAL_FIELDS) {
    const now = values[field].trim();
    if (!initial) {
      if (now !== '') out[field] = now;
      continue;
    }
    if (now === initial[field].trim()) continue;
    out[field] = now === '' ? null : now;
  }
  return out;
}

export type BurialPayload =
  | { kind: 'json'; body: BurialRequestBody }
  | { kind: 'multipart'; body: FormData };

/** JSON carries numbers as numbers; text that is not a number is left for the server to refuse. */
function jsonValue(field: BurialField, value: string | null): string | number | null {
  if (value === null) return null;
  if (field === 'idade') {
    const n = parseIdade(value);
    return n !== null && Number.isFinite(n) ? n : value;
  }
  if (field === 'latitude' || field === 'longitude') {
    const n = parseCoordinate(value);
    return n !== null && Number.isFinite(n) ? n : value;
  }
  return value;
}

interface PayloadInput {
  values: FormValues;
  /** The values the edit started from; null when creating. */
  initial: FormValues | null;
  files: File[];
  removeImages: string[];
}

export function buildPayload({
  values,
  initial,
  files,
  removeImages,
}: PayloadInput): BurialPayload {
  const fields = changedFields(values, initial);
  if (files.length > 0) {
    const form = new FormData();
    for (const [field, value] of Object.entries(fields)) form.append(field, value ?? '');
    for (const name of removeImages) form.append('removeImages', name);
    for (const file of files) form.append('images', file, file.name);
    return { kind: 'multipart', body: form };
  }
  const body: BurialRequestBody = {};
  for (const [field, value] of Object.entries(fields) as [BurialField, string | null][]) {
    body[field] = jsonValue(field, value);
  }
  if (removeImages.length > 0) body.removeImages = removeImages;
  return { kind: 'json', body };
}
