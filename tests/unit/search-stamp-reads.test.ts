/** The search cache's shared stamp reads (server/modules/search/search-cache.ts StampReads). */
import { describe, expect, it } from 'vitest';
import { StampReads } from '../../server/modules/search/search-cache';

/** A load whose reads resolve by hand, each answering the stamp as it was when it began. */
function manualLoad() {
  let stamp = 0;
  const pending: (() => void)[] = [];
  let started = 0;
  const load = () => {
    started += 1;
    const seen = String(stamp);
    return new Promise<string>((resolve) => pending.push(() => resolve(seen)));
  };
  return {
    load,
    write: () => {
      stamp += 1;
    },
    finishOne: async () => {
      pending.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    },
    get started() {
      return started;
    },
  };
}

describe('StampReads', () => {
  it('searches arriving during a read share the next one, which starts after them', async () => {
    const m = manualLoad();
    const reads = new StampReads(m.load);
    const first = reads.read();
    expect(m.started).toBe(1);
    m.write(); // acknowledged before the next searches arrive
    const a = reads.read();
    const b = reads.read();
    expect(m.started).toBe(1); // they wait; no read per search
    await m.finishOne();
    expect(await first).toBe('0');
    expect(m.started).toBe(2); // one read for both, begun after they came
    await m.finishOne();
    expect(await a).toBe('1');
    expect(await b).toBe('1');
  });

  it('a lone search reads at once; a failed read does not stop the next', async () => {
    let calls = 0;
    const reads = new StampReads(async () => {
      calls += 1;
      if (calls === 1) throw new Error('gone');
      return String(calls);
    });
    const failing = reads.read();
    const after = reads.read();
    await expect(failing).rejects.toThrow('gone');
    expect(await after).toBe('2');
    expect(await reads.read()).toBe('3');
  });
});
