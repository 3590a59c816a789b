/**
 * Writes the valid rows of a checked sheet (sheet-check.ts): new records in multi-row INSERTs
 * and updates of the records named by the id column, BATCH rows per transaction, so a large
 * sheet neither holds one huge transaction nor leaves half a batch behind. The `cemiterio`
 * text goes in as is: migration 0010's trigger finds or makes the cemetery by folded name.
 * An update writes only the fields that differ (a sheet exported and imported back changes
 * nothing and makes no new versions). Shared by the API and the CLI.
 */
import { SEP_MSG } from '../../../src/domain/burial-messages';
import {
  BURIAL_FIELDS,
  type BurialField,
  type BurialValues,
  checkDateOrder,
} from '../../../src/domain/burial-rules';
import { newId } from '../../../src/domain/ids';
import { SHEET_HEADERS } from '../../../src/domain/spreadsheet';
import type { Database, SqlRunner } from '../../db/index';
import { isRefused, isSkipped, type PlannedRow, type SheetPlan } from './sheet-check';
import { csvText } from './sheet-write';

export const BATCH = 500;

const COLUMN_OF: Record<BurialField, [string, string]> = {
  nome: ['nome', 'text'],
  idade: ['idade', 'smallint'],
  dtNasc: ['dt_nasc', 'date'],
  dtFal: ['dt_fal', 'date'],
  nacionalidade: ['nacionalidade', 'text'],
  mae: ['mae', 'text'],
  pai: ['pai', 'text'],
  cemiterio: ['cemiterio', 'text'],
  rua: ['rua', 'text'],
  quadra: ['quadra', 'text'],
  chapa: ['chapa', 'text'],
  epitafio: ['epitafio', 'text'],
  tipoSepultura: ['tipo_sepultura', 'text'],
  latitude: ['latitude', 'float8'],
  longitude: ['longitude', 'float8'],
};

// One statement per batch whatever its size: one array per column, unnested into rows (as
// the seed CLI does). cemiterio_id is left to the trigger.
const INSERT_SQL = (() => {
  const cols = ['id', 'created_by', ...BURIAL_FIELDS.map((f) => COLUMN_OF[f][0])];
  const types = ['text', 'text', ...BURIAL_FIELDS.map((f) => COLUMN_OF[f][1])];
  return `INSERT INTO sepultados (${cols.join(', ')})
    SELECT * FROM unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`;
})();

export interface ImportOutcome {
  total: number;
  criados: number;
  atualizados: number;
  iguais: number;
  /** Rows equal to a record already there, and rows repeating an earlier row: not written. */
  existentes: number;
  repetidas: number;
  recusados: number;
  /** Ids of the records updated (their cached copies go). */
  updatedIds: string[];
  refused: PlannedRow[];
}

async function insertRows(conn: SqlRunner, rows: PlannedRow[], userId: string | null) {
  if (rows.length === 0) return;
  const values = (field: BurialField) =>
    rows.map((r) => (r.values as Partial<BurialValues>)[field] ?? null);
  await conn.query(INSERT_SQL, [
    rows.map(() => newId()),
    rows.map(() => userId),
    ...BURIAL_FIELDS.map(values),
  ]);
}

type StoredFields = Partial<Record<BurialField, string | number | null>>;

function same(a: unknown, b: unknown): boolean {
  return (a ?? null) === (b ?? null);
}

/** Updates the rows' records; answers how many changed. Refuses a row whose dates cross. */
async function updateRows(conn: SqlRunner, rows: PlannedRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const current = await conn.query<{ id: string; fields: StoredFields }>(
    `SELECT id, sepultado_fields(s) AS fields FROM sepultados s
      WHERE id = ANY($1::text[]) AND deleted_at IS NULL FOR NO KEY UPDATE`,
    [rows.map((r) => r.id)],
  );
  const byId = new Map(current.map((c) => [c.id, c.fields]));
  let changed = 0;
  for (const row of rows) {
    const stored = byId.get(row.id ?? '');
    if (!stored) {
      row.errors = { id: SEP_MSG.notFound };
      continue;
    }
    const values = row.values as StoredFields;
    const diff = BURIAL_FIELDS.filter((f) => f in values && !same(values[f], stored[f]));
    const after = (f: 'dtNasc' | 'dtFal') => {
      const v = f in values ? values[f] : stored[f];
      return typeof v === 'string' ? v : null;
    };
    const order = checkDateOrder(after('dtNasc'), after('dtFal'));
    if (order) {
      row.errors = { dtNasc: order };
      continue;
    }
    if (diff.length === 0) continue;
    const sets = diff.map((f, i) => `${COLUMN_OF[f][0]} = $${i + 2}::${COLUMN_OF[f][1]}`);
    await conn.query(`UPDATE sepultados SET ${sets.join(', ')} WHERE id = $1`, [
      row.id,
      ...diff.map((f) => values[f] ?? null),
    ]);
    changed += 1;
  }
  return changed;
}

export async function importPlan(
  database: Database,
  plan: SheetPlan,
  options: { userId: string | null; onProgress?: (done: number, total: number) => void },
): Promise<ImportOutcome> {
  const valid = plan.rows.filter((r) => !isRefused(r) && !isSkipped(r));
  let criados = 0;
  let atualizados = 0;
  let iguais = 0;
  const updatedIds: string[] = [];
  // One transaction per batch, each committed on its own: the runner's, which carries the
  // request's audit scope (the trail names the import's request and admin) and, on PGlite,
  // holds the one session, so no other request's statement lands inside a batch (or its
  // rollback).
  for (let i = 0; i < valid.length; i += BATCH) {
    const batch = valid.slice(i, i + BATCH);
    const creates = batch.filter((r) => !r.id);
    const updates = batch.filter((r) => r.id);
    const changed = await database.sql.transaction(async (tx) => {
      // Read by the edit history's trigger (changed_by), also when no request is behind it.
      await tx.query(`SELECT set_config('memorial.user_id', $1, true)`, [options.userId ?? '']);
      await insertRows(tx, creates, options.userId);
      return updateRows(tx, updates);
    });
    criados += creates.length;
    atualizados += changed;
    const written = updates.filter((r) => !isRefused(r));
    iguais += written.length - changed;
    for (const r of written) if (r.id) updatedIds.push(r.id);
    options.onProgress?.(Math.min(i + BATCH, valid.length), valid.length);
  }
  const refused = plan.rows.filter(isRefused);
  return {
    total: plan.rows.length,
    criados,
    atualizados,
    iguais,
    existentes: plan.rows.filter((r) => !isRefused(r) && r.existing !== undefined).length,
    repetidas: plan.rows.filter((r) => !isRefused(r) && r.repeats !== undefined).length,
    recusados: refused.length,
    updatedIds,
    refused,
  };
}

/** The refused rows as CSV: "Linha", the sheet's own columns, then "Erros" (header: message). */
export function refusedReport(headers: string[], refused: PlannedRow[]): string {
  const label = (field: string) => SHEET_HEADERS[field as keyof typeof SHEET_HEADERS] ?? field;
  const lines = [['Linha', ...headers, 'Erros']];
  for (const row of refused) {
    const errors = Object.entries(row.errors)
      .map(([field, message]) => `${label(field)}: ${message}`)
      .join(' | ');
    const cells = headers.map((_, i) => row.cells[i] ?? '');
    lines.push([String(row.linha), ...cells, errors]);
  }
  return csvText(lines);
}
