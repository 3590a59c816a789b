/**
 * The public record and the card as SQL, written once: the detail read, the home list, the
 * dashboard list, the search and the sync all select these columns and shape the rows with
 * toRecord / toCard, so the wire shape (src/domain/schemas/burial.ts) has one source in SQL.
 * Shaped in the database: dates as ISO text, timestamps as ISO UTC text, whatever the engine.
 *
 * Aliases: `s` is sepultados; RECORD_FROM adds the photos as `p` (one lateral pass gives both
 * lists), cardPhoto() adds the first photo as `f`.
 */
import { type SQL, sql } from 'drizzle-orm';
import { toBurialCard } from '../../../src/domain/burial-card';
import type { TipoSepultura } from '../../../src/domain/burial-rules';
import type { BurialCard, BurialRecord } from '../../../src/domain/burial-types';

const ISO_TS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

export interface RecordRow {
  id: string;
  nome: string;
  idade: number | null;
  dt_nasc: string | null;
  dt_fal: string | null;
  nacionalidade: string | null;
  mae: string | null;
  pai: string | null;
  cemiterio: string | null;
  rua: string | null;
  quadra: string;
  chapa: string;
  epitafio: string | null;
  tipo_sepultura: TipoSepultura | null;
  latitude: number | null;
  longitude: number | null;
  sepultura_id: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  images: string[] | null;
  thumbs: string[] | null;
}

/** Column → SQL expression of the public record (in the wire's order). */
const RECORD_COLUMNS: { [K in keyof RecordRow]: string } = {
  id: 's.id',
  nome: 's.nome',
  idade: 's.idade',
  dt_nasc: `to_char(s.dt_nasc, 'YYYY-MM-DD')`,
  dt_fal: `to_char(s.dt_fal, 'YYYY-MM-DD')`,
  nacionalidade: 's.nacionalidade',
  mae: 's.mae',
  pai: 's.pai',
  cemiterio: 's.cemiterio',
  rua: 's.rua',
  quadra: 's.quadra',
  chapa: 's.chapa',
  epitafio: 's.epitafio',
  tipo_sepultura: 's.tipo_sepultura',
  latitude: 's.latitude',
  longitude: 's.longitude',
  sepultura_id: 's.sepultura_id',
  version: 's.version',
  created_at: `to_char(s.created_at AT TIME ZONE 'UTC', ${ISO_TS})`,
  updated_at: `to_char(s.updated_at AT TIME ZONE 'UTC', ${ISO_TS})`,
  images: 'p.images',
  thumbs: 'p.thumbs',
};

/** `expr AS column, …` for a hand-written statement. */
export const RECORD_SELECT = Object.entries(RECORD_COLUMNS)
  .map(([column, expr]) => `${expr} AS ${column}`)
  .join(', ');

/** The same columns as a Drizzle selection (for the named prepared statement of the detail). */
export const recordSelection = (): { [K in keyof RecordRow]: SQL<RecordRow[K]> } =>
  Object.fromEntries(
    Object.entries(RECORD_COLUMNS).map(([column, expr]) => [column, sql.raw(expr)]),
  ) as { [K in keyof RecordRow]: SQL<RecordRow[K]> };

/** sepultados `s` with its photos `p` in display order. */
export const RECORD_FROM = `sepultados s
LEFT JOIN LATERAL (
  SELECT array_agg(f.file ORDER BY f.position) AS images,
    array_agg(f.thumb ORDER BY f.position) AS thumbs
  FROM sepultado_fotos f WHERE f.sepultado_id = s.id
) p ON true`;

export function toRecord(row: RecordRow): BurialRecord {
  return {
    _id: row.id,
    id: row.id,
    nome: row.nome,
    idade: row.idade,
    dtNasc: row.dt_nasc,
    dtFal: row.dt_fal,
    nacionalidade: row.nacionalidade,
    mae: row.mae,
    pai: row.pai,
    cemiterio: row.cemiterio,
    rua: row.rua,
    quadra: row.quadra,
    chapa: row.chapa,
    epitafio: row.epitafio,
    tipoSepultura: row.tipo_sepultura,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    sepulturaId: row.sepultura_id,
    images: row.images ?? [],
    thumbs: row.thumbs ?? [],
    version: Number(row.version),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface CardRow {
  id: string;
  nome: string;
  rua: string | null;
  quadra: string;
  chapa: string;
  cemiterio: string | null;
  file: string | null;
  thumb: string | null;
}

/** Column → SQL expression of a card, with `f` from cardPhoto('s'). */
const CARD_COLUMNS: { [K in keyof CardRow]: string } = {
  id: 's.id',
  nome: 's.nome',
  rua: 's.rua',
  quadra: 's.quadra',
  chapa: 's.chapa',
  cemiterio: 's.cemiterio',
  file: 'f.file',
  thumb: 'f.thumb',
};

/** `expr AS column, …` of a card for a hand-written statement. */
export const CARD_SELECT = Object.entries(CARD_COLUMNS)
  .map(([column, expr]) => `${expr} AS ${column}`)
  .join(', ');

/** The same columns as a Drizzle selection (for the named prepared statements of the home). */
export const cardSelection = (): { [K in keyof CardRow]: SQL<CardRow[K]> } =>
  Object.fromEntries(
    Object.entries(CARD_COLUMNS).map(([column, expr]) => [column, sql.raw(expr)]),
  ) as { [K in keyof CardRow]: SQL<CardRow[K]> };

/** The first photo (display file and thumbnail) of the record aliased `alias`, as `f`. */
export const cardPhoto = (alias: string) => `LEFT JOIN LATERAL (
  SELECT file, thumb FROM sepultado_fotos WHERE sepultado_id = ${alias}.id ORDER BY position LIMIT 1
) f ON true`;

export function toCard(row: CardRow): BurialCard {
  return toBurialCard(row, row.file, row.thumb);
}
