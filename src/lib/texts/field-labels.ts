/** The form's labels (one copy, in src/domain/burial-labels.ts) and values as a person reads them. */
import { formatBrDate } from '../../domain/burial-dates';

export { FIELD_LABELS } from '../../domain/burial-labels';

/** A stored value as a person reads it: dates DD/MM/AAAA, nothing as "(vazio)". */
export function fieldValueText(field: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined || String(value).trim() === '') return '(vazio)';
  if (field === 'dtNasc' || field === 'dtFal') return formatBrDate(String(value)) || String(value);
  return String(value);
}
