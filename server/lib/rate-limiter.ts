/**
 * Fixed-window counters, keyed by whatever the caller names (ip:…, email:…). Without REDIS_URL
 * they live in this process's memory (RateLimiter below: one process, the default and always on
 * PGlite); with REDIS_URL every instance counts in Redis with the same semantics
 * (rate-limiter-redis.ts), so a limit is one limit however many instances answer.
 */
export interface Limit {
  max: number;
  windowMs: number;
}

export interface HitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * What the routes use (AppContext.limiter). Answers may be promises (Redis): callers await
 * every call. time() is this instance's clock, the one the counters' times are taken on.
 */
export interface Limiter {
  /** Counts one hit; answers how long to wait when the limit is already spent. */
  hit(key: string, limit: Limit): HitResult | Promise<HitResult>;
  /** The counter as it stands (count 0 when absent or expired); counts nothing. */
  peek(key: string): WindowState | Promise<WindowState>;
  reset(key: string): void | Promise<void>;
  time(): number;
}

interface Window {
  count: number;
  resetAt: number;
  /** When the last hit was counted (growing delays start from it). */
  lastAt: number;
}

/** What a counter holds now, without counting a hit. */
export interface WindowState {
  count: number;
  resetAt: number;
  lastAt: number;
}

/**
 * Most counters held at once (~200 bytes each: ~20 MB). Past it, expired windows go, then the
 * oldest ones: a flood of fresh keys (many addresses or e-mails) cannot grow memory without
 * bound; it can only age out the oldest counters, which the per-address limits already cap.
 */
const MAX_KEYS = 100_000;

export class RateLimiter implements Limiter {
  private readonly windows = new Map<string, Window>();
  private lastSweep = Date.now();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = MAX_KEYS,
  ) {}

  /** Counts one hit; answers how long to wait when the limit is already spent. */
  hit(key: string, limit: Limit): HitResult {
    const now = this.now();
    this.sweep(now);
    let win = this.windows.get(key);
    if (!win || win.resetAt <= now) {
      win = { count: 0, resetAt: now + limit.windowMs, lastAt: now };
      this.windows.delete(key);
      this.windows.set(key, win);
      if (this.windows.size > this.maxKeys) this.shrink(now);
    }
    win.count += 1;
    win.lastAt = now;
    const allowed = win.count <= limit.max;
    return { allowed, retryAfterSeconds: Math.max(1, Math.ceil((win.resetAt - now) / 1000)) };
  }

  /** The counter as it stands (count 0 when absent or expired); counts nothing. */
  peek(key: string): WindowState {
    const now = this.now();
    const win = this.windows.get(key);
    if (!win || win.resetAt <= now) return { count: 0, resetAt: now, lastAt: 0 };
    return { ...win };
  }

  /** The limiter's clock (tests move it). */
  time(): number {
    return this.now();
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  /** Forgets every counter (tests start each case from a clean slate). */
  clear(): void {
    this.windows.clear();
  }

  /** How many counters are held (figures of bench/RESULTS-soak.md, tests). */
  get size(): number {
    return this.windows.size;
  }

  /** Expired windows first; then the oldest tenth, so shrinking is rare and cheap. */
  private shrink(now: number): void {
    for (const [key, win] of this.windows) if (win.resetAt <= now) this.windows.delete(key);
    if (this.windows.size <= this.maxKeys) return;
    let drop = this.windows.size - Math.floor(this.maxKeys * 0.9);
    for (const key of this.windows.keys()) {
      if (drop-- <= 0) break;
      this.windows.delete(key);
    }
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, win] of this.windows) if (win.resetAt <= now) this.windows.delete(key);
  }
}
