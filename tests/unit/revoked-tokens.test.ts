/**
 * The tokens "Sair" ended, in memory (server/lib/revoked-tokens.ts): refused until their expiry
 * and not after; learnt from the bus (held a token's whole life, the message carrying no
 * expiry); read again from the table when the bus says messages may have been missed.
 */
import { describe, expect, it } from 'vitest';
import type { SqlRunner } from '../../server/db/sql-runner';
import { createLocalInvalidationBus, EVERY_KEY } from '../../server/lib/invalidation';
import { RevokedTokens } from '../../server/lib/revoked-tokens';

const HOUR = 3_600_000;

/** A table of rows as the query answers them; counts the reads. */
function table(rows: { jti: string; expires_at: Date }[]) {
  const reads = { count: 0 };
  const sql = {
    query: async () => {
      reads.count += 1;
      return rows;
    },
  } as unknown as SqlRunner;
  return { sql, reads };
}

describe('RevokedTokens', () => {
  it('refuses an id until its expiry, then forgets it', () => {
    let now = 1_000_000;
    const revoked = new RevokedTokens(table([]).sql, 24 * HOUR, () => now);
    revoked.add('a', now + HOUR);
    expect(revoked.has('a')).toBe(true);
    expect(revoked.has('b')).toBe(false);
    now += HOUR;
    expect(revoked.has('a')).toBe(false);
    // An id already past its expiry is not held at all.
    revoked.add('c', now - 1);
    expect(revoked.has('c')).toBe(false);
  });

  it('loads the table at start', async () => {
    const now = Date.now();
    const { sql } = table([{ jti: 'x', expires_at: new Date(now + HOUR) }]);
    const revoked = new RevokedTokens(sql, 24 * HOUR);
    expect(revoked.has('x')).toBe(false);
    await revoked.load();
    expect(revoked.has('x')).toBe(true);
  });

  it('learns an id from the bus for a token’s whole life, and reads the table on EVERY_KEY', async () => {
    let now = 5_000_000;
    const rows = [{ jti: 'missed', expires_at: new Date(Date.now() + HOUR) }];
    const { sql, reads } = table(rows);
    const revoked = new RevokedTokens(sql, 24 * HOUR, () => now);
    const bus = createLocalInvalidationBus();
    const stop = revoked.listen(bus, (err) => {
      throw err;
    });
    await bus.publish('session', 'told');
    expect(revoked.has('told')).toBe(true);
    now += 24 * HOUR - 1;
    expect(revoked.has('told')).toBe(true);
    now += 1;
    expect(revoked.has('told')).toBe(false);

    await bus.publish('session', EVERY_KEY);
    await new Promise((r) => setTimeout(r, 0));
    expect(reads.count).toBe(1);
    expect(revoked.has('missed')).toBe(true);
    expect(revoked.has(EVERY_KEY)).toBe(false);
    stop();
    await bus.publish('session', 'after-stop');
    expect(revoked.has('after-stop')).toBe(false);
  });
});
