/**
 * The PostgreSQL driver (pg), loaded only when DATABASE_URL is set: the embedded default never
 * needs it, and loaded at start it stayed in the server's memory for nothing
 * (docs/decisions/0180-idle-memory.md).
 */
import type pg from 'pg';

export async function loadPg(): Promise<typeof pg> {
  return (await import('pg')).default;
}

/** A pool made with its first statement, for the search's pools of their own. */
export function lazyPool(config: pg.PoolConfig) {
  let made: Promise<pg.Pool> | null = null;
  return {
    get: (): Promise<pg.Pool> => {
      made ??= loadPg().then((loaded) => {
        const pool = new loaded.Pool(config);
        // An idle client that errors (server restart) must not crash the process.
        pool.on('error', () => {});
        return pool;
      });
      return made;
    },
    end: async (): Promise<void> => {
      if (made) await (await made).end();
    },
  };
}
