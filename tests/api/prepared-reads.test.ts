/**
 * server/db/prepared.ts on a real PostgreSQL: statements become named prepared statements of
 * the connection, up to the cap; past it they still answer, unnamed. (PGlite has no pool: its
 * `prepared` is `query`, covered by every search test.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import { PreparedReads } from '../../server/db/prepared';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('prepared reads (postgres)', () => {
  // One connection, so every statement below lands on the same server session.
  const reads = new PreparedReads(url ?? '', { maxStatements: 3, maxConnections: 1 });
  afterAll(() => reads.close());

  const prepared = async () =>
    (
      await reads.query<{ statement: string }>(
        'SELECT statement FROM pg_prepared_statements ORDER BY prepare_time',
      )
    ).map((r) => r.statement);

  it('prepares each text once and answers with the values of each call', async () => {
    const add = 'SELECT $1::int + 1 AS n';
    expect(await reads.query(add, [1])).toEqual([{ n: 2 }]);
    expect(await reads.query(add, [41])).toEqual([{ n: 42 }]);
    expect(await reads.query('SELECT $1::text AS t', ['á'])).toEqual([{ t: 'á' }]);
    const statements = await prepared();
    expect(statements.filter((s) => s === add)).toHaveLength(1);
    expect(statements).toContain('SELECT $1::text AS t');
  });

  it('plans them once, generically (plan_cache_mode of its sessions)', async () => {
    expect(await reads.query('SHOW plan_cache_mode')).toEqual([
      { plan_cache_mode: 'force_generic_plan' },
    ]);
  });

  it('runs texts past the cap unnamed, with the right answer', async () => {
    // The two texts above and the listing took the 3 names; SHOW and this one run unnamed.
    const double = 'SELECT $1::int * 2 AS n';
    expect(await reads.query(double, [21])).toEqual([{ n: 42 }]);
    const statements = await prepared();
    expect(statements).not.toContain(double);
    expect(statements).toHaveLength(3);
  });
});
