/**
 * The fixed-window counters of rate-limiter.ts kept in Redis, so every instance counts into one
 * window per key (REDIS_URL; docs/decisions.md "Several instances"). Same semantics as the
 * in-memory RateLimiter: a window opens at the first hit and lasts windowMs; count, reset time
 * and last hit are one hash per key, changed atomically by one Lua script; Redis drops the hash
 * when its window is over (no sweep, no key bound here: expiry bounds it).
 *
 * Times are this instance's clock (the tests move it; instances keep theirs by NTP, and a few
 * milliseconds of skew move a window's end by as much).
 *
 * When Redis does not answer (down, a command over COMMAND_TIMEOUT_MS), the hit is counted by
 * this instance's in-memory limiter instead and a warning is logged: limits are then per
 * instance until Redis is back — weaker, never off, and a request never waits on a dead Redis.
 */
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  type HitResult,
  type Limit,
  type Limiter,
  RateLimiter,
  type WindowState,
} from './rate-limiter';

/** KEYS[1] the counter; ARGV now, windowMs. Answers {count, resetAt}. */
const HIT_LUA = `
local now = tonumber(ARGV[1])
local reset = tonumber(redis.call('HGET', KEYS[1], 'r'))
if (not reset) or reset <= now then
  reset = now + tonumber(ARGV[2])
  redis.call('HSET', KEYS[1], 'c', 0, 'r', reset)
end
local count = redis.call('HINCRBY', KEYS[1], 'c', 1)
redis.call('HSET', KEYS[1], 'l', now)
redis.call('PEXPIRE', KEYS[1], reset - now + 1000)
return {count, reset}
`;

interface Log {
  warn(obj: object, msg: string): void;
}

type HitCommand = (key: string, now: number, windowMs: number) => Promise<[number, number]>;

/** One warning per this many ms while Redis stays down (not one per request). */
const WARN_EVERY_MS = 10_000;

export class RedisRateLimiter implements Limiter {
  private readonly fallback: RateLimiter;
  private readonly runHit: HitCommand;
  private warnedAt = 0;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly log: Log,
    private readonly now: () => number = Date.now,
  ) {
    this.fallback = new RateLimiter(now);
    redis.defineCommand('memorialRateHit', { numberOfKeys: 1, lua: HIT_LUA });
    const command = (redis as unknown as Record<string, HitCommand>).memorialRateHit;
    if (!command) throw new Error('ioredis: defineCommand did not add memorialRateHit');
    this.runHit = command.bind(redis);
  }

  async hit(key: string, limit: Limit): Promise<HitResult> {
    const now = this.now();
    try {
      const [count, resetAt] = await this.runHit(this.key(key), now, limit.windowMs);
      return {
        allowed: Number(count) <= limit.max,
        retryAfterSeconds: Math.max(1, Math.ceil((Number(resetAt) - now) / 1000)),
      };
    } catch (err) {
      this.warn(err);
      return this.fallback.hit(key, limit);
    }
  }

  async peek(key: string): Promise<WindowState> {
    const now = this.now();
    try {
      const [count, resetAt, lastAt] = await this.redis.hmget(this.key(key), 'c', 'r', 'l');
      if (count == null || resetAt == null || Number(resetAt) <= now) {
        return { count: 0, resetAt: now, lastAt: 0 };
      }
      return { count: Number(count), resetAt: Number(resetAt), lastAt: Number(lastAt ?? 0) };
    } catch (err) {
      this.warn(err);
      return this.fallback.peek(key);
    }
  }

  async reset(key: string): Promise<void> {
    this.fallback.reset(key);
    try {
      await this.redis.del(this.key(key));
    } catch (err) {
      this.warn(err);
    }
  }

  time(): number {
    return this.now();
  }

  /** Forgets every counter under this prefix (tests start each case from a clean slate). */
  async clear(): Promise<void> {
    this.fallback.clear();
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(
        cursor,
        'MATCH',
        `${this.prefix}rl:*`,
        'COUNT',
        500,
      );
      if (keys.length > 0) await this.redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  }

  /** Hashed: the names carry e-mails and addresses, which a shared Redis need not hold. */
  private key(key: string): string {
    const digest = crypto.createHash('sha256').update(key).digest('base64url').slice(0, 32);
    return `${this.prefix}rl:${digest}`;
  }

  private warn(err: unknown): void {
    const at = Date.now();
    if (at - this.warnedAt < WARN_EVERY_MS) return;
    this.warnedAt = at;
    this.log.warn({ err }, 'Redis sem resposta: limites contados só nesta instância');
  }
}
