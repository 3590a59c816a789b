/**
 * What the search reads to choose its way, besides the records: ANALYZE's element statistics
 * of search_words and search_keys (how common a word is) and the register's size as the
 * planner knows it (reltuples). Both only choose how a page is read (search-topk.ts,
 * search-broad.ts); either way gives the same rows, so an estimate a minute old is enough.
 *
 * `liveStats` reads them at each call (one small statement): what the scale benchmark times
 * with SEARCH_CACHE=off. `heldStats` reads them once for the searches of a crowd: the first
 * search after a new write stamp (search-cache.ts) or after HELD_MS loads every listed element
 * (at most a few thousand short strings), and the searches that follow ask memory. Measured
 * on the Finados mix: the per-search statement was ~1.5 ms of PostgreSQL's time (parse, bind,
 * execute) on every search the held answers did not cover, 12 % of all its statement time.
 */
import type { AppContext } from '../../context';

interface Sql {
  query<T>(text: string, params: unknown[]): Promise<T[]>;
}

export type StatsColumn = 'search_words' | 'search_keys';

export interface ElementStats {
  /** The register's size as the planner knows it (no count of millions of rows per keystroke). */
  size(): Promise<number>;
  /** Each element's share of the records in those columns (absent: too rare to be listed). */
  shares(
    columns: readonly StatsColumn[],
    elements: readonly string[],
  ): Promise<Map<string, number>>;
}

const SIZE_SQL =
  "SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = 'sepultados'::regclass";

export function liveStats(sql: Sql): ElementStats {
  return {
    async size() {
      const [row] = await sql.query<{ n: number }>(SIZE_SQL, []);
      return Number(row?.n ?? 0);
    },
    async shares(columns, elements) {
      if (elements.length === 0) return new Map();
      const rows = await sql.query<{ e: string; f: number }>(
        `SELECT x.e, x.f::float8 AS f FROM pg_stats s
         CROSS JOIN LATERAL unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS x(e, f)
         WHERE s.tablename = 'sepultados' AND s.schemaname = current_schema()
           AND s.attname = ANY($1::text[]) AND x.e = ANY($2::text[])
         ORDER BY s.attname DESC`,
        [columns, elements],
      );
      // search_words before search_keys (attname order), the keys' share kept on a tie.
      return new Map(rows.map((r) => [r.e, Number(r.f)]));
    },
  };
}

/** How long held statistics serve without a new write stamp (ANALYZE moves nothing else). */
export const HELD_MS = 60_000;

interface Held {
  stamp: string;
  at: number;
  loaded: Promise<{ size: number; columns: Map<StatsColumn, Map<string, number>> }>;
}

const held = new WeakMap<AppContext, Held>();

async function loadAll(sql: Sql) {
  const rows = await sql.query<{ attname: StatsColumn; e: string[] | null; f: number[] | null }>(
    `SELECT s.attname, s.most_common_elems::text::text[] AS e, s.most_common_elem_freqs::float8[] AS f
     FROM pg_stats s
     WHERE s.tablename = 'sepultados' AND s.schemaname = current_schema()
       AND s.attname IN ('search_words', 'search_keys')`,
    [],
  );
  const columns = new Map<StatsColumn, Map<string, number>>();
  for (const row of rows) {
    const elements = row.e ?? [];
    columns.set(row.attname, new Map(elements.map((e, i) => [e, Number(row.f?.[i] ?? 0)])));
  }
  const size = await liveStats(sql).size();
  return { size, columns };
}

/** The statistics held for the searches at `stamp` (see the header). */
export function heldStats(ctx: AppContext, stamp: string, now = Date.now()): ElementStats {
  let entry = held.get(ctx);
  if (!entry || entry.stamp !== stamp || now - entry.at > HELD_MS) {
    const loaded = loadAll(ctx.database.sql);
    const fresh: Held = { stamp, at: now, loaded };
    // A failed read is not kept: the next search tries again.
    loaded.catch(() => {
      if (held.get(ctx) === fresh) held.delete(ctx);
    });
    entry = fresh;
    held.set(ctx, entry);
  }
  const { loaded } = entry;
  return {
    size: async () => (await loaded).size,
    async shares(columns, elements) {
      const all = (await loaded).columns;
      const out = new Map<string, number>();
      // Same precedence as liveStats: search_keys over search_words.
      for (const column of ['search_words', 'search_keys'] as const) {
        if (!columns.includes(column)) continue;
        const shares = all.get(column);
        for (const e of elements) {
          const f = shares?.get(e);
          if (f !== undefined) out.set(e, f);
        }
      }
      return out;
    },
  };
}
