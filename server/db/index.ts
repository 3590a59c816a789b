/**
 * The one database module: embedded PGlite (default, in DATA_DIR/pglite) or PostgreSQL when a
 * connection string is given. Both speak the same SQL and expose the same Drizzle API, so the
 * rest of the server never knows which one it has.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { auditedDb, auditSettingsQuery } from './audit-scope';
import { runMigrations } from './migrate';
import { loadPg } from './pg-module';
import { initPgliteDir, PGLITE_START_PARAMS } from './pglite-init';
import { schema } from './schema';
import type { DbKind, SqlRunner } from './sql-runner';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type { DbKind, SqlRunner };

export interface Database {
  db: Db;
  kind: DbKind;
  sql: SqlRunner;
  /** The embedded engine itself (PGlite only): its own data-directory dump makes backups. */
  pglite?: PGlite;
  close(): Promise<void>;
}

interface DatabaseOptions {
  /** postgres:// URL; when null, PGlite is used. */
  databaseUrl: string | null;
  /** Directory for PGlite's files; null keeps it in memory (tests). */
  pgliteDir: string | null;
  poolSize?: number;
  /** Apply the migrations only up to this file (tests of a migration); all when left out. */
  migrateUpTo?: string;
  /**
   * PGlite only: start from this data directory (a `dumpDataDir` archive) instead of an empty
   * one. The API tests start each file from one already migrated, which spares each its own
   * initdb and migrations; the migrations still run after it (and find nothing left to do).
   */
  pgliteImage?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : await openPglite(options.pgliteDir, options.pgliteImage);
  try {
    await runMigrations(database.sql, database.kind, options.migrateUpTo ?? null);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

async function openPglite(dir: string | null, image?: Blob): Promise<Database> {
  if (dir) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    // A data directory loaded from an image needs no initdb of its own.
    if (!image) await initPgliteDir(dir);
  }
  const client = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    ...(image ? { loadDataDir: image } : {}),
    extensions: { unaccent, pg_trgm },
    startParams: PGLITE_START_PARAMS,
  });
  const db = auditedDb(drizzlePglite(client, { schema }) as unknown as Db);
  const runner = pgliteRunner(client);
  return {
    db,
    kind: 'pglite',
    sql: runner,
    pglite: client,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * PGlite as a SqlRunner: one session, so exclusive() is the session itself and a transaction
 * is PGlite's own, which holds the session (other statements wait until it ends).
 */
export function pgliteRunner(client: PGlite): SqlRunner {
  const runner: SqlRunner = {
    exec: async (text) => {
      await client.exec(text);
    },
    query: async <T>(text: string, params: unknown[] = []) =>
      (await client.query<T>(text, params)).rows,
    exclusive: (fn) => fn(runner),
    transaction: (fn) =>
      client.transaction(async (tx) => {
        const inTx: SqlRunner = {
          exec: async (text) => {
            await tx.exec(text);
          },
          query: async <T>(text: string, params: unknown[] = []) =>
            (await tx.query<T>(text, params)).rows,
          exclusive: (inner) => inner(inTx),
          transaction: nested,
        };
        await setAuditScope(inTx);
        return fn(inTx);
      }),
  };
  return runner;
}

/**
 * One PostgreSQL connection as a SqlRunner, for work that must stay on one session (a transaction, SET, the bulk seed's connections).
 */
export function connectionRunner(client: pg.ClientBase): SqlRunner {
  const query = async <T>(text: string, params: unknown[] = []) =>
    (await client.query(text, params)).rows as T[];
  const runner: SqlRunner = {
    exec: async (text) => {
      await client.query(text);
    },
    query,
    exclusive: () => {
      throw new Error('exclusive() cannot nest');
    },
    transaction: async (fn) => {
      const inTx: SqlRunner = { ...runner, transaction: nested };
      await client.query('BEGIN');
      try {
        await setAuditScope(inTx);
        const result = await fn(inTx);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
    },
  };
  return runner;
}

/** Sets the request's audit scope for the transaction `tx` is in (none outside a request). */
async function setAuditScope(tx: SqlRunner): Promise<void> {
  const settings = auditSettingsQuery();
  if (settings) await tx.query(settings.text, settings.params);
}

const nested = (): never => {
  throw new Error('transaction() cannot nest');
};

/**
 * JIT off for the app's sessions: PostgreSQL compiles a plan whose estimated cost passes
 * jit_above_cost, and at 2,000,000 records the generic plans of the prepared reads pass it
 * (the home list's, with its LIMIT unknown, estimates 666,585 rows): each page of 20 then spent
 * far longer compiling than working (bench/RESULTS-scale.md). This API runs short indexed
 * statements only, where compiling never pays back.
 */
export const NO_JIT = '-c jit=off';

async function openPostgres(url: string, max: number): Promise<Database> {
  const [pg, { drizzle: drizzlePg }] = await Promise.all([
    loadPg(),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max, options: NO_JIT });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  await pool.query('select 1');
  const db = auditedDb(drizzlePg(pool, { schema }) as unknown as Db);
  let closed = false;
  return {
    db,
    kind: 'postgres',
    sql: {
      exec: async (text) => {
        await pool.query(text);
      },
      query: async <T>(text: string, params: unknown[] = []) =>
        (await pool.query(text, params)).rows as T[],
      exclusive: async (fn) => {
        const client = await pool.connect();
        try {
          return await fn(connectionRunner(client));
        } finally {
          client.release();
        }
      },
      transaction: async (fn) => {
        const client = await pool.connect();
        try {
          return await connectionRunner(client).transaction(fn);
        } finally {
          client.release();
        }
      },
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
