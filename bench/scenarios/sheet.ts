/**
 * Spreadsheets (docs/decisions.md "Spreadsheets"): the admin exports the whole seeded register
 * as CSV (streamed), then previews 50,000 of its rows — as CSV with the id column (every row
 * checked by the form's rules and its id looked up: the round-trip case) and as XLSX without
 * ids (new records). Target: a 50,000-row preview in under 10 s. Times are wall clock as the
 * admin's browser would see them (upload + read + check + answer), one request each.
 */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Row } from '../lib/report';
import type { BenchContext } from '../lib/types';

const PREVIEW_ROWS = 50_000;

async function adminToken(base: string): Promise<string> {
  const { BENCH_ADMIN_EMAIL: email, BENCH_ADMIN_PASSWORD: password } = process.env;
  if (!email || !password) throw new Error('sheet: BENCH_ADMIN_EMAIL/PASSWORD ausentes');
  const login = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return ((await login.json()) as { token: string }).token;
}

async function preview(base: string, token: string, data: Uint8Array, name: string) {
  const form = new FormData();
  form.append('arquivo', new Blob([data]), name);
  const started = performance.now();
  const res = await fetch(`${base}/api/sepultados/planilha/previa`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { total?: number; validas?: number; segundos?: number };
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`preview ${name}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

/** The same rows as an XLSX without the id column (quoted cells parsed, not split). */
async function toXlsx(csv: string): Promise<Uint8Array> {
  const rows = parse(csv.replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sepultados');
  for (const row of rows) ws.addRow(row.slice(1));
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

export async function sheetScenario(ctx: BenchContext): Promise<Row[]> {
  const base = ctx.server.url;
  const token = await adminToken(base);
  const started = performance.now();
  const exported = await fetch(`${base}/api/sepultados/planilha?formato=csv`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const csv = await exported.text();
  const exportMs = performance.now() - started;
  if (exported.status !== 200) throw new Error(`export: ${exported.status}`);
  // Records end with CRLF; a line break inside a quoted cell (an epitaph) is a bare LF.
  const lines = csv.split('\r\n').filter(Boolean);
  const sample = lines.slice(0, PREVIEW_ROWS + 1);
  const rows = sample.length - 1;
  const sampleCsv = sample.join('\r\n');
  const withIds = await preview(base, token, new TextEncoder().encode(sampleCsv), 'p.csv');
  const xlsx = await preview(base, token, await toXlsx(sampleCsv), 'p.xlsx');
  const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const server = (s?: number) => (s === undefined ? '' : `, server ${s.toFixed(2)} s`);
  return [
    {
      scenario: 'sheet',
      engine: ctx.engine,
      target: 'GET /api/sepultados/planilha (CSV, whole register)',
      note: `${lines.length - 1} rows, ${(csv.length / 1e6).toFixed(1)} MB in ${sec(exportMs)}`,
    },
    {
      scenario: 'sheet',
      engine: ctx.engine,
      target: `POST …/planilha/previa (CSV, ${rows} rows with ids)`,
      note: `${sec(withIds.ms)} (target < 10 s${server(withIds.body.segundos)}); ${withIds.body.validas} valid`,
    },
    {
      scenario: 'sheet',
      engine: ctx.engine,
      target: `POST …/planilha/previa (XLSX, ${rows} rows, new records)`,
      note: `${sec(xlsx.ms)} (target < 10 s${server(xlsx.body.segundos)}); ${xlsx.body.validas} valid`,
    },
  ];
}
