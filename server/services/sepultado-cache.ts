/**
 * Small read-through caches for the two public reads, the hottest paths: the record (GET
 * /api/sepultados/:id — families share a grave's link and the same records are read in
 * bursts) and the home list's first page (the same for every visitor).
 *
 * - Bounded: at most MAX_ENTRIES values (least recently used go first), each for TTL_MS.
 * - Same process: every write (create, edit, photos, delete) drops what it changed before the
 *   answer, so whoever edits sees the edit at once.
 * - Other processes (several servers on one PostgreSQL): a change made elsewhere shows here
 *   within TTL_MS at worst. PGlite deployments are one process by construction.
 * - Single flight: concurrent misses of one id share one database read.
 * Edits and permission checks never read through it: they load the record fresh.
 */

export const TTL_MS = 5_000;
export const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: Promise<T | null>;
  expires: number;
}

export class ReadCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs = TTL_MS,
    private readonly maxEntries = MAX_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {}

  get(id: string, load: () => Promise<T | null>): Promise<T | null> {
    const hit = this.entries.get(id);
    const now = this.now();
    if (hit && hit.expires > now) {
      // Re-insert: Map keeps insertion order, so the oldest key is the least recently used.
      this.entries.delete(id);
      this.entries.set(id, hit);
      return hit.value;
    }
    const value = load().then(
      (found) => (found === null ? null : deepFreeze(found)),
      (err: unknown) => {
        // A failed read is not remembered.
        if (this.entries.get(id)?.value === value) this.entries.delete(id);
        throw err;
      },
    );
    this.entries.delete(id);
    this.entries.set(id, { value, expires: now + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }

  /** Drops one value (after it was written); the next read goes to the database. */
  invalidate(id: string): void {
    this.entries.delete(id);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
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
