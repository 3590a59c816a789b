/**
 * The register as a spreadsheet from the command line (docs/decisions.md "Spreadsheets"),
 * the same service code as the admin screen's API:
 *   npm run sheet:export -- --out sepultados.xlsx   (or .csv)
 *   npm run sheet:import -- --file planilha.csv [--dry-run] [--report recusadas.csv]
 * on the database the server would use (DATABASE_URL, else the PGlite files in DATA_DIR: stop
 * the server first, PGlite allows one process per DATA_DIR). The import uses the columns'
 * suggested fields (the headers' names), checks every row with the burial form's rules, writes
 * only the valid ones (none with --dry-run) and writes the refused rows to a CSV report.
 */
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { SHEET_HEADERS } from '../src/domain/spreadsheet';
import { loadCliConfig, openCliDatabase } from './cli-setup';
import type { Database } from './db/index';
import { HttpError } from './lib/http-error';
import { isRefused, isSkipped } from './modules/spreadsheets/sheet-check';
import { refusedReport } from './modules/spreadsheets/sheet-import';
import { checkUpload, importChecked } from './modules/spreadsheets/sheet-service';
import { exportStream } from './modules/spreadsheets/sheet-write';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

async function exportTo(database: Database, out: string): Promise<void> {
  const format = out.toLowerCase().endsWith('.xlsx') ? 'xlsx' : 'csv';
  const started = Date.now();
  await pipeline(exportStream(database.sql, format), fs.createWriteStream(out));
  const [row] = await database.sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM sepultados WHERE deleted_at IS NULL',
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Exportados ${row?.n ?? 0} registros para ${out} em ${seconds} s.`);
}

async function importFrom(database: Database, file: string, dryRun: boolean, report: string) {
  const data = fs.readFileSync(file);
  const checked = await checkUpload(database, data, undefined);
  const { sheet, mapping, plan } = checked;
  console.log('Colunas:');
  sheet.headers.forEach((h, i) => {
    const field = mapping[i];
    console.log(`  ${h || '(sem nome)'} → ${field ? SHEET_HEADERS[field] : '(ignorada)'}`);
  });
  const refused = plan.rows.filter(isRefused);
  const existing = plan.rows.filter((r) => isSkipped(r) && r.existing !== undefined).length;
  const repeated = plan.rows.filter((r) => isSkipped(r) && r.repeats !== undefined).length;
  const valid = plan.rows.length - refused.length - existing - repeated;
  console.log(
    `${plan.rows.length} linhas: ${valid} válidas, ${existing} já cadastradas, ${repeated} repetidas na planilha, ${refused.length} recusadas (lidas e conferidas em ${checked.seconds.toFixed(1)} s).`,
  );
  for (const row of refused.slice(0, 10)) {
    const errors = Object.entries(row.errors).map(([f, m]) => `${f}: ${m}`);
    console.log(`  linha ${row.linha}: ${errors.join(' | ')}`);
  }
  if (dryRun) {
    console.log('--dry-run: nada foi gravado.');
  } else {
    const outcome = await importChecked(database, checked, {
      userId: null,
      onProgress: (done, total) => console.log(`  ${done} / ${total}`),
    });
    console.log(
      `Criados ${outcome.criados}, atualizados ${outcome.atualizados}, sem mudança ${outcome.iguais}, já cadastrados ${outcome.existentes}, repetidos na planilha ${outcome.repetidas}, recusados ${outcome.recusados}.`,
    );
  }
  // After the import too: an update can still be refused (dates crossing the stored ones).
  const rows = plan.rows.filter(isRefused);
  if (rows.length > 0) {
    fs.writeFileSync(report, refusedReport(sheet.headers, rows));
    console.log(`Relatório das linhas recusadas: ${report}`);
  }
}

async function main() {
  const command = process.argv[2];
  if (command !== 'export' && command !== 'import') fail('Use: sheet-cli export|import …');
  const config = loadCliConfig(2);
  const out = arg('out');
  const file = arg('file');
  if (command === 'export' && !out) fail('Informe o arquivo: --out sepultados.xlsx (ou .csv)');
  if (command === 'import' && (!file || !fs.existsSync(file))) {
    fail('Informe uma planilha existente: --file planilha.csv (ou .xlsx)');
  }
  const { database } = await openCliDatabase(config);
  try {
    if (command === 'export' && out) await exportTo(database, out);
    if (command === 'import' && file) {
      const report = arg('report') ?? file.replace(/(\.\w+)?$/, '.recusadas.csv');
      await importFrom(database, file, process.argv.includes('--dry-run'), report);
    }
  } catch (err) {
    if (err instanceof HttpError) {
      console.error(err.message);
      process.exitCode = 1;
    } else throw err;
  } finally {
    await database.close();
  }
}

await main();
