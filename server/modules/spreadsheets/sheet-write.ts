/**
 * The register as a spreadsheet, streamed: records are read in keyset pages of PAGE rows (by
 * id), so a register of millions is never held in memory; CSV is UTF-8 with BOM and ";"
 * (what Excel in pt-BR opens with accents and columns right), XLSX goes through exceljs's
 * streaming writer. Columns: the id (so the sheet can come back as updates), then the form's
 * fields with its labels; dates DD/MM/AAAA as text (no time zone can shift them), numbers as
 * numbers. A text cell that a spreadsheet would read as a formula is neutralized.
 * exceljs is loaded on the first XLSX asked for, not at start: it is the largest package the
 * server has, and most servers never export one (docs/decisions/0180-idle-memory.md).
 */
import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { formatBrDate } from '../../../src/domain/burial-dates';
import {
  isTextField,
  neutralizeFormula,
  SHEET_FIELDS,
  SHEET_HEADERS,
  type SheetField,
} from '../../../src/domain/spreadsheet';
import type { SheetFormat } from '../../../src/domain/spreadsheet-types';
import type { SqlRunner } from '../../db/index';

export const PAGE = 2000;
export const BOM = '\uFEFF';

type Cell = string | number | null;

interface ExportRow {
  id: string;
  fields: Partial<Record<SheetField, string | number | null>>;
}

/** Rows of text as CSV (BOM, ";", CRLF), every cell neutralized: for reports of user cells. */
export function csvText(rows: string[][]): string {
  return (
    BOM +
    stringify(
      rows.map((r) => r.map(neutralizeFormula)),
      csvOptions,
    )
  );
}

const csvOptions = { delimiter: ';', record_delimiter: 'windows' } as const;

/**
 * A small report as an XLSX workbook of one sheet: the header in bold, text cells neutralized
 * as in csvText, numbers kept as numbers (Excel sums them).
 */
export async function xlsxBuffer(
  sheetName: string,
  header: readonly string[],
  rows: (string | number | null)[][],
): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow([...header]).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(row.map((v) => (typeof v === 'string' ? neutralizeFormula(v) : v)));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function cellsOf(row: ExportRow, forCsv: boolean): Cell[] {
  return SHEET_FIELDS.map((field) => {
    const value = field === 'id' ? row.id : (row.fields[field] ?? null);
    if (value === null) return forCsv ? '' : null;
    if (field === 'dtNasc' || field === 'dtFal') return formatBrDate(String(value));
    if (typeof value === 'number') {
      // pt-BR Excel reads "," as the decimal mark in a CSV; parseCoordinate takes either.
      return forCsv ? String(value).replace('.', ',') : value;
    }
    return isTextField(field) ? neutralizeFormula(value) : value;
  });
}

/** Live records in id order, PAGE at a time. */
async function* pages(conn: SqlRunner): AsyncGenerator<ExportRow[]> {
  let after = '';
  for (;;) {
    const rows = await conn.query<ExportRow>(
      `SELECT id, sepultado_fields(s) AS fields FROM sepultados s
        WHERE deleted_at IS NULL AND id > $1 ORDER BY id LIMIT ${PAGE}`,
      [after],
    );
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1];
    if (!last || rows.length < PAGE) return;
    after = last.id;
  }
}

async function* csvChunks(conn: SqlRunner): AsyncGenerator<string> {
  yield BOM + stringify([SHEET_FIELDS.map((f) => SHEET_HEADERS[f])], csvOptions);
  for await (const rows of pages(conn)) {
    yield stringify(
      rows.map((r) => cellsOf(r, true)),
      csvOptions,
    );
  }
}

function xlsxStream(conn: SqlRunner): Readable {
  const out = new PassThrough();
  const write = async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useSharedStrings: false,
      useStyles: false,
    });
    const sheet = workbook.addWorksheet('Sepultados');
    sheet.addRow(SHEET_FIELDS.map((f) => SHEET_HEADERS[f])).commit();
    for await (const rows of pages(conn)) {
      for (const r of rows) sheet.addRow(cellsOf(r, false)).commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

/** The register as a byte stream in the format asked. */
export function exportStream(conn: SqlRunner, format: SheetFormat): Readable {
  if (format === 'xlsx') return xlsxStream(conn);
  return Readable.from(csvChunks(conn));
}

export const CONTENT_TYPE: Record<SheetFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
