/**
 * A burial record's data columns (migrations 0002, 0010) with their SQL array types, in one
 * order: the bulk loaders (npm run seed on PGlite, npm run import:legacy) send one array per
 * column and let the database unnest them into rows (`unnest($1::text[], …)`), adding their own
 * bookkeeping columns after these.
 */
export const BURIAL_DATA_COLUMNS = [
  ['id', 'text'],
  ['nome', 'text'],
  ['idade', 'smallint'],
  ['dt_nasc', 'date'],
  ['dt_fal', 'date'],
  ['nacionalidade', 'text'],
  ['mae', 'text'],
  ['pai', 'text'],
  ['cemiterio', 'text'],
  ['rua', 'text'],
  ['quadra', 'text'],
  ['chapa', 'text'],
  ['epitafio', 'text'],
  ['tipo_sepultura', 'text'],
  ['latitude', 'float8'],
  ['longitude', 'float8'],
] as const;
