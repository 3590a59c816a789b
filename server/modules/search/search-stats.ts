/**
 * What the search reads to choose its way, besides the records: ANALYZE's element statistics
 * of search_words and search_keys (how common a word is) and the register's size as the
 * planner knows it (reltuples). Both only choose how a page is read (search-plan.ts,
 * search-broad.ts); either way gives the same rows, so an estimate a minute old is enough.
 *
 * `heldStats` reads them once a minute per instance (HELD_MS): one statement loads every listed
 * element (at most a few thousand short strings) and the searches that follow ask memory.
 * ANALYZE (autovacuum, or the seed's) is the only thing that changes them, so a write to the
 * register does not: they are held by time alone, also with SEARCH_CACHE=off, which turns off
 * the held answers, not this. Read at each call they were a large share of PostgreSQL's time
 * (parse, bind, execute) on every search the held answers did not cover, and of a lone
 * search's time (bench/history/measurements.md).
 * `liveStats` reads them at each call: the default of topByClass and broadSuggestions when
 * called without statistics (their tests, right after an ANALYZE).
 */
import type { SearchQuery } from '../../../src/domain/search-query';
import type { AppContext } from '../../context';
import type { Vocabulary } from './search-sql';
import type { HeldStats, LoadedStats, StatsColumn } from './search-state';
import { HELD_MS, LARGE_CEMETERY_SHARE } from './search-thresholds';

interface Sql {
  query<T>(text: string, params: unknown[]): Promise<T[]>;
}

export type { StatsColumn };

export interface ElementStats {
  /** The register's size as the planner knows it (no count of millions of rows per keystroke). */
  size(): Promise<number>;
  /** Each element's share of the records in those columns (absent: too rare to be listed). */
  shares(
    columns: readonly StatsColumn[],
    elements: readonly string[],
  ): Promise<Map<string, number>>;
  /** A cemetery's share of the records (ANALYZE's most common values; 0 when not listed). */
  cemeteryShare?(id: string): Promise<number>;
}

const CEMETERIES_SQL = `SELECT s.most_common_vals::text::text[] AS v, s.most_common_freqs::float8[] AS f
  FROM pg_stats s
  WHERE s.tablename = 'sepultados' AND s.schemaname = current_schema() AND s.attname = 'cemiterio_id'`;

async function cemeteryShares(sql: Sql): Promise<Map<string, number>> {
  const [row] = await sql.query<{ v: string[] | null; f: number[] | null }>(CEMETERIES_SQL, []);
  return new Map((row?.v ?? []).map((id, i) => [id, Number(row?.f?.[i] ?? 0)]));
}

/**
 * Whether the narrowed count should read the cemetery's btree (search-thresholds.ts,
 * LARGE_CEMETERY_SHARE).
 */
export async function cemeteryByIndex(
  stats: ElementStats,
  cemiterio: string | null,
): Promise<boolean> {
  if (!cemiterio || !stats.cemeteryShare) return true;
  return (await stats.cemeteryShare(cemiterio)) < LARGE_CEMETERY_SHARE;
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
    async cemeteryShare(id) {
      return (await cemeteryShares(sql)).get(id) ?? 0;
    },
  };
}

export { HELD_MS } from './search-thresholds';

async function loadAll(sql: Sql): Promise<LoadedStats> {
  // One statement: the words' and keys' elements, and the cemeteries' most common values.
  const rows = await sql.query<{
    attname: StatsColumn | 'cemiterio_id';
    e: string[] | null;
    f: number[] | null;
  }>(
    `SELECT s.attname,
       CASE WHEN s.attname = 'cemiterio_id' THEN s.most_common_vals::text::text[]
            ELSE s.most_common_elems::text::text[] END AS e,
       CASE WHEN s.attname = 'cemiterio_id' THEN s.most_common_freqs::float8[]
            ELSE s.most_common_elem_freqs::float8[] END AS f
     FROM pg_stats s
     WHERE s.tablename = 'sepultados' AND s.schemaname = current_schema()
       AND s.attname IN ('search_words', 'search_keys', 'cemiterio_id')`,
    [],
  );
  const columns = new Map<StatsColumn, Map<string, number>>();
  let cemeteries = new Map<string, number>();
  for (const row of rows) {
    const elements = row.e ?? [];
    const shares = new Map(elements.map((e, i) => [e, Number(row.f?.[i] ?? 0)]));
    if (row.attname === 'cemiterio_id') cemeteries = shares;
    else columns.set(row.attname, shares);
  }
  const size = await liveStats(sql).size();
  return { size, columns, cemeteries };
}

/** The statistics held for the searches of the last HELD_MS (see the header). */
export function heldStats(ctx: AppContext, now = Date.now()): ElementStats {
  const state = ctx.search;
  let entry = state.heldStats;
  if (!entry || now - entry.at > HELD_MS) {
    const loaded = loadAll(ctx.database.sql);
    const fresh: HeldStats = { at: now, loaded };
    // A failed read is not kept: the next search tries again.
    loaded.catch(() => {
      if (state.heldStats === fresh) state.heldStats = null;
    });
    entry = fresh;
    state.heldStats = entry;
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
    async cemeteryShare(id) {
      return (await loaded).cemeteries.get(id) ?? 0;
    },
  };
}

/** What the statistics expect of a query's records (estimateCounts). */
export interface ExpectedCounts {
  /** Holding every term whole. */
  equal: number;
  /** Matching at all: a word term by any word of its vocabulary. */
  matches: number;
  /** Matching, and holding some term whole (a word, the quadra or the plate). */
  whole: number;
  /** The register's size. */
  size: number;
}

/**
 * How many records hold every term whole, match at all, and hold some term whole among
 * those, as ANALYZE's element statistics of search_words and search_keys suggest (the
 * register's size × each term's share, as if independent; a word too rare to be listed counts
 * 0). They only choose the way (search-plan.ts): every way gives the same rows.
 */
export async function estimateCounts(
  stats: ElementStats,
  query: SearchQuery,
  vocabulary: Vocabulary,
): Promise<ExpectedCounts> {
  const keys = query.terms.map((t) => {
    if (!t.numeric && (t.field === 'any' || t.field === 'rua')) return t.text;
    if (t.field === 'quadra' || t.field === 'chapa')
      return `${t.field === 'quadra' ? 'q' : 'p'}=${t.text}`;
    return `q=${t.text}`;
  });
  // A term held whole as a word, or as the whole quadra or plate.
  const wholeOf = (i: number) => [keys[i] ?? '', `q=${keys[i]}`, `p=${keys[i]}`];
  const words = vocabulary.flatMap((w) => w ?? []);
  const elements = keys.flatMap((_, i) => wholeOf(i));
  const [share, size] = await Promise.all([
    stats.shares(['search_words', 'search_keys'], [...elements, ...words]),
    stats.size(),
  ]);
  const of = (k: string) => share.get(k) ?? 0;
  const sum = (list: readonly string[]) =>
    Math.min(
      1,
      list.reduce((n, e) => n + of(e), 0),
    );
  // Each term's share of matches, as its vocabulary says (a word's share summed over its
  // words): a short word ("s", "a") is held whole by no record but starts the words of half.
  const matching = keys.map((k, i) => {
    const held = vocabulary[i];
    return held ? sum(held) : of(k);
  });
  const whole = keys.reduce((n, _, i) => {
    const others = matching.reduce((m, share, j) => (j === i ? m : m * share), 1);
    return n + size * sum(wholeOf(i)) * others;
  }, 0);
  return {
    equal: keys.reduce((n, k) => n * of(k), size),
    matches: matching.reduce((n, m) => n * m, size),
    whole,
    size,
  };
}
