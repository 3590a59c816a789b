/**
 * npm run import:legacy -- --from DIR [--images DIR] [--dry-run] [--report FILE]
 *
 * Imports the original app's MongoDB export (DIR/users.json and DIR/sepultados.json as
 * `mongoexport` writes them) into the database the server uses: DATABASE_URL when set, else the
 * PGlite files in DATA_DIR (stop the server first: PGlite allows one process per DATA_DIR).
 * --images is the original's public/images folder. Prints progress and the report, and writes
 * the report to --report (default: relatorio-importacao-<date>.txt in the current folder).
 * server/modules/legacy/legacy-import.ts says how; docs/decisions.md why.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadCliConfig, openCliDatabase } from './cli-setup';
import { importLegacy } from './modules/legacy/legacy-import';

const PRINTED_PROBLEMS = 200;

function arg(name: string): string | null {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return null;
  const value = process.argv[i + 1];
  if (!value || value.startsWith('--')) {
    console.error(`--${name} precisa de um valor`);
    process.exit(2);
  }
  return value;
}

function folder(name: string, required: boolean): string | null {
  const value = arg(name);
  if (value === null) {
    if (!required) return null;
    console.error(
      'Uso: npm run import:legacy -- --from DIR [--images DIR] [--dry-run] [--report ARQUIVO]',
    );
    process.exit(2);
  }
  const dir = path.resolve(value);
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    console.error(`--${name}: a pasta ${dir} não existe`);
    process.exit(2);
  }
  return dir;
}

async function main() {
  const from = folder('from', true) as string;
  for (const file of ['users.json', 'sepultados.json']) {
    if (!fs.existsSync(path.join(from, file))) {
      console.error(`--from: falta ${file} em ${from}`);
      process.exit(2);
    }
  }
  const images = folder('images', false);
  const dryRun = process.argv.includes('--dry-run');
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  const reportFile = path.resolve(arg('report') ?? `relatorio-importacao-${stamp}.txt`);
  const config = loadCliConfig();
  const { database, where } = await openCliDatabase(config);
  console.error(
    `Importando ${from} em ${where}${dryRun ? ' (simulação: nada será gravado)' : ''}…`,
  );
  try {
    const report = await importLegacy({
      from,
      images,
      dryRun,
      database,
      config,
      log: (line) => console.error(line),
    });
    fs.writeFileSync(reportFile, report.toText());
    const lines = report.problemLines();
    console.log(report.summary());
    if (lines.length > 0) {
      console.log('\ntipo\tcoleção\tid\tcampo\tresultado\tdetalhe');
      console.log(lines.slice(0, PRINTED_PROBLEMS).join('\n'));
      if (lines.length > PRINTED_PROBLEMS) {
        console.log(`… e mais ${lines.length - PRINTED_PROBLEMS} (todos no arquivo do relatório)`);
      }
    }
    console.log(`\nRelatório completo: ${reportFile}`);
  } finally {
    await database.close();
  }
}

await main();
