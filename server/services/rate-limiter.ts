/**
 * Fixed-window counters in memory, keyed by whatever the caller names (ip:…, email:…).
 * One process serves one DATA_DIR (PGlite has no lock), so memory is the right store here;
 * a multi-instance PostgreSQL deployment would move these counters to Redis.
 */
export interface Limit {
  max: number;
  windowMs: number;
}

interface Window {
  count: number;
  resetAt: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private lastSweep = Date.now();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one hit; answers how long to wait when the limit is already spent. */
  hit(key: string, limit: Limit): { allowed: boolean; retryAfterSeconds: number } {
    const now = this.now();
    this.sweep(now);
    let win = this.windows.get(key);
    if (!win || win.resetAt <= now) {
      win = { count: 0, resetAt: now + limit.windowMs };
      this.windows.set(key, win);
    }
    win.count += 1;
    const allowed = win.count <= limit.max;
    return { allowed, retryAfterSeconds: Math.max(1, Math.ceil((win.resetAt - now) / 1000)) };
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  /** Forgets every counter (tests start each case from a clean slate). */
  clear(): void {
    this.windows.clear();
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, win] of this.windows) if (win.resetAt <= now) this.windows.delete(key);
  }
}
