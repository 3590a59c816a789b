/**
 * `--only backup`: npm run backup and npm run restore, whole processes, as an operator runs
 * them. Per engine: a register of --count records (npm run seed) with --backup-photos of them
 * carrying one photo (display, 800 px and thumbnail files as the upload pipeline writes them,
 * and their sepultado_fotos rows), backed up to an archive (time, size), then restored into an
 * empty place (time; the restore checks every checksum and row count).
 * `--backup-scale`: also the 2,000,000-record register on PostgreSQL (--scale-count), whose
 * restore must take under 10 minutes.
 * Runs on its own databases, not against the benchmark server.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import sharp from 'sharp';
import type { Row } from '../lib/report';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RESTORE_LIMIT_SECONDS = 600;

export interface BackupScenarioOptions {
  engines: ('pglite' | 'postgres')[];
  count: number;
  photos: number;
  scaleCount: number | null;
  /** Runs fn with the URL of a fresh PostgreSQL database, dropped afterwards. */
  withPgDatabase: <T>(fn: (url: string) => Promise<T>) => Promise<T>;
}

function cli(script: string, args: string[], env: Record<string, string>) {
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, script), ...args],
    {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const seconds = (Date.now() - started) / 1000;
  if (result.status !== 0) {
    throw new Error(`${script} falhou (código ${result.status}): ${result.stdout}${result.stderr}`);
  }
  const last = result.stdout.trim().split('\n').at(-1) ?? '';
  console.log(`${script} ${args.join(' ')}: ${seconds.toFixed(1)} s — ${last}`);
  return { seconds, last };
}

/** Photo-like image bytes at the pipeline's three sizes (noise: no better than a real photo). */
async function photoFiles(): Promise<{ display: Buffer; medium: Buffer; thumb: Buffer }> {
  const base = sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: { r: 120, g: 110, b: 95 },
      noise: { type: 'gaussian', mean: 110, sigma: 18 },
    },
  });
  const raw = await base.png().toBuffer();
  const display = await sharp(raw).blur(1.2).webp({ quality: 80 }).toBuffer();
  const medium = await sharp(display).resize(800).webp({ quality: 78 }).toBuffer();
  const thumb = await sharp(display).resize(320).webp({ quality: 72 }).toBuffer();
  return { display, medium, thumb };
}

const PHOTO_ROWS_SQL = (n: number) => `
  INSERT INTO sepultado_fotos (id, sepultado_id, position, file, thumb, width, height)
  SELECT substr(md5(id), 1, 24), id, 0, md5(id) || '.webp', md5(id) || '-t.webp', 1600, 1200
    FROM sepultados ORDER BY id LIMIT ${n}
  RETURNING md5(sepultado_id) AS base`;

/** Adds one photo to `n` records: the rows, then the files under UPLOAD_DIR/sepultados. */
async function addPhotos(dataDir: string, databaseUrl: string | null, n: number): Promise<number> {
  if (n <= 0) return 0;
  let bases: string[];
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    bases = (await client.query<{ base: string }>(PHOTO_ROWS_SQL(n))).rows.map((r) => r.base);
    await client.end();
  } else {
    const client = await PGlite.create({
      dataDir: path.join(dataDir, 'pglite'),
      extensions: { unaccent, pg_trgm },
    });
    bases = (await client.query<{ base: string }>(PHOTO_ROWS_SQL(n))).rows.map((r) => r.base);
    await client.close();
  }
  const files = await photoFiles();
  const dir = path.join(dataDir, 'images', 'sepultados');
  fs.mkdirSync(dir, { recursive: true });
  for (const base of bases) {
    fs.writeFileSync(path.join(dir, `${base}.webp`), files.display);
    fs.writeFileSync(path.join(dir, `${base}-m.webp`), files.medium);
    fs.writeFileSync(path.join(dir, `${base}-t.webp`), files.thumb);
  }
  return files.display.length + files.medium.length + files.thumb.length;
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

async function measure(
  engine: 'pglite' | 'postgres',
  count: number,
  photos: number,
  urls: { source: string | null; target: string | null },
  rows: Row[],
  limit: number | null,
): Promise<void> {
  const source = fs.mkdtempSync(path.join(os.tmpdir(), 'memorial-bench-backup-'));
  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'memorial-bench-restore-'));
  const archive = `${source}.tar`;
  const env = (dir: string, url: string | null) => ({
    DATA_DIR: dir,
    ...(url ? { DATABASE_URL: url } : {}),
  });
  try {
    const seeded = cli('server/seed-cli.ts', ['--count', String(count)], env(source, urls.source));
    const perPhoto = await addPhotos(source, urls.source, photos);
    const made = cli('server/backup-cli.ts', ['--out', archive], env(source, urls.source));
    const size = fs.statSync(archive).size;
    const restored = cli('server/restore-cli.ts', ['--from', archive], env(target, urls.target));
    const what = `${count.toLocaleString('en-US')} sepultados, ${photos.toLocaleString('en-US')} com foto (${mib(perPhoto)} por foto nos 3 tamanhos)`;
    rows.push({
      scenario: 'backup',
      engine,
      target: `npm run backup: ${what}`,
      ratio: `${made.seconds.toFixed(1)} s`,
      note: `arquivo ${mib(size)}; processo inteiro; semeado em ${seeded.seconds.toFixed(0)} s; ${made.last}`,
    });
    rows.push({
      scenario: 'backup',
      engine,
      target: `npm run restore (lugar vazio): ${what}`,
      ratio:
        limit === null
          ? `${restored.seconds.toFixed(1)} s`
          : `${restored.seconds.toFixed(1)} s ${restored.seconds < limit ? '<' : '≥'} ${limit} s`,
      note: `processo inteiro, somas e contagens conferidas; ${restored.last}`,
    });
  } finally {
    fs.rmSync(source, { recursive: true, force: true });
    fs.rmSync(target, { recursive: true, force: true });
    fs.rmSync(archive, { force: true });
  }
}

export async function backupScenario(options: BackupScenarioOptions): Promise<Row[]> {
  const rows: Row[] = [];
  for (const engine of options.engines) {
    console.log(`== backup on ${engine}`);
    if (engine === 'postgres') {
      await options.withPgDatabase((source) =>
        options.withPgDatabase((target) =>
          measure(engine, options.count, options.photos, { source, target }, rows, null),
        ),
      );
    } else {
      await measure(
        engine,
        options.count,
        options.photos,
        { source: null, target: null },
        rows,
        null,
      );
    }
  }
  if (options.scaleCount && options.engines.includes('postgres')) {
    const n = options.scaleCount;
    console.log(`== backup on postgres at ${n} records`);
    await options.withPgDatabase((source) =>
      options.withPgDatabase((target) =>
        measure('postgres', n, options.photos, { source, target }, rows, RESTORE_LIMIT_SECONDS),
      ),
    );
  }
  return rows;
}
