/**
 * The PostgreSQL driver (pg), loaded only when DATABASE_URL is set: the embedded default never
 * needs it, and loaded at start it stayed in the server's memory for nothing
 * (docs/decisions/0180-idle-memory.md).
 */
import type pg from 'pg';
import { onFirstUse } from '../lib/on-first-use';

export async function loadPg(): Promise<typeof pg> {
  return (await import('pg')).default;
}

/** A pool made with its first statement, for the search's pools of their own. */
export function lazyPool(config: pg.PoolConfig) {
  const pool = onFirstUse(() =>
    loadPg().then((loaded) => {
      const made = new loaded.Pool(config);
      // An idle client that errors (server restart) must not crash the process.
      made.on('error', () => {});
      return made;
    }),
  );
  return {
    get: pool.get,
    end: async (): Promise<void> => {
      await (await pool.made())?.end();
    },
  };
}
