import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../server/lib/rate-limiter';

describe('RateLimiter memory bound', () => {
  it('holds at most maxKeys counters under a flood of fresh keys, oldest first out', () => {
    const now = 0;
    const limiter = new RateLimiter(() => now, 1000);
    const limit = { max: 5, windowMs: 60_000 };
    for (let i = 0; i < 10_000; i++) limiter.hit(`login:ip:10.0.${i >> 8}.${i & 255}`, limit);
    expect(limiter.size).toBeLessThanOrEqual(1000);
    // The newest counters survive and still count.
    const last = 'login:ip:10.0.39.15';
    for (let i = 0; i < 4; i++) limiter.hit(last, limit);
    expect(limiter.hit(last, limit).allowed).toBe(false);
  });

  it('drops expired windows first', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now, 100);
    for (let i = 0; i < 100; i++) limiter.hit(`old:${i}`, { max: 1, windowMs: 1000 });
    now = 2000;
    limiter.hit('keep', { max: 1, windowMs: 60_000 });
    limiter.hit('new', { max: 1, windowMs: 60_000 });
    expect(limiter.size).toBe(2);
    expect(limiter.peek('keep').count).toBe(1);
  });
});
