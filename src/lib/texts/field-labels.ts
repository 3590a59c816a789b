/** The form's label of each burial field (spec §3: nacionalidade is "Naturalidade", chapa "Placa"). */
import { formatBrDate } from '../../domain/burial-dates';
import type { BurialField } from '../../domain/burial-rules';

export const FIELD_LABELS: Record<BurialField, string> = {
  nome: 'Nome',
  idade: 'Idade',
  dtNasc: 'Data de nascimento',
  dtFal: 'Data de falecimento',
  nacionalidade: 'Naturalidade',
  mae: 'Mãe',
  pai: 'Pai',
  cemiterio: 'Cemitério',
  rua: 'Rua',
  quadra: 'Quadra',
  chapa: 'Placa',
  tipoSepultura: 'Tipo de sepultura',
  epitafio: 'Epitáfio',
  latitude: 'Latitude',
  longitude: 'Longitude',
};

/** A stored value as a person reads it: dates DD/MM/AAAA, nothing as "(vazio)". */
export function fieldValueText(field: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined || String(value).trim() === '') return '(vazio)';
  if (field === 'dtNasc' || field === 'dtFal') return formatBrDate(String(value)) || String(value);
  return String(value);
}
