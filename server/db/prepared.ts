/**
 * The public search's statements as named prepared statements, on a pool of their own.
 *
 * Why: the ranked search statement (modules/search/search-sql.ts) is long; parsing and planning it
 * was a third of its time on a small register. Named, PostgreSQL parses it once per
 * connection, and this pool's sessions use generic plans only (plan_cache_mode =
 * force_generic_plan): planned once, not at every call. PostgreSQL's own choice (auto) kept
 * re-planning the suggestions' statement, whose generic cost estimate is pessimistic.
 *
 * So only statements whose plan is the same whatever the values may run here: the exact search
 * and the suggestions' name ranges, whose generic plans read the search indexes
 * (tests/api/search-explain.test.ts checks them). The typo pass and the presence check run
 * through the main pool, planned per call (modules/search/search.ts says why).
 *
 * Bounds (docs/decisions/0029-prepared-search-pool.md): a prepared statement of this size holds
 * ~0.4 MB in its server process, kept until the connection closes. So the first MAX_STATEMENTS
 * distinct texts are prepared and any later one runs unnamed (the texts vary only with the query's
 * shape — how many words, which are numbers or field names — about 40 shapes cover what people
 * type); and the pool is small (≤ MAX_CONNECTIONS), which also keeps a flood of public searches
 * from taking the connections logins and edits need. Worst case ≈ 32 × 6 × 0.4 MB ≈ 77 MB; idle
 * connections close after a minute and take their statements with them.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import { lazyPool } from './pg-module';

const MAX_STATEMENTS = 32;
const MAX_CONNECTIONS = 6;

interface PreparedReadsOptions {
  maxStatements?: number;
  maxConnections?: number;
}

export class PreparedReads {
  private readonly pool: ReturnType<typeof lazyPool>;
  private readonly names = new Map<string, string>();
  private readonly maxStatements: number;

  constructor(url: string, options: PreparedReadsOptions = {}) {
    this.maxStatements = options.maxStatements ?? MAX_STATEMENTS;
    const max =
      options.maxConnections ??
      Math.min(MAX_CONNECTIONS, Math.max(4, 2 * os.availableParallelism()));
    this.pool = lazyPool({
      connectionString: url,
      max,
      idleTimeoutMillis: 60_000,
      // jit off: see NO_JIT in db/index.ts. No parallel workers: a generic plan cannot tell a
      // pair of words held by 284 records from one held by 20,000 (migration 0020's index has
      // no statistics to give), and a gather started for the guess costs more worker
      // start-up than the search itself; under a crowd the workers would only take the cores
      // the other searches need.
      options:
        '-c plan_cache_mode=force_generic_plan -c jit=off -c max_parallel_workers_per_gather=0',
    });
  }

  /** The statement's name, or null once the cap is reached and the text is new. */
  private nameFor(text: string): string | null {
    const known = this.names.get(text);
    if (known !== undefined) return known;
    if (this.names.size >= this.maxStatements) return null;
    const name = `search_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    this.names.set(text, name);
    return name;
  }

  async query<T>(text: string, params: unknown[] = []): Promise<T[]> {
    const name = this.nameFor(text);
    const pool = await this.pool.get();
    const result = name
      ? await pool.query({ name, text, values: params })
      : await pool.query(text, params);
    return result.rows as T[];
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
