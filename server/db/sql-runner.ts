/**
 * The engine kind and the raw SQL access every engine offers: a leaf, so the migration runner
 * (migrate.ts) and the database opener (index.ts, which runs it) share them without importing
 * each other.
 */

export type DbKind = 'pglite' | 'postgres';

/** Raw SQL access for migrations and the few statements Drizzle does not express well. */
export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs fn on one connection (a pool would otherwise spread BEGIN and COMMIT over several). */
  exclusive<T>(fn: (runner: SqlRunner) => Promise<T>): Promise<T>;
}
