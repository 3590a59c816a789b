/**
 * The public search's answers, held a few seconds (docs/decisions.md "Search answers under a
 * crowd"). On Finados the same names and the same typed prefixes ("mari", "jose da") come from
 * thousands of phones; each answer is a ranked index search, the costliest public read.
 *
 * Freshness without tracking every write path: the key starts with the register's write stamp,
 * the last value of sepultados_search_seq, which the stamp trigger (migration 0016) bumps on
 * every insert, edit, (soft) deletion and touch, from this process, another instance, the seed
 * or an import alike — except a tribute's count touch, which no search answer shows (on
 * Finados a tribute every few milliseconds would otherwise empty this memory). Reading it is one tiny statement per search; after an acknowledged write the
 * stamp has moved, so the next search misses and reads the register. The one window: a
 * search that ran while a write was still uncommitted (the sequence moves before the commit)
 * may keep the earlier answer under the new stamp, for TTL_MS at worst — as the record cache
 * already allows between instances. A cemetery rename (cards carry the name) rewrites its
 * records, which moves the stamp too. `SEARCH_CACHE=off` skips it: the scale benchmark times
 * the register's search, not this memory.
 */
import type { AppContext } from '../../context';
import { ReadCache } from '../burials/burials-cache';

const MAX_ENTRIES = 5_000;
const MAX_BYTES = 8 * 1024 * 1024;

export function newSearchCache(): ReadCache<unknown> {
  return new ReadCache<unknown>(undefined, MAX_ENTRIES, Date.now, MAX_BYTES);
}

async function writeStamp(ctx: AppContext): Promise<string> {
  const [row] = await ctx.database.sql.query<{ v: string }>(
    'SELECT last_value::text AS v FROM sepultados_search_seq',
  );
  return row?.v ?? '0';
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
export class StampReads {
  private current: Promise<string> | null = null;
  private next: Promise<string> | null = null;

  constructor(private readonly load: () => Promise<string>) {}

  read(): Promise<string> {
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

const stamps = new WeakMap<AppContext, StampReads>();

function sharedStamp(ctx: AppContext): Promise<string> {
  let reads = stamps.get(ctx);
  if (!reads) {
    reads = new StampReads(() => writeStamp(ctx));
    stamps.set(ctx, reads);
  }
  return reads.read();
}

/**
 * The answer for `key` at the register's current write stamp, read by `load` on a miss; `load`
 * gets the stamp (null with SEARCH_CACHE=off) to share what else it reads at that stamp
 * (search-held.ts).
 */
export async function cachedSearch<T>(
  ctx: AppContext,
  key: string,
  load: (stamp: string | null) => Promise<T>,
): Promise<T> {
  if (!ctx.config.searchCache) return load(null);
  const stamp = await sharedStamp(ctx);
  return (await ctx.searchCache.get(`${stamp}|${key}`, () => load(stamp))) as T;
}
