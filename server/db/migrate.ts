/**
 * Applies server/db/migrations/*.sql in file-name order, each once, each in its own transaction
 * on one connection, recorded in schema_migrations. On PostgreSQL a transaction-scoped advisory
 * lock keeps two starting processes from applying the same migration twice.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbKind, SqlRunner } from './sql-runner';

// Beside this module: server/db/migrations when run from source, dist/server/migrations in the
// built server (one bundle, scripts/build-server.mjs copies them there).
const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const LOCK_KEY = 74_220_615;

function listMigrations(): { name: string; sql: string }[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(MIGRATIONS_DIR, name), 'utf8') }));
}

/**
 * `upTo` (a file name, e.g. '0009_optional_phone.sql') stops after that migration: a test builds
 * the database a migration meets, fills it, then runs the rest.
 */
export async function runMigrations(
  sql: SqlRunner,
  kind: DbKind,
  upTo: string | null = null,
): Promise<string[]> {
  return sql.exclusive(async (conn) => {
    await conn.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const applied: string[] = [];
    const wanted = listMigrations().filter((m) => upTo === null || m.name <= upTo);
    for (const migration of wanted) {
      await conn.exec('BEGIN');
      try {
        if (kind === 'postgres') await conn.query(`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
        const done = await conn.query('SELECT 1 FROM schema_migrations WHERE name = $1', [
          migration.name,
        ]);
        if (done.length === 0) {
          await conn.exec(migration.sql);
          await conn.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
          applied.push(migration.name);
        }
        await conn.exec('COMMIT');
      } catch (err) {
        await conn.exec('ROLLBACK');
        throw new Error(`Falha ao aplicar a migração ${migration.name}: ${String(err)}`);
      }
    }
    return applied;
  });
}
