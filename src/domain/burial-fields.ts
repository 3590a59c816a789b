/**
 * The fields of a burial record as the form, the API and the database name them: a leaf module
 * (no imports), so the rules (burial-rules.ts) and the wire schemas (schemas/burial.ts) both
 * build on it without importing each other.
 */

export const TIPOS_SEPULTURA = ['Terra', 'Laje', 'Gaveta', 'Jazigo', 'Capela'] as const;
export type TipoSepultura = (typeof TIPOS_SEPULTURA)[number];

export const TEXT_FIELDS = [
  'nome',
  'nacionalidade',
  'mae',
  'pai',
  'cemiterio',
  'rua',
  'quadra',
  'chapa',
  'epitafio',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** Every editable field of a record: the burial form's fields, in the form's order. */
export const BURIAL_FIELDS = [
  ...TEXT_FIELDS,
  'idade',
  'dtNasc',
  'dtFal',
  'tipoSepultura',
  'latitude',
  'longitude',
] as const;
export type BurialField = (typeof BURIAL_FIELDS)[number];

/** The fields sent as numbers in JSON (text in a multipart form). */
export const NUMERIC_FIELDS = [
  'idade',
  'latitude',
  'longitude',
] as const satisfies readonly BurialField[];
