/**
 * npm run import:legacy at scale (#18: "100,000 records with 300,000 tributes in under 2
 * minutes"): scripts/legacy-export.ts writes an export of the original app (relaxed Extended
 * JSON, one document per line, 2,000 accounts, 3 tributes per record, no photo files), and the
 * real CLI imports it into an empty database of each engine, as a municipality would run it;
 * then once more on the same export (the re-run that must change nothing). Wall time of the
 * whole process (start, reading, writing, VACUUM, exit), not of a function inside it; the
 * database exists already (an empty import applies the migrations first, untimed), as it does
 * in a Memorial that has started once.
 * Runs once per engine on its own database, not against the benchmark server.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeLegacyExport } from '../../scripts/legacy-export';
import type { Row } from '../lib/report';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LIMIT_SECONDS = 120;

export interface ImportScenarioOptions {
  engines: ('pglite' | 'postgres')[];
  count: number;
  /** Runs fn with the URL of a fresh PostgreSQL database, dropped afterwards. */
  withPgDatabase: <T>(fn: (url: string) => Promise<T>) => Promise<T>;
}

interface ImportRun {
  /** The whole process: start, reading, writing, VACUUM, exit. */
  seconds: number;
  /** What the command itself reports ("Concluído em N s": without start-up and exit). */
  inner: string;
  summary: string;
}

/** The CLI's pt-BR summary line ("usuários: 2006 lidos, 2003 novos, …") in the report's English. */
function inEnglish(line: string): string {
  const what: Record<string, string> = {
    usuários: 'users',
    sepultados: 'records',
    comentários: 'tributes',
  };
  return line.replace(
    /^(usuários|sepultados|comentários): (\d+) lidos, (\d+) novos, (\d+) atualizados, (\d+) sem mudança, (\d+) ignorados/,
    (_, kind: string, read, made, updated, same, skipped) =>
      `${what[kind]}: ${read} read, ${made} new, ${updated} updated, ${same} unchanged, ${skipped} skipped`,
  );
}

function runImport(exportDir: string, env: Record<string, string>): ImportRun {
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'server/import-legacy-cli.ts'),
      '--from',
      exportDir,
      '--report',
      path.join(exportDir, 'relatorio.txt'),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  if (result.status !== 0) {
    throw new Error(`import:legacy failed (exit code ${result.status}): ${result.stderr}`);
  }
  const seconds = (Date.now() - started) / 1000;
  const summary = result.stdout
    .split('\n')
    .slice(1, 4)
    .map((l) => inEnglish(l.trim()))
    .join('; ');
  const inner = /Concluído em ([\d.]+ s)/.exec(result.stderr)?.[1] ?? '?';
  console.log(`import:legacy in ${seconds.toFixed(1)} s (import ${inner}) — ${summary}`);
  return { seconds, inner, summary };
}

/** An empty export: running it once applies the migrations, as the server's first start would. */
function emptyExport(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memorial-legacy-empty-'));
  fs.writeFileSync(path.join(dir, 'users.json'), '');
  fs.writeFileSync(path.join(dir, 'sepultados.json'), '');
  return dir;
}

export async function importLegacyScenario(options: ImportScenarioOptions): Promise<Row[]> {
  const exportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memorial-legacy-export-'));
  const empty = emptyExport();
  const rows: Row[] = [];
  try {
    const info = await writeLegacyExport({
      dir: exportDir,
      records: options.count,
      users: 2000,
      tributes: 3,
      format: 'relaxed',
      layout: 'lines',
      quirks: true,
      images: false,
    });
    const target = `${info.validRecords.toLocaleString('en-US')} records + ${info.validTributes.toLocaleString('en-US')} tributes + ${info.validUsers.toLocaleString('en-US')} users`;
    for (const engine of options.engines) {
      const measure = async (databaseUrl: string | null) => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memorial-bench-import-'));
        const env: Record<string, string> = databaseUrl
          ? { DATA_DIR: dataDir, DATABASE_URL: databaseUrl }
          : { DATA_DIR: dataDir };
        try {
          // A municipality imports into a Memorial that has started once: its database exists.
          runImport(empty, env);
          const first = runImport(exportDir, env);
          const again = runImport(exportDir, env);
          for (const [label, run] of [
            ['first import', first],
            ['again, same export', again],
          ] as const) {
            rows.push({
              scenario: 'import-legacy',
              engine,
              target: `${label}: ${target}`,
              ratio: `${run.seconds.toFixed(1)} s ${run.seconds < LIMIT_SECONDS ? '<' : '≥'} ${LIMIT_SECONDS} s`,
              note: `whole process (start, read, write, VACUUM, exit) ${run.seconds.toFixed(1)} s, import ${run.inner}; ${run.summary}`,
            });
          }
        } finally {
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      };
      if (engine === 'postgres') await options.withPgDatabase((url) => measure(url));
      else await measure(null);
    }
  } finally {
    fs.rmSync(exportDir, { recursive: true, force: true });
    fs.rmSync(empty, { recursive: true, force: true });
  }
  return rows;
}
