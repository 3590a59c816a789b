/**
 * Spreadsheets of the register (docs/decisions.md "Spreadsheets"): the columns, their pt-BR
 * headers, the header → field suggestion, and a row's check. A row is checked by the burial
 * form's own rules (burial-rules.ts validateBurial/normalizeBurial); what is added here is only
 * what belongs to a spreadsheet: the id column, formulas, control characters in a cell.
 * Pure: the server (API and CLI) and the admin screen share it.
 */
import { FIELD_LABELS } from './burial-labels';
import { SEP_MSG } from './burial-messages';
import {
  BURIAL_FIELDS,
  type BurialField,
  type BurialInput,
  type BurialValues,
  type FieldErrors,
  normalizeBurial,
  TEXT_FIELDS,
  validateBurial,
} from './burial-rules';
import { isId } from './ids';
import { controlCharMessage, hasForbiddenControl } from './input-rules';
import { foldText } from './search-text';
import { SHEET_MSG } from './spreadsheet-messages';

/** Every column a sheet may carry: the record's id (updates) and the form's fields. */
export const SHEET_FIELDS = ['id', ...BURIAL_FIELDS] as const;
export type SheetField = (typeof SHEET_FIELDS)[number];

export const SHEET_HEADERS: Record<SheetField, string> = { id: 'Identificador', ...FIELD_LABELS };

/** Column → field chosen for each column of the uploaded sheet (null: ignored). */
export type SheetMapping = (SheetField | null)[];

export const SHEET_LIMITS = {
  maxFileBytes: 20 * 1024 * 1024,
  maxRows: 200_000,
  maxColumns: 200,
  /** First rows shown in the preview, and the refused rows shown beside them. */
  previewRows: 20,
  previewRefused: 200,
} as const;

const STOP_WORDS = new Set(['de', 'da', 'do', 'das', 'dos', 'e', 'o', 'a']);

/** "Data de Falecimento", "dt falecimento", "dtFal" → "dtfalecimento" / "dtfal". */
export function headerKey(header: string): string {
  const words = header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    // camelCase splits into words ("dtFal" → "dt fal").
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !STOP_WORDS.has(w))
    .map((w) => (w === 'data' ? 'dt' : w));
  return words.join('');
}

/** Other names the same column goes by (original app, common registers), as header keys. */
const ALIASES: Record<SheetField, readonly string[]> = {
  id: ['id', 'identificador', 'codigo', 'objectid'],
  nome: ['nome', 'nomecompleto', 'falecido', 'sepultado'],
  idade: ['idade'],
  dtNasc: ['dtnasc', 'dtnascimento', 'nascimento', 'nascido'],
  dtFal: ['dtfal', 'dtfalecimento', 'falecimento', 'dtobito', 'obito'],
  nacionalidade: ['nacionalidade', 'naturalidade', 'natural'],
  mae: ['mae', 'nomemae', 'filiacaomae'],
  pai: ['pai', 'nomepai', 'filiacaopai'],
  cemiterio: ['cemiterio'],
  rua: ['rua', 'logradouro', 'alameda'],
  quadra: ['quadra', 'qd'],
  chapa: ['chapa', 'placa', 'numero', 'lote', 'sepultura'],
  epitafio: ['epitafio', 'inscricao', 'frase'],
  tipoSepultura: ['tiposepultura', 'tipo', 'tipotumulo'],
  latitude: ['latitude', 'lat'],
  longitude: ['longitude', 'lng', 'lon', 'long'],
};

function keyOwner(key: string): SheetField | null {
  if (key === '_id') return 'id';
  for (const field of SHEET_FIELDS) {
    if (headerKey(field) === key || headerKey(SHEET_HEADERS[field]) === key) return field;
    if (ALIASES[field].includes(key)) return field;
  }
  return null;
}

/** The field a header most likely names, or null. */
export function suggestField(header: string): SheetField | null {
  if (header.trim() === '_id') return 'id';
  return keyOwner(headerKey(header));
}

/** One suggestion per column; a field goes to the first column that names it. */
export function suggestMapping(headers: readonly string[]): SheetMapping {
  const taken = new Set<SheetField>();
  return headers.map((h) => {
    const field = suggestField(h);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** The first field mapped twice, or null. */
export function duplicateField(mapping: SheetMapping): SheetField | null {
  const seen = new Set<SheetField>();
  for (const f of mapping) {
    if (!f) continue;
    if (seen.has(f)) return f;
    seen.add(f);
  }
  return null;
}

/** A required field (burial-rules REQUIRED_FIELDS via validateBurial) with no column. */
export function unmappedRequired(mapping: SheetMapping): BurialField[] {
  const errors = validateBurial({});
  return BURIAL_FIELDS.filter((f) => errors[f] && !mapping.includes(f));
}

/** Export: a text cell that a spreadsheet would run as a formula gets an apostrophe. */
export function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Import: the apostrophe of a neutralized cell goes; a bare formula is refused. */
function cellValue(raw: string): { value: string; formula: boolean } {
  if (/^'[=+\-@]/.test(raw)) return { value: raw.slice(1), formula: false };
  return { value: raw, formula: raw.trimStart().startsWith('=') };
}

export interface CheckedRow {
  /** The record to update (id column filled), or null to create one. */
  id: string | null;
  values: Partial<BurialValues>;
  /** Field → message; empty when the row may be written. */
  errors: FieldErrors;
}

/**
 * One data row: cells by column, the mapping confirmed. With an id the row updates only the
 * mapped fields of that record (the form's edit rules: partial); without, it creates one (all
 * the required fields).
 */
export function checkRow(cells: readonly string[], mapping: SheetMapping): CheckedRow {
  const errors: FieldErrors = {};
  const input: BurialInput = {};
  let id: string | null = null;
  // An id written (even a malformed one) means an update: only the mapped fields are checked.
  let update = false;
  mapping.forEach((field, column) => {
    if (!field) return;
    const { value, formula } = cellValue(cells[column] ?? '');
    if (formula) {
      errors[field] = SHEET_MSG.formula;
      return;
    }
    if (hasForbiddenControl(field, value)) {
      errors[field] = controlCharMessage(SHEET_HEADERS[field]);
      return;
    }
    if (field === 'id') {
      const trimmed = value.trim().toLowerCase();
      update = trimmed !== '';
      if (trimmed && !isId(trimmed)) errors.id = SHEET_MSG.badId;
      else id = trimmed || null;
      return;
    }
    input[field] = value;
  });
  const ruleErrors = validateBurial(input, { partial: update });
  // The form's text for a date that does not parse; an empty cell is a missing value.
  if (ruleErrors.dtFal && String(input.dtFal ?? '').trim() === '') {
    ruleErrors.dtFal = SEP_MSG.dtFalRequired;
  }
  for (const [field, message] of Object.entries(ruleErrors)) {
    if (!errors[field] && message) errors[field] = message;
  }
  if (Object.keys(errors).length > 0) return { id, values: {}, errors };
  return { id, values: normalizeBurial(input), errors };
}

/**
 * What makes a row without an id the same burial as a record (or as another row): name, date
 * of death, quadra and placa, each folded (case, accents, spaces: search-text.ts foldText).
 * The cemetery is compared apart (the server resolves a name to its cemetery).
 */
export function burialMatchKey(values: Partial<BurialValues>): string {
  const fold = (v: unknown) => foldText(String(v ?? ''));
  return [fold(values.nome), values.dtFal ?? '', fold(values.quadra), fold(values.chapa)].join(
    '\u0000',
  );
}

/** Free-text columns (the ones export neutralizes; numbers and dates never start a formula). */
export function isTextField(field: SheetField): boolean {
  return (TEXT_FIELDS as readonly string[]).includes(field);
}
