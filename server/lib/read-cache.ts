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

export const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;
const MAX_BYTES = 8 * 1024 * 1024;
/** Map entry, promise and object headers, roughly, beside the value's own characters. */
const ENTRY_OVERHEAD = 256;

interface Entry<T> {
  value: Promise<T | null>;
  expires: number;
  /** Estimated bytes, known once the read answered (0 while it is in flight). */
  bytes: number;
}

/** UTF-16 characters of the value's JSON, ×2: close to what V8 holds for strings-heavy rows. */
function estimateBytes(value: unknown): number {
  return value === null ? 0 : JSON.stringify(value).length * 2;
}

export class ReadCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private totalBytes = 0;

  constructor(
    private readonly ttlMs = TTL_MS,
    private readonly maxEntries = MAX_ENTRIES,
    private readonly now: () => number = Date.now,
    private readonly maxBytes = MAX_BYTES,
  ) {}

  /** `ttlMs`: this value's own time to live (default: the cache's). */
  get(id: string, load: () => Promise<T | null>, ttlMs = this.ttlMs): Promise<T | null> {
    const hit = this.entries.get(id);
    const now = this.now();
    if (hit && hit.expires > now) {
      // Re-insert: Map keeps insertion order, so the oldest key is the least recently used.
      this.entries.delete(id);
      this.entries.set(id, hit);
      return hit.value;
    }
    this.remove(id);
    const entry: Entry<T> = { value: Promise.resolve(null), expires: now + ttlMs, bytes: 0 };
    entry.value = load().then(
      (found) => {
        if (found === null) return null;
        const frozen = deepFreeze(found);
        if (this.entries.get(id) === entry) {
          entry.bytes = estimateBytes(frozen) + ENTRY_OVERHEAD;
          this.totalBytes += entry.bytes;
          this.shrink(now);
        }
        return frozen;
      },
      (err: unknown) => {
        // A failed read is not remembered.
        if (this.entries.get(id) === entry) this.remove(id);
        throw err;
      },
    );
    this.entries.set(id, entry);
    this.shrink(now);
    return entry.value;
  }

  /** Drops one value (after it was written); the next read goes to the database. */
  invalidate(id: string): void {
    this.remove(id);
  }

  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Estimated bytes held by the values (for the figures in bench/RESULTS-soak.md). */
  get bytes(): number {
    return this.totalBytes;
  }

  private remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.totalBytes -= entry.bytes;
    this.entries.delete(id);
  }

  /**
   * Expired values at the front go first (with one TTL for all they are also the oldest; with
   * a longer TTL for some, an expired value behind them waits for its next read or the
   * bounds), then the least recently used while a bound is passed.
   */
  private shrink(now: number): void {
    for (const [id, entry] of this.entries) {
      const over = this.entries.size > this.maxEntries || this.totalBytes > this.maxBytes;
      if (!over && entry.expires > now) break;
      this.remove(id);
    }
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
