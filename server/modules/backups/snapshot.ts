/**
 * The database half of a backup: one consistent snapshot, with every table's row count taken
 * in that same snapshot (the restore checks them). Every table there is: the list is read from
 * the catalogue, never written down, so tables added by later migrations are in.
 *
 * - PostgreSQL: a REPEATABLE READ transaction exports its snapshot and pg_dump reads that very
 *   snapshot (--snapshot), while the server keeps serving and writing.
 * - PGlite: one session, so a transaction holds every other query while the row counts are
 *   taken and PGlite copies its data directory (dumpDataDir); the copy is gzipped after the
 *   hold ends.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { loadPg } from '../../db/pg-module';
import { pgTarget, startTool, toolVersion } from './pg-tools';

export interface DbSnapshot {
  /** The dump file, in the work directory. */
  file: string;
  /** Its name inside the archive. */
  member: string;
  tables: Record<string, number>;
  migration: string | null;
  dumpTool: string;
  /** When the snapshot was taken. */
  at: Date;
}

type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

const TABLES_SQL = `SELECT schemaname AS schema, tablename AS name FROM pg_catalog.pg_tables
  WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`;

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function tableKey(schema: string, name: string): string {
  return schema === 'public' ? name : `${schema}.${name}`;
}

export function qualified(key: string): string {
  const dot = key.indexOf('.');
  return dot < 0
    ? `public.${quoteIdent(key)}`
    : `${quoteIdent(key.slice(0, dot))}.${quoteIdent(key.slice(dot + 1))}`;
}

/** Every table's row count, and the last migration, as the given session sees them. */
export async function countTables(
  query: Query,
): Promise<{ tables: Record<string, number>; migration: string | null }> {
  const tables: Record<string, number> = {};
  for (const t of await query<{ schema: string; name: string }>(TABLES_SQL)) {
    const key = tableKey(t.schema, t.name);
    const [row] = await query<{ n: string | number }>(
      `SELECT count(*) AS n FROM ${qualified(key)}`,
    );
    tables[key] = Number(row?.n ?? 0);
  }
  let migration: string | null = null;
  if ('schema_migrations' in tables) {
    const [row] = await query<{ name: string | null }>(
      'SELECT max(name) AS name FROM public.schema_migrations',
    );
    migration = row?.name ?? null;
  }
  return { tables, migration };
}

export async function snapshotPostgres(databaseUrl: string, workDir: string): Promise<DbSnapshot> {
  const dumpTool = await toolVersion('pg_dump');
  const pg = await loadPg();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const at = new Date();
    const [snap] = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows;
    const query: Query = async <T>(text: string, params: unknown[] = []) =>
      (await client.query(text, params)).rows as T[];
    const { tables, migration } = await countTables(query);
    const file = path.join(workDir, 'postgres.dump');
    const target = pgTarget(databaseUrl);
    // The snapshot lives as long as the transaction that exported it: COMMIT after pg_dump.
    await startTool(
      'pg_dump',
      ['--format=custom', `--snapshot=${snap?.id}`, '--no-sync', `--file=${file}`, target.url],
      target.env,
    ).done;
    await client.query('COMMIT');
    return { file, member: 'database/postgres.dump', tables, migration, dumpTool, at };
  } finally {
    await client.end().catch(() => {});
  }
}

export async function snapshotPglite(client: PGlite, workDir: string): Promise<DbSnapshot> {
  const at = new Date();
  const { counts, dump } = await client.transaction(async (tx) => {
    const query: Query = async <T>(text: string, params: unknown[] = []) =>
      (await tx.query<T>(text, params)).rows;
    const counts = await countTables(query);
    // Inside the transaction's hold: no other statement runs until the copy is made.
    const dump = await client.dumpDataDir('none');
    return { counts, dump };
  });
  const file = path.join(workDir, 'pglite.tar.gz');
  await pipeline(
    Readable.fromWeb(dump.stream() as import('node:stream/web').ReadableStream),
    zlib.createGzip({ level: 6 }),
    fs.createWriteStream(file),
  );
  const [row] = (await client.query<{ version: string }>('SELECT version() AS version')).rows;
  return {
    file,
    member: 'database/pglite.tar.gz',
    tables: counts.tables,
    migration: counts.migration,
    dumpTool: `PGlite dumpDataDir (${row?.version.split(' on ')[0] ?? 'PostgreSQL'})`,
    at,
  };
}
