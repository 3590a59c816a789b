/**
 * The form's label of each burial field (spec §3: nacionalidade is "Naturalidade", chapa
 * "Placa"). In the domain because the spreadsheet export (server) writes them as column headers
 * and the import matches headers against them: one wording for the form and the sheet.
 */
import type { BurialField } from './burial-fields';

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
