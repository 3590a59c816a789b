import { describe, expect, it } from 'vitest';
import { consume } from '../../server/lib/consume';

describe('consume', () => {
  it('hands out every row in order and drops each from the array as it goes', () => {
    const rows: ({ n: number } | undefined)[] = [{ n: 1 }, { n: 2 }, { n: 3 }];
    const seen: number[] = [];
    for (const row of consume(rows)) {
      seen.push(row.n);
      // The row just handed out is no longer held by the page.
      expect(rows[seen.length - 1]).toBeUndefined();
      expect(rows[seen.length]).toEqual(seen.length < 3 ? { n: seen.length + 1 } : undefined);
    }
    expect(seen).toEqual([1, 2, 3]);
    expect(rows).toHaveLength(0);
  });
});
