/**
 * Places for the backup tests: a DATA_DIR on disk with a real PGlite data directory (or a
 * fresh PostgreSQL database), and the app started on it, as `npm start` would.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';
import { type Database, openDatabase } from '../../server/db/index';
import { RateLimiter } from '../../server/lib/rate-limiter';
import type { RestoreTarget } from '../../server/modules/backups/restore';
import { createPgDatabase, type Engine, type Harness } from './helpers';

export interface Place {
  dataDir: string;
  databaseUrl: string | null;
  /** The environment the server would start with here. */
  env: Record<string, string>;
  target: RestoreTarget;
  drop(): Promise<void>;
}

export async function newPlace(engine: Engine): Promise<Place> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memorial-backup-'));
  const pgDb = engine.url ? await createPgDatabase(engine.url) : null;
  const uploadDir = path.join(dataDir, 'images');
  return {
    dataDir,
    databaseUrl: pgDb?.url ?? null,
    env: { DATA_DIR: dataDir, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) },
    target: pgDb
      ? { kind: 'postgres', databaseUrl: pgDb.url, dataDir, uploadDir }
      : { kind: 'pglite', dataDir, uploadDir },
    drop: async () => {
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface DiskHarness extends Harness {
  database: Database;
  config: Config;
}

/** The app on a place, its PGlite files in DATA_DIR/pglite (as the server keeps them). */
export async function startOn(place: Place): Promise<DiskHarness> {
  const config = loadConfig({
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    CLIENT_DIR: path.join(place.dataDir, 'no-client'),
    SEED: 'none',
    LOG_LEVEL: 'silent',
    SEARCH_RATE_PER_MINUTE: '0',
    ...place.env,
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? null : path.join(place.dataDir, 'pglite'),
    poolSize: 4,
  });
  const limiter = new RateLimiter();
  const app = await buildApp({ config, database, limiter });
  await app.ready();
  return {
    app,
    config,
    limiter,
    database,
    dataDir: place.dataDir,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Rows of every table, read straight from the place's database (the app closed). */
export async function rowsOf(h: DiskHarness, sql: string): Promise<Record<string, unknown>[]> {
  return h.database.sql.query<Record<string, unknown>>(sql);
}

export async function pgTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/** Whether nothing was restored into the place: no database tables, no PGlite files, no images. */
export async function isEmptyPlace(place: Place): Promise<boolean> {
  const images = path.join(place.dataDir, 'images');
  const hasImages = fs.existsSync(images) && fs.readdirSync(images).length > 0;
  const hasPglite = fs.existsSync(path.join(place.dataDir, 'pglite'));
  const tables = place.databaseUrl ? await pgTableCount(place.databaseUrl) : 0;
  const leftovers = fs
    .readdirSync(path.dirname(place.dataDir))
    .filter((n) => n.startsWith(`${path.basename(place.dataDir)}.restore-`));
  return !hasImages && !hasPglite && tables === 0 && leftovers.length === 0;
}
