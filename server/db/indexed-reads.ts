/**
 * Reads whose plans must take their rows from the indexes as bitmaps (the search's `indexed`,
 * modules/search/search-state.ts): the search's total counted up to the cap (search-count.ts,
 * countMatches) on a register stored in name order (register-order.ts).
 *
 * Why: the planner prices "read the table in its order until the cap" as if matches were spread
 * evenly over it. In name order they are not: a first name's holders sit in one block, and a
 * sequential scan stopped at the 1,001st match reads every name before that block (the same
 * pitfall made the presence check's EXISTS read half of 2,000,000 records to find the first
 * "lucas"; it now walks the primary key instead, search-sql.ts). With sequential and
 * plain index scans off for these sessions, the statement reads its words' postings (GIN) into
 * a bitmap and the table in that bitmap's order: the same count, whatever the table's order.
 *
 * A pool of its own (two connections) instead of SET LOCAL in a transaction: one round trip per
 * statement, and the app's other sessions keep the planner's every choice.
 */
import { lazyPool } from './pg-module';

// jit off as every session of the app (NO_JIT, db/index.ts).
const SETTINGS = [
  '-c jit=off',
  '-c enable_seqscan=off',
  '-c enable_indexscan=off',
  '-c enable_indexonlyscan=off',
  '-c max_parallel_workers_per_gather=0',
].join(' ');

export class IndexedReads {
  private readonly pool: ReturnType<typeof lazyPool>;

  constructor(url: string, max = 2) {
    this.pool = lazyPool({
      connectionString: url,
      max,
      idleTimeoutMillis: 60_000,
      options: SETTINGS,
    });
  }

  async query<T>(text: string, params: unknown[] = []): Promise<T[]> {
    return (await (await this.pool.get()).query(text, params)).rows as T[];
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
