/**
 * The auth plugin's user cache (server/lib/user-cache.ts): a hit costs no read, an invalidation
 * on the bus drops the row at once, a read begun before an invalidation never stores its old
 * row, concurrent misses share one read, and entries are bounded by count and by age.
 */
import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../server/db/schema';
import { createLocalInvalidationBus, EVERY_KEY } from '../../server/lib/invalidation';
import { UserCache } from '../../server/lib/user-cache';

const row = (id: string, role = 'usuario') => ({ id, role }) as unknown as UserRow;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('UserCache', () => {
  it('reads once, then answers from memory until the bus drops the row', async () => {
    const bus = createLocalInvalidationBus();
    const cache = new UserCache();
    cache.listen(bus);
    let reads = 0;
    let role = 'usuario';
    const load = async (id: string) => {
      reads += 1;
      return row(id, role);
    };
    expect((await cache.get('a', load))?.role).toBe('usuario');
    expect((await cache.get('a', load))?.role).toBe('usuario');
    expect(reads).toBe(1);
    role = 'admin';
    await bus.publish('user', 'a');
    expect((await cache.get('a', load))?.role).toBe('admin');
    expect(reads).toBe(2);
  });

  it('EVERY_KEY (a Redis subscription back after a cut) drops every row', async () => {
    const bus = createLocalInvalidationBus();
    const cache = new UserCache();
    cache.listen(bus);
    let reads = 0;
    const load = async (id: string) => {
      reads += 1;
      return row(id);
    };
    await cache.get('a', load);
    await cache.get('b', load);
    await bus.publish('user', EVERY_KEY);
    await cache.get('a', load);
    await cache.get('b', load);
    expect(reads).toBe(4);
  });

  it('never stores a row read before an invalidation that came while it was in flight', async () => {
    const cache = new UserCache();
    const slow = deferred<UserRow | null>();
    const before = cache.get('a', () => slow.promise);
    cache.invalidate('a'); // the write committed while the old row was on its way
    slow.resolve(row('a', 'concessionario'));
    expect((await before)?.role).toBe('concessionario'); // that request began before the write
    const after = await cache.get('a', async (id) => row(id, 'usuario'));
    expect(after?.role).toBe('usuario');
  });

  it('a request after an invalidation does not join a read begun before it', async () => {
    const cache = new UserCache();
    const slow = deferred<UserRow | null>();
    void cache.get('a', () => slow.promise);
    cache.invalidate('a');
    let fresh = 0;
    const next = cache.get('a', async (id) => {
      fresh += 1;
      return row(id, 'usuario');
    });
    slow.resolve(row('a', 'admin'));
    expect((await next)?.role).toBe('usuario');
    expect(fresh).toBe(1);
  });

  it('concurrent misses share one read; absent rows and failed reads are not held', async () => {
    const cache = new UserCache();
    let reads = 0;
    const load = async (id: string) => {
      reads += 1;
      return row(id);
    };
    await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)]);
    expect(reads).toBe(1);
    expect(await cache.get('gone', async () => null)).toBeNull();
    expect((await cache.get('gone', async (id) => row(id)))?.id).toBe('gone');
    await expect(
      cache.get('x', async () => Promise.reject(new Error('db down'))),
    ).rejects.toThrow();
    expect((await cache.get('x', async (id) => row(id)))?.id).toBe('x');
  });

  it('bounded: the least recently used goes first, and a row lives at most the TTL', async () => {
    // Far from 0: lru-cache reads a start time of 0 as "no start" (never stale).
    const t0 = 1_000_000;
    let now = t0;
    const cache = new UserCache(1000, 2, () => now);
    let reads = 0;
    const load = async (id: string) => {
      reads += 1;
      return row(id);
    };
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('a', load); // a is now the most recent
    await cache.get('c', load); // b goes
    expect(cache.size).toBe(2);
    reads = 0;
    await cache.get('a', load);
    await cache.get('b', load);
    expect(reads).toBe(1);
    now = t0 + 1001;
    reads = 0;
    await cache.get('a', load);
    expect(reads).toBe(1);
  });
});
