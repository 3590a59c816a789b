/**
 * Checks every row of a sheet against a mapping: the burial form's rules row by row
 * (src/domain/spreadsheet.ts checkRow → validateBurial), then what only the whole sheet and
 * the register can tell (an id written twice, an id of no live record). The preview answers
 * from this; the import writes from it. Reads only.
 */
import type { FieldErrors } from '../../../src/domain/burial-rules';
import {
  type CheckedRow,
  checkRow,
  SHEET_HEADERS,
  SHEET_LIMITS,
  type SheetMapping,
  suggestField,
  unmappedRequired,
} from '../../../src/domain/spreadsheet';
import { SHEET_MSG } from '../../../src/domain/spreadsheet-messages';
import type { SheetPreview, SheetPreviewRow } from '../../../src/domain/spreadsheet-types';
import type { Database } from '../../db/index';
import type { Sheet, SheetRow } from './sheet-read';

export interface PlannedRow extends CheckedRow {
  linha: number;
  cells: string[];
  /** A live record this row (without an id) equals: not written (sheet-duplicates.ts). */
  existing?: string;
  /** The earlier row of the sheet this one equals: not written twice. */
  repeats?: number;
}

export interface SheetPlan {
  rows: PlannedRow[];
  /** Required fields with no column (every row that creates a record is refused for them). */
  missing: string[];
}

const ID_BATCH = 5000;

/** The ids among `ids` that are live records. */
async function liveIds(database: Database, ids: string[]): Promise<Set<string>> {
  const live = new Set<string>();
  for (let i = 0; i < ids.length; i += ID_BATCH) {
    const rows = await database.sql.query<{ id: string }>(
      'SELECT id FROM sepultados WHERE id = ANY($1::text[]) AND deleted_at IS NULL',
      [ids.slice(i, i + ID_BATCH)],
    );
    for (const r of rows) live.add(r.id);
  }
  return live;
}

function refuse(row: PlannedRow, field: string, message: string): void {
  const errors: FieldErrors = { ...row.errors, [field]: message };
  row.errors = errors;
  row.values = {};
}

export async function planSheet(
  database: Database,
  sheet: Sheet,
  mapping: SheetMapping,
): Promise<SheetPlan> {
  const rows: PlannedRow[] = sheet.rows.map((r: SheetRow) => ({
    ...checkRow(r.cells, mapping),
    linha: r.linha,
    cells: r.cells,
  }));
  const byId = new Map<string, PlannedRow[]>();
  for (const row of rows) {
    if (!row.id) continue;
    const list = byId.get(row.id) ?? [];
    list.push(row);
    byId.set(row.id, list);
  }
  for (const list of byId.values()) {
    if (list.length > 1) for (const row of list) refuse(row, 'id', SHEET_MSG.duplicateId);
  }
  const live = await liveIds(database, [...byId.keys()]);
  for (const [id, list] of byId) {
    if (!live.has(id)) for (const row of list) refuse(row, 'id', SHEET_MSG.unknownId);
  }
  const missing = unmappedRequired(mapping);
  return { rows, missing };
}

export function isRefused(row: PlannedRow): boolean {
  return Object.keys(row.errors).length > 0;
}

/** Valid, but equal to a record already there or to an earlier row: nothing to write. */
export function isSkipped(row: PlannedRow): boolean {
  return !isRefused(row) && (row.existing !== undefined || row.repeats !== undefined);
}

type RowAction = SheetPreviewRow['acao'];

function actionOf(row: PlannedRow): RowAction {
  if (isRefused(row)) return 'recusar';
  if (row.existing !== undefined) return 'existente';
  if (row.repeats !== undefined) return 'repetida';
  return row.id ? 'atualizar' : 'criar';
}

function rowOut(row: PlannedRow): SheetPreviewRow {
  return {
    linha: row.linha,
    valores: row.cells,
    erros: row.errors as Record<string, string>,
    acao: actionOf(row),
    ...(row.existing !== undefined ? { registro: row.existing } : {}),
    ...(row.repeats !== undefined ? { repete: row.repeats } : {}),
  };
}

export function previewOf(
  sheet: Sheet,
  mapping: SheetMapping,
  plan: SheetPlan,
  seconds: number,
): SheetPreview {
  const counts: Record<RowAction, number> = {
    criar: 0,
    atualizar: 0,
    recusar: 0,
    existente: 0,
    repetida: 0,
  };
  const comErro: PlannedRow[] = [];
  for (const row of plan.rows) {
    counts[actionOf(row)] += 1;
    if (isRefused(row) && comErro.length < SHEET_LIMITS.previewRefused) comErro.push(row);
  }
  const { criar, atualizar } = counts;
  return {
    colunas: sheet.headers.map((cabecalho, i) => ({
      cabecalho,
      campo: mapping[i] ?? null,
      sugestao: suggestField(cabecalho),
    })),
    total: plan.rows.length,
    validas: criar + atualizar,
    criar,
    atualizar,
    recusadas: counts.recusar,
    existentes: counts.existente,
    repetidas: counts.repetida,
    faltando: plan.missing.map((f) => SHEET_HEADERS[f as keyof typeof SHEET_HEADERS]),
    linhas: plan.rows.slice(0, SHEET_LIMITS.previewRows).map(rowOut),
    comErro: comErro.map(rowOut),
    segundos: Math.round(seconds * 1000) / 1000,
  };
}
