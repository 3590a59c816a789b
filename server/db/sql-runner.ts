/**
 * The engine kind and the raw SQL access every engine offers: a leaf, so the migration runner
 * (migrate.ts) and the database opener (index.ts, which runs it) share them without importing
 * each other.
 */

export type DbKind = 'pglite' | 'postgres';

/**
 * Raw SQL access: the one way a statement is written (docs/decisions/0179-one-sql-style.md),
 * typed by the row type its caller declares.
 */
export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs fn on one connection (a pool would otherwise spread BEGIN and COMMIT over several). */
  exclusive<T>(fn: (runner: SqlRunner) => Promise<T>): Promise<T>;
  /**
   * Runs fn in one transaction on one connection, committed when fn resolves and rolled back
   * when it throws. It starts by setting the request's audit scope (db/audit-scope.ts), as every
   * audited write needs: the audit triggers read who wrote from it. Not nestable.
   */
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
}
