/**
 * Small read-through caches for the two public reads, the hottest paths: the record (GET
 * /api/sepultados/:id — families share a grave's link and the same records are read in
 * bursts) and the home list's first page (the same for every visitor).
 *
 * - Bounded by memory: at most MAX_ENTRIES values and MAX_BYTES of estimated size (least
 *   recently used go first), each for TTL_MS; expired values are swept as new ones come, so
 *   a crowd reading many different records does not leave thousands of dead copies behind
 *   (docs/decisions.md "Caches").
 * - Every write (create, edit, photos, delete) drops what it changed before the answer, here
 *   and, with REDIS_URL, in every other instance (the invalidation bus: burials-read.ts
 *   forgetCached), so nobody sees the old record after the write's answer.
 * - TTL_MS bounds what nothing announces: writes made outside the server, or while Redis is
 *   down. PGlite deployments are one process by construction.
 * - Single flight: concurrent misses of one id share one database read.
 * Edits and permission checks never read through it: they load the record fresh.
 */
import { LRUCache } from 'lru-cache';

export const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;
const MAX_BYTES = 8 * 1024 * 1024;
/** Map entry, promise and object headers, roughly, beside the value's own characters. */
const ENTRY_OVERHEAD = 256;

/** A held answer: lru-cache holds no null, and "no such record" is an answer too. */
interface Held<T> {
  value: T | null;
}

/** UTF-16 characters of the value's JSON, ×2: close to what V8 holds for strings-heavy rows. */
function estimateBytes(value: unknown): number {
  return value === null ? 0 : JSON.stringify(value).length * 2;
}

/**
 * The bounds, the least-recently-used order and the TTLs are lru-cache's. The reads in flight
 * are this class's own map: lru-cache's fetch() would share them too, but a delete during a
 * fetch aborts it and rejects every request waiting on it, where an invalidation here only
 * keeps the read's answer out of the cache (the requests already waiting get it, as they
 * would have without a cache).
 */
export class ReadCache<T> {
  private readonly held: LRUCache<string, Held<T>>;
  private readonly inflight = new Map<string, Promise<T | null>>();
  private lastSweep: number;

  constructor(
    private readonly ttlMs = TTL_MS,
    maxEntries = MAX_ENTRIES,
    private readonly now: () => number = Date.now,
    maxBytes = MAX_BYTES,
  ) {
    this.held = new LRUCache<string, Held<T>>({
      max: maxEntries,
      maxSize: maxBytes,
      sizeCalculation: (held) => estimateBytes(held.value) + ENTRY_OVERHEAD,
      ttl: ttlMs,
      ttlResolution: 0,
      perf: { now },
    });
    this.lastSweep = now();
  }

  /** `ttlMs`: this value's own time to live (default: the cache's). */
  get(id: string, load: () => Promise<T | null>, ttlMs = this.ttlMs): Promise<T | null> {
    const hit = this.held.get(id);
    if (hit) return Promise.resolve(hit.value);
    const pending = this.inflight.get(id);
    if (pending) return pending;
    const read: Promise<T | null> = load().then(
      (found) => {
        const frozen = found === null ? null : deepFreeze(found);
        if (this.inflight.get(id) === read) {
          this.inflight.delete(id);
          this.sweep();
          this.held.set(id, { value: frozen }, { ttl: ttlMs });
        }
        return frozen;
      },
      (err: unknown) => {
        // A failed read is not remembered.
        if (this.inflight.get(id) === read) this.inflight.delete(id);
        throw err;
      },
    );
    this.inflight.set(id, read);
    return read;
  }

  /** Drops one value (after it was written); the next read goes to the database. */
  invalidate(id: string): void {
    this.held.delete(id);
    // A read in flight may carry the old value: it is not stored, and nobody joins it now.
    this.inflight.delete(id);
  }

  clear(): void {
    this.held.clear();
    this.inflight.clear();
  }

  /** Values held and reads in flight. */
  get size(): number {
    return this.held.size + this.inflight.size;
  }

  /** Estimated bytes held by the values (for the figures in bench/RESULTS-soak.md). */
  get bytes(): number {
    return this.held.calculatedSize;
  }

  /**
   * Expired values are let go once a TTL has passed since the last sweep, as new ones come:
   * lru-cache drops an expired value only when it is read or pushed out by the bounds, so a
   * crowd reading many different records would otherwise keep thousands of dead copies
   * (up to the bounds) after it left. One pass per TTL, not one per read.
   */
  private sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < this.ttlMs) return;
    this.lastSweep = now;
    this.held.purgeStale();
  }
}

/** Cached values are shared between requests: nothing may change them in place. */
function deepFreeze<V>(value: V): V {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
