/**
 * The user rows the auth plugin reads on every authenticated request, held in memory so a
 * logged-in read costs a Map lookup instead of a database round trip (decision 0048 in
 * docs/decisions/). The sessions' promise (decision 0001) still holds — a role change, a password
 * reset or a deletion takes effect on the next request — because every write to a user row
 * publishes topic 'user' on the invalidation bus (server/lib/invalidation.ts) after its
 * transaction commits, and the bus drops the entry here (in every instance, with a shared bus).
 *
 * - A read that started before an invalidation never stores its (possibly old) row: each read
 *   notes the invalidation epoch it started in and stores only if no invalidation came since.
 * - Concurrent misses of one id share one database read (a crowd logging in after a restart).
 * - Bounded: MAX_ENTRIES rows, least recently used out first; each row at most TTL_MS, a safety
 *   net for writes made outside the server (hand-written SQL, the legacy import against a
 *   running server's PostgreSQL), which publish nothing.
 * - Absent rows are never held: an account created a moment later is read at once.
 */
import { LRUCache } from 'lru-cache';
import type { UserRow } from '../db/schema';
import { EVERY_KEY, type InvalidationBus } from './invalidation';

export const USER_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

/** Bounds, order and TTL are lru-cache's; the reads in flight and their epoch are ours. */
export class UserCache {
  private readonly rows: LRUCache<string, UserRow>;
  private readonly inflight = new Map<string, Promise<UserRow | null>>();
  /** Bumped by every invalidation: a read begun in an older epoch does not store its row. */
  private epoch = 0;

  constructor(ttlMs = USER_CACHE_TTL_MS, maxEntries = MAX_ENTRIES, now: () => number = Date.now) {
    this.rows = new LRUCache<string, UserRow>({
      max: maxEntries,
      ttl: ttlMs,
      ttlResolution: 0,
      perf: { now },
    });
  }

  /** Drops the bus's 'user' messages into this cache; returns the unsubscribe. */
  listen(bus: InvalidationBus): () => void {
    return bus.subscribe('user', (id) => this.invalidate(id));
  }

  get(id: string, load: (id: string) => Promise<UserRow | null>): Promise<UserRow | null> {
    const hit = this.rows.get(id);
    if (hit) return Promise.resolve(hit);
    const pending = this.inflight.get(id);
    if (pending) return pending;
    const epoch = this.epoch;
    const read = load(id).then(
      (row) => {
        if (this.inflight.get(id) === read) this.inflight.delete(id);
        if (row && epoch === this.epoch) this.rows.set(id, row);
        return row;
      },
      (err: unknown) => {
        if (this.inflight.get(id) === read) this.inflight.delete(id);
        throw err;
      },
    );
    this.inflight.set(id, read);
    return read;
  }

  invalidate(id: string): void {
    this.epoch += 1;
    // EVERY_KEY: a Redis subscription came back after a cut, so messages may have been missed.
    if (id === EVERY_KEY) {
      this.rows.clear();
      this.inflight.clear();
      return;
    }
    this.rows.delete(id);
    // A read in flight may carry the old row: later requests must not join it.
    this.inflight.delete(id);
  }

  get size(): number {
    return this.rows.size;
  }
}
