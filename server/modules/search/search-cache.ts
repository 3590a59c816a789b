/**
 * The public search's answers, held while the register's write stamp stays (docs/decisions.md
 * "Search answers under a crowd"). On Finados the same names and the same typed prefixes ("mari", "jose da") come from
 * thousands of phones; each answer is a ranked index search, the costliest public read.
 *
 * Freshness without tracking every write path: the key starts with the register's write stamp,
 * the last value of sepultados_search_seq, which the stamp trigger (migration 0016) bumps on
 * every insert, edit, (soft) deletion and touch, from this process, another instance, the seed
 * or an import alike — except a tribute's count touch, which no search answer shows (on
 * Finados a tribute every few milliseconds would otherwise empty this memory). Reading it is one tiny statement per search; after an acknowledged write the
 * stamp has moved, so the next search misses and reads the register. The one window: a
 * search that ran while a write was still uncommitted (the sequence moves before the commit)
 * would keep the earlier answer under the new stamp. The same statement says whether such a
 * write is open (the stamp trigger's advisory lock, migration 0017): an answer read while one
 * is goes under a key of its own for TTL_MS at most, as the record cache allows between
 * instances; an answer read while none is stays right as long as the stamp does, and is held
 * SETTLED_TTL_MS (the bounds let the least used go first). A cemetery rename (cards carry
 * the name) rewrites its records, which moves the stamp too. `SEARCH_CACHE=off` skips it: the scale benchmark times
 * the register's search, not this memory.
 */
import type { AppContext } from '../../context';
import { ReadCache, TTL_MS } from '../../lib/read-cache';
import { type Stamp, StampReads } from './search-state';

const MAX_ENTRIES = 5_000;
/** ~1,500 pages of 50 cards and their suggestion lists: a crowd's queries (decision 0050). */
const MAX_BYTES = 48 * 1024 * 1024;
/**
 * How long an answer read while no stamp-moving write was open is held: the stamp alone then
 * says when it is stale (any later write moves it), so this only lets rarely asked answers go.
 */
export const SETTLED_TTL_MS = 10 * 60_000;

export function newSearchCache(): ReadCache<unknown> {
  return new ReadCache<unknown>(TTL_MS, MAX_ENTRIES, Date.now, MAX_BYTES);
}

export { type Stamp, StampReads };

const STAMP_SQL = `
SELECT last_value::text AS v, NOT EXISTS (
  SELECT 1 FROM pg_locks l
  WHERE l.locktype = 'advisory' AND l.classid = 1296387407 AND l.objid = 16 AND l.objsubid = 2
    AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
    AND l.pid <> pg_backend_pid()) AS settled
FROM sepultados_search_seq`;

export async function writeStamp(ctx: AppContext): Promise<Stamp> {
  if (ctx.database.kind === 'pglite') {
    const [row] = await ctx.database.sql.query<{ v: string }>(
      'SELECT last_value::text AS v FROM sepultados_search_seq',
    );
    return { value: row?.v ?? '0', settled: false };
  }
  const [row] = await ctx.database.sql.query<{ v: string; settled: boolean }>(STAMP_SQL);
  return { value: row?.v ?? '0', settled: row?.settled === true };
}

function sharedStamp(ctx: AppContext): Promise<Stamp> {
  ctx.search.stamps ??= new StampReads(() => writeStamp(ctx));
  return ctx.search.stamps.read();
}

/**
 * The answer for `key` at the register's current write stamp, read by `load` on a miss; `load`
 * gets the stamp's key (null with SEARCH_CACHE=off) to share what else it reads at that stamp
 * (the vocabulary words, search-vocab.ts). An answer read while a stamp-moving write was open is
 * kept apart (its own key) and held TTL_MS at most; a settled one SETTLED_TTL_MS.
 */
export async function cachedSearch<T>(
  ctx: AppContext,
  key: string,
  load: (stamp: string | null) => Promise<T>,
): Promise<T> {
  if (!ctx.config.searchCache) return load(null);
  const { value, settled } = await sharedStamp(ctx);
  const stamp = settled ? value : `${value}~open`;
  const ttl = settled ? SETTLED_TTL_MS : TTL_MS;
  return (await ctx.searchCache.get(`${stamp}|${key}`, () => load(stamp), ttl)) as T;
}
