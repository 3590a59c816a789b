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
  /**
   * A read-only statement of the public search whose plan does not depend on its values, run
   * on PostgreSQL as a named prepared statement with a generic plan, on a small pool of its own
   * (see prepared.ts): parsed and planned once per connection instead of at every call, which
   * was a large share of the search's time. PGlite: the same as query().
   */
  prepared<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * A read of the search that stops at a cap (the total up to 1,001), planned with its values but
   * only from the indexes as bitmaps, never by reading the table in its order (which is the
   * names' order, db/register-order.ts): on PostgreSQL a small pool of its own (indexed-reads.ts).
   * PGlite: the same as query() (one session; its registers are small).
   */
  indexed<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}
