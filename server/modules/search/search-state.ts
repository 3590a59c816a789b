/**
 * What the search holds per app (AppContext.search), built once by buildApp and owned by the
 * app: two apps in one process (tests) never share any of it.
 *
 *  - `reads`: the three ways its statements run. `query`, the main pool, planned with the values;
 *    `prepared`, named statements with generic plans on a small pool of their own
 *    (db/prepared.ts, docs/decisions/0029-prepared-search-pool.md); `indexed`, two sessions
 *    planning only from index bitmaps (db/indexed-reads.ts), for the capped count. On PGlite
 *    (one session) all three are the main one. Only the search uses the last two: they are
 *    its own, not the SqlRunner every module has.
 *  - `heldStats`: ANALYZE's element statistics, read once a minute (search-stats.ts).
 *  - `vocab`: the vocabulary words per pattern at one write stamp (search-vocab.ts).
 *  - `stamps`: the write stamp's reads shared by searches arriving together (search-cache.ts).
 *
 * A leaf (it imports no other file of the search): the app's context names its type.
 */
import type { Database } from '../../db/index';
import { IndexedReads } from '../../db/indexed-reads';
import { PreparedReads } from '../../db/prepared';

/**
 * The three ways a search statement runs: `query` planned with its values, `prepared` a named
 * statement with a generic plan, `indexed` planned only from index bitmaps.
 */
export interface SearchReads {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  prepared<T>(text: string, params?: unknown[]): Promise<T[]>;
  indexed<T>(text: string, params?: unknown[]): Promise<T[]>;
}

export type StatsColumn = 'search_words' | 'search_keys';

/** The statistics read at once (search-stats.ts, loadAll). */
export interface LoadedStats {
  size: number;
  columns: Map<StatsColumn, Map<string, number>>;
  cemeteries: Map<string, number>;
}

export interface HeldStats {
  at: number;
  loaded: Promise<LoadedStats>;
}

export interface VocabMemo {
  stamp: string;
  words: Map<string, { words: readonly string[]; until: number }>;
}

/**
 * The register's write stamp, and whether every move of it is committed (`settled`): no other
 * session holds the lock the stamp trigger takes before moving it (migration 0017). PGlite
 * runs every request on one session, so there it is never known settled.
 */
export interface Stamp {
  value: string;
  settled: boolean;
}

/**
 * Reads of the stamp shared by the searches that arrive together, never one that began before a
 * search arrived: a write acknowledged before the search came has moved the sequence (nextval
 * runs before the commit), so only a read started after the arrival is sure to see it. A search
 * arriving while a read is in flight waits for the next read, which starts when that one ends
 * and serves every search that arrived meanwhile: under a crowd one statement per round trip
 * instead of one per search (the statement and its round trip were most of a held answer's
 * cost), at most one round trip more for each.
 */
export class StampReads<S = Stamp> {
  private current: Promise<S> | null = null;
  private next: Promise<S> | null = null;

  constructor(private readonly load: () => Promise<S>) {}

  read(): Promise<S> {
    if (!this.current) {
      const started = this.load().finally(() => {
        if (this.current === started) this.current = null;
      });
      this.current = started;
      return started;
    }
    this.next ??= this.current
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        return this.read();
      });
    return this.next;
  }
}

export interface SearchState {
  reads: SearchReads;
  heldStats: HeldStats | null;
  vocab: VocabMemo | null;
  stamps: StampReads | null;
  /** Ends the search's own pools (the app's onClose; the database closes after). */
  close(): Promise<void>;
}

/** `databaseUrl`: the one the database was opened with (null: PGlite). */
export function createSearchState(database: Database, databaseUrl: string | null): SearchState {
  const sql = database.sql;
  const query = <T>(text: string, params?: unknown[]) => sql.query<T>(text, params);
  const state = { heldStats: null, vocab: null, stamps: null };
  if (database.kind !== 'postgres' || !databaseUrl) {
    return {
      ...state,
      reads: { query, prepared: query, indexed: query },
      close: async () => {},
    };
  }
  const prepared = new PreparedReads(databaseUrl);
  const indexed = new IndexedReads(databaseUrl);
  let closed = false;
  return {
    ...state,
    reads: {
      query,
      prepared: (text, params) => prepared.query(text, params),
      indexed: (text, params) => indexed.query(text, params),
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([prepared.close(), indexed.close()]);
    },
  };
}
