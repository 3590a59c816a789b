/**
 * Reads an uploaded sheet into header + rows of text cells, whatever it came as: XLSX (the
 * first worksheet, through exceljs) or CSV (UTF-8 with or without BOM, or Windows-1252 as
 * Excel in pt-BR saves it; ";", "," or tab, guessed from the header line). Nothing is
 * evaluated: a formula cell comes back as its text "=…", which the row check refuses.
 * exceljs is loaded on the first XLSX read, not at start (as in sheet-write.ts).
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import type { CellValue } from 'exceljs';
import { SHEET_LIMITS } from '../../../src/domain/spreadsheet';
import { SHEET_MSG } from '../../../src/domain/spreadsheet-messages';
import { badRequest, HttpError } from '../../lib/http-error';

export interface SheetRow {
  /** Where the row starts, as a spreadsheet program numbers it (the header is 1). */
  linha: number;
  cells: string[];
}

export interface Sheet {
  headers: string[];
  /** Data rows (the header and blank rows excluded), each as long as it was written. */
  rows: SheetRow[];
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

function isZip(data: Buffer): boolean {
  return ZIP_MAGIC.every((b, i) => data[i] === b);
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** An exceljs cell value as the text a person typed (dates DD/MM/AAAA, formulas as "=…"). */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) {
    // exceljs gives a date cell as midnight UTC of that day.
    if (Number.isNaN(value.getTime())) return '';
    return `${pad2(value.getUTCDate())}/${pad2(value.getUTCMonth() + 1)}/${value.getUTCFullYear()}`;
  }
  if ('formula' in value || 'sharedFormula' in value) {
    const f = 'formula' in value ? value.formula : value.sharedFormula;
    return `=${f ?? ''}`;
  }
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('error' in value) return '';
  return '';
}

/** The first worksheet, read as a stream (exceljs's whole-workbook load is 4× slower). */
async function readXlsx(data: Buffer): Promise<SheetRow[]> {
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(data), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // Kept: a date cell is a number with a date format, told apart only by its style.
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  const rows: SheetRow[] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        if (rows.length > SHEET_LIMITS.maxRows + 1) {
          throw new HttpError(413, SHEET_MSG.tooManyRows(SHEET_LIMITS.maxRows));
        }
        // row.values is 1-based and sparse.
        const values = (row.values as CellValue[]).slice(1, SHEET_LIMITS.maxColumns + 2);
        rows.push({ linha: row.number, cells: Array.from(values, (v) => cellText(v)) });
      }
      break;
    }
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw badRequest(SHEET_MSG.notSpreadsheet, 'arquivo');
  }
  return rows;
}

function decodeText(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    // Not UTF-8: Excel's "CSV" in a pt-BR Windows is Windows-1252.
    return new TextDecoder('windows-1252').decode(data);
  }
}

function guessDelimiter(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  const count = (ch: string) => first.split(ch).length - 1;
  const candidates = [';', ',', '\t'].map((d) => [d, count(d)] as const);
  candidates.sort((a, b) => b[1] - a[1]);
  return candidates[0]?.[1] ? candidates[0][0] : ';';
}

function readCsv(data: Buffer): SheetRow[] {
  // A NUL byte never appears in a text file: an image, a PDF, an old .xls.
  if (data.includes(0)) throw badRequest(SHEET_MSG.notSpreadsheet, 'arquivo');
  const text = decodeText(data).replace(/^\uFEFF/, '');
  try {
    const records = parse(text, {
      delimiter: guessDelimiter(text),
      relax_column_count: true,
      // A quote inside an unquoted cell (hand-typed files) is kept as a character.
      relax_quotes: true,
      max_record_size: 64 * 1024,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    // info.lines is the line the record ends on; a row's cells may span lines (quoted breaks).
    let next = 1;
    return records.map(({ record, info }) => {
      const linha = next;
      next = info.lines + 1;
      return { linha, cells: record };
    });
  } catch {
    throw badRequest(SHEET_MSG.notSpreadsheet, 'arquivo');
  }
}

/** The sheet of an upload, or a pt-BR 400/413. */
export async function readSheet(data: Buffer): Promise<Sheet> {
  if (data.length === 0) throw badRequest(SHEET_MSG.empty, 'arquivo');
  const all = isZip(data) ? await readXlsx(data) : readCsv(data);
  const rows = all.filter((r) => r.cells.some((c) => c.trim() !== ''));
  const [header, ...dataRows] = rows;
  if (!header) throw badRequest(SHEET_MSG.empty, 'arquivo');
  const headerRow = header.cells;
  if (headerRow.length > SHEET_LIMITS.maxColumns) {
    throw badRequest(SHEET_MSG.tooManyColumns(SHEET_LIMITS.maxColumns), 'arquivo');
  }
  if (dataRows.length > SHEET_LIMITS.maxRows) {
    throw new HttpError(413, SHEET_MSG.tooManyRows(SHEET_LIMITS.maxRows));
  }
  return { headers: headerRow.map((h) => h.trim()), rows: dataRows };
}
