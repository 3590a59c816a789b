/**
 * /api/sepultados/planilha…: the spreadsheet export and import (docs/decisions.md
 * "Spreadsheets"). Server schemas and the admin screen's types.
 */
import { Type } from 'typebox';
import { SHEET_FIELDS, SHEET_LIMITS, type SheetField } from '../spreadsheet';
import { Nullable } from './common';

export const SheetFormatSchema = Type.Union([Type.Literal('csv'), Type.Literal('xlsx')]);

/** GET /api/sepultados/planilha?formato=csv|xlsx (csv when absent). */
export const SheetExportQuerySchema = Type.Object(
  { formato: Type.Optional(SheetFormatSchema) },
  { additionalProperties: false },
);

/** A column's field: an enum of SHEET_FIELDS (typed as the union). */
export const SheetFieldSchema = Type.Unsafe<SheetField>({
  type: 'string',
  enum: [...SHEET_FIELDS],
});

/**
 * The multipart text part `mapeamento` (JSON): one entry per column of the sheet, the field it
 * fills or null (ignored). Absent in a preview: the suggestion is used.
 */
export const SheetMappingSchema = Type.Array(Nullable(SheetFieldSchema), {
  maxItems: SHEET_LIMITS.maxColumns,
});

export const SheetColumnSchema = Type.Object({
  /** The header as written in the sheet's first row. */
  cabecalho: Type.String(),
  /** The field in use for this column (the suggestion, or the mapping sent). */
  campo: Nullable(SheetFieldSchema),
  /** What the header names, by itself (shown as the suggestion). */
  sugestao: Nullable(SheetFieldSchema),
});

export const SheetRowSchema = Type.Object({
  /** The row's number in the sheet as a spreadsheet program shows it (the header is row 1). */
  linha: Type.Integer(),
  valores: Type.Array(Type.String()),
  /** Field → message (the field's column is the one mapped to it; a field with no column too). */
  erros: Type.Record(Type.String(), Type.String()),
  /**
   * What the import does with the row: create, update (id column), refuse (errors), or nothing
   * because the record is already in the register (`existente`, `registro` names it) or an
   * earlier row of the same sheet creates it (`repetida`, `repete` is that row's number).
   */
  acao: Type.Union([
    Type.Literal('criar'),
    Type.Literal('atualizar'),
    Type.Literal('recusar'),
    Type.Literal('existente'),
    Type.Literal('repetida'),
  ]),
  registro: Type.Optional(Type.String()),
  repete: Type.Optional(Type.Integer()),
});

/** POST /api/sepultados/planilha/previa: nothing written. */
export const SheetPreviewSchema = Type.Object({
  colunas: Type.Array(SheetColumnSchema),
  total: Type.Integer(),
  validas: Type.Integer(),
  criar: Type.Integer(),
  atualizar: Type.Integer(),
  recusadas: Type.Integer(),
  /** Rows equal to a record already in the register (not written). */
  existentes: Type.Integer(),
  /** Rows equal to an earlier row of the same sheet (not written). */
  repetidas: Type.Integer(),
  /** Required fields with no column: every row would be refused. */
  faltando: Type.Array(Type.String()),
  /** The first rows of the sheet. */
  linhas: Type.Array(SheetRowSchema),
  /** The first refused rows (up to SHEET_LIMITS.previewRefused). */
  comErro: Type.Array(SheetRowSchema),
  /** Seconds the server took to read and check the sheet. */
  segundos: Type.Number(),
});

/** A line of POST /api/sepultados/planilha/importar's NDJSON answer while it works. */
export const SheetProgressSchema = Type.Object({
  tipo: Type.Literal('progresso'),
  feitas: Type.Integer(),
  total: Type.Integer(),
});

/** Its last line. */
export const SheetImportResultSchema = Type.Object({
  tipo: Type.Literal('resultado'),
  total: Type.Integer(),
  criados: Type.Integer(),
  atualizados: Type.Integer(),
  /** Rows whose values were already the record's (an update changing nothing). */
  iguais: Type.Integer(),
  /** Rows without an id equal to a record already in the register: not written again. */
  existentes: Type.Integer(),
  /** Rows without an id equal to an earlier row of the sheet: not written twice. */
  repetidas: Type.Integer(),
  recusados: Type.Integer(),
  /** The refused rows as CSV (UTF-8 with BOM, ";"), the sheet's columns plus "Linha" and "Erros". */
  relatorio: Type.String(),
});

/** An error after the answer started (the answer's status is already 200). */
export const SheetImportFailureSchema = Type.Object({
  tipo: Type.Literal('erro'),
  message: Type.String(),
});
