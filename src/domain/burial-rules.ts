/**
 * The burial form's rules (spec §5, §9), one copy for the browser form and the server (one
 * copy of each rule). `validateBurial` answers field → message; `normalizeBurial` turns accepted input
 * (strings from a form or multipart, numbers from JSON) into the stored values.
 *
 * Lengths are ours (the spec gives none): names 150 characters (long pt-BR names with several
 * particles fit), epitaph 1000 (a short text, not a biography), quadra/chapa 30, others 120.
 */
import type { Static } from 'typebox';
import { parseDate } from './burial-dates';
import {
  BURIAL_FIELDS,
  type BurialField,
  TEXT_FIELDS,
  type TextField,
  TIPOS_SEPULTURA,
  type TipoSepultura,
} from './burial-fields';
import { maxLengthMessage, SEP_MSG } from './burial-messages';
import type { BurialValuesSchema } from './schemas/burial';

// The field lists live in a leaf module (schemas/burial.ts builds on them too); offered here
// with the rules that use them.
export * from './burial-fields';

export const IDADE_MIN = 0;
export const IDADE_MAX = 150;

export const MAX_LENGTH: Record<TextField, number> = {
  nome: 150,
  mae: 150,
  pai: 150,
  nacionalidade: 120,
  cemiterio: 120,
  rua: 120,
  quadra: 30,
  chapa: 30,
  epitafio: 1000,
};

/** Fields a record cannot exist without (create) and cannot lose (edit). */
export const REQUIRED_FIELDS = ['nome', 'dtFal', 'quadra', 'chapa'] as const;

const REQUIRED_MESSAGE: Record<(typeof REQUIRED_FIELDS)[number], string> = {
  nome: SEP_MSG.nomeRequired,
  dtFal: SEP_MSG.dtFalInvalid,
  quadra: SEP_MSG.quadraRequired,
  chapa: SEP_MSG.chapaRequired,
};

/** What a form, a multipart request or a JSON body may carry for each field. */
export type BurialInput = Partial<Record<BurialField, string | number | null>>;

/** Stored shape: dates ISO, numbers parsed, optional fields null (schemas/burial.ts). */
export type BurialValues = Static<typeof BurialValuesSchema>;

export type FieldErrors = Partial<Record<string, string>>;

function isBlank(value: string | number | null | undefined): boolean {
  return value === null || value === undefined || String(value).trim() === '';
}

/** Whole number from 45 or "45"; null when absent; NaN when not a whole number. */
export function parseIdade(value: string | number | null | undefined): number | null {
  if (isBlank(value)) return null;
  const text = String(value).trim();
  return /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
}

/** Decimal degrees from a number or text with "." or "," as decimal mark. */
export function parseCoordinate(value: string | number | null | undefined): number | null {
  if (isBlank(value)) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  const text = String(value).trim().replace(',', '.');
  return /^[-+]?\d{1,3}(\.\d{1,15})?$/.test(text) ? Number(text) : Number.NaN;
}

/** Canonical grave type, accepting any letter case ("jazigo" → "Jazigo"). */
export function parseTipoSepultura(
  value: string | number | null | undefined,
): TipoSepultura | null {
  if (isBlank(value)) return null;
  const lower = String(value).trim().toLowerCase();
  return TIPOS_SEPULTURA.find((t) => t.toLowerCase() === lower) ?? null;
}

function checkField(field: BurialField, value: string | number | null | undefined): string | null {
  if ((TEXT_FIELDS as readonly string[]).includes(field)) {
    const max = MAX_LENGTH[field as TextField];
    return String(value ?? '').trim().length > max ? maxLengthMessage(max) : null;
  }
  if (isBlank(value)) return null;
  switch (field) {
    case 'idade': {
      const n = parseIdade(value);
      return n !== null && n >= IDADE_MIN && n <= IDADE_MAX ? null : SEP_MSG.idadeInvalid;
    }
    case 'dtNasc':
      return parseDate(String(value)) ? null : SEP_MSG.dtNascInvalid;
    case 'dtFal':
      return parseDate(String(value)) ? null : SEP_MSG.dtFalInvalid;
    case 'tipoSepultura':
      return parseTipoSepultura(value) ? null : SEP_MSG.tipoSepulturaInvalid;
    case 'latitude': {
      const n = parseCoordinate(value);
      return n !== null && n >= -90 && n <= 90 ? null : SEP_MSG.latitudeInvalid;
    }
    case 'longitude': {
      const n = parseCoordinate(value);
      return n !== null && n >= -180 && n <= 180 ? null : SEP_MSG.longitudeInvalid;
    }
    default:
      return null;
  }
}

/** Both ISO: birth after death is impossible. */
export function checkDateOrder(dtNascIso: string | null, dtFalIso: string | null): string | null {
  if (dtNascIso && dtFalIso && dtNascIso > dtFalIso) return SEP_MSG.dtNascAfterDtFal;
  return null;
}

/**
 * Field → message for every rule of the burial form. `partial` (an edit) checks only the
 * fields present, but a required field sent empty is still refused: it cannot be cleared.
 */
export function validateBurial(
  input: BurialInput,
  options: { partial?: boolean } = {},
): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of REQUIRED_FIELDS) {
    const present = Object.hasOwn(input, field);
    if ((present || !options.partial) && isBlank(input[field])) {
      errors[field] = REQUIRED_MESSAGE[field];
    }
  }
  for (const field of BURIAL_FIELDS) {
    if (errors[field] || !Object.hasOwn(input, field)) continue;
    const message = checkField(field, input[field]);
    if (message) errors[field] = message;
  }
  if (!errors.dtNasc && !errors.dtFal) {
    const order = checkDateOrder(
      isBlank(input.dtNasc) ? null : parseDate(String(input.dtNasc)),
      isBlank(input.dtFal) ? null : parseDate(String(input.dtFal)),
    );
    if (order) errors.dtNasc = order;
  }
  return errors;
}

export function firstBurialError(errors: FieldErrors): { field: string; message: string } | null {
  for (const field of BURIAL_FIELDS) {
    const message = errors[field];
    if (message) return { field, message };
  }
  for (const [field, message] of Object.entries(errors)) if (message) return { field, message };
  return null;
}

function text(value: string | number | null | undefined): string | null {
  if (isBlank(value)) return null;
  return String(value).trim();
}

/**
 * The stored values of the fields present in an input that passed `validateBurial`
 * (blank optional fields become null, i.e. cleared).
 */
export function normalizeBurial(input: BurialInput): Partial<BurialValues> {
  const out: Partial<Record<BurialField, string | number | null>> = {};
  for (const field of BURIAL_FIELDS) {
    if (!Object.hasOwn(input, field)) continue;
    const value = input[field];
    switch (field) {
      case 'idade':
        out.idade = parseIdade(value);
        break;
      case 'dtNasc':
      case 'dtFal':
        out[field] = isBlank(value) ? null : parseDate(String(value));
        break;
      case 'tipoSepultura':
        out.tipoSepultura = parseTipoSepultura(value);
        break;
      case 'latitude':
      case 'longitude':
        out[field] = parseCoordinate(value);
        break;
      default:
        out[field] = text(value);
    }
  }
  return out as Partial<BurialValues>;
}
