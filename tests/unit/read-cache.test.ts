import { describe, expect, it } from 'vitest';
import { ReadCache } from '../../server/lib/read-cache';
import type { BurialRecord } from '../../src/domain/burial-types';

const record = (id: string, nome = 'Maria') =>
  ({ id, _id: id, nome, images: [], thumbs: [] }) as unknown as BurialRecord;

// Test clocks start far from 0: lru-cache reads a start time of 0 as "no start" (never stale).
const T0 = 1_000_000;

describe('ReadCache', () => {
  it('reads once within the TTL, again after it', async () => {
    let now = T0;
    let loads = 0;
    const cache = new ReadCache<BurialRecord>(1000, 10, () => now);
    const load = async () => {
      loads += 1;
      return record('a');
    };
    await cache.get('a', load);
    await cache.get('a', load);
    expect(loads).toBe(1);
    now = T0 + 1001;
    await cache.get('a', load);
    expect(loads).toBe(2);
  });

  it('shares one read between concurrent misses', async () => {
    let loads = 0;
    const cache = new ReadCache<BurialRecord>();
    const load = async () => {
      loads += 1;
      await new Promise((r) => setTimeout(r, 5));
      return record('a');
    };
    await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)]);
    expect(loads).toBe(1);
  });

  it('drops an entry on invalidate and never keeps a failed read', async () => {
    const cache = new ReadCache<BurialRecord>();
    await cache.get('a', async () => record('a', 'Antes'));
    cache.invalidate('a');
    expect((await cache.get('a', async () => record('a', 'Depois')))?.nome).toBe('Depois');
    await expect(
      cache.get('b', async () => {
        throw new Error('banco fora');
      }),
    ).rejects.toThrow('banco fora');
    expect((await cache.get('b', async () => record('b')))?.id).toBe('b');
  });

  it('keeps at most the given number of entries, dropping the least recently used', async () => {
    const cache = new ReadCache<BurialRecord>(60_000, 2);
    let loads = 0;
    const load = (id: string) => async () => {
      loads += 1;
      return record(id);
    };
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    await cache.get('a', load('a')); // a is now the most recent
    await cache.get('c', load('c')); // evicts b
    expect(cache.size).toBe(2);
    loads = 0;
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    expect(loads).toBe(1);
  });

  it('keeps the estimated bytes under the bound, dropping the least recently used', async () => {
    const big = 'x'.repeat(10_000); // ~20 kB each as estimated
    const cache = new ReadCache<BurialRecord>(60_000, 1000, Date.now, 100_000);
    for (let i = 0; i < 50; i++) await cache.get(`r${i}`, async () => record(`r${i}`, big));
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.size).toBeLessThan(6);
    cache.invalidate('r49');
    cache.clear();
    expect(cache.bytes).toBe(0);
  });

  it('sweeps expired values as new ones come, instead of keeping them until evicted', async () => {
    let now = T0;
    const cache = new ReadCache<BurialRecord>(1000, 10_000, () => now);
    for (let i = 0; i < 500; i++) await cache.get(`old${i}`, async () => record(`old${i}`));
    expect(cache.size).toBe(500);
    now = T0 + 5000;
    await cache.get('fresh', async () => record('fresh'));
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBeGreaterThan(0);
  });

  it('hands out frozen records', async () => {
    const cache = new ReadCache<BurialRecord>();
    const got = await cache.get('a', async () => record('a'));
    expect(Object.isFrozen(got)).toBe(true);
    expect(Object.isFrozen(got?.images)).toBe(true);
  });
});
