/**
 * A cemetery's visit pack reads that cemetery's records from its own index (migration 0019,
 * modules/sync/pack.ts CEMETERY_SQL), never the whole register's change stream or the
 * cemetery's plain btree: on 20,000 records bulk-loaded in one statement (one transaction id
 * for all, as after a seed or an import, which is where the planner went wrong), over a large
 * cemetery and a small one (2 %), at the first page and at a later page's cursor, on each
 * engine. Before the index a small cemetery's page fetched ~50 rows for every one it sent.
 * The index's cemetery column is in the "C" collation and so is the statement's range: no other
 * index can answer it (at 2,000,000 records, after a fresh ANALYZE, the same range in the default
 * collation was read from the plain cemiterio_id btree and sorted, which these 20,000 records
 * do not reproduce; without the collation in the statement this index is not used at all).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packPage, pageStatement } from '../../server/modules/sync/pack';
import { parsePackCursor } from '../../server/modules/sync/pack-cursor';
import { readHorizon } from '../../server/modules/sync/sync';
import { engines, type Harness, startApp } from './helpers';

const ROWS = 20_000;

describe.each(engines)('visit pack plans on a bulk-loaded register ($name)', (engine) => {
  let h: Harness;
  const ids: Record<'large' | 'small', string> = { large: '', small: '' };
  beforeAll(async () => {
    h = await startApp(engine);
    const sql = h.app.ctx.database.sql;
    await sql.query(
      `INSERT INTO sepultados (id, nome, quadra, chapa, cemiterio)
       SELECT lpad(to_hex(g), 24, '0'), 'Pessoa ' || g, 'A', g::text,
         CASE WHEN g % 50 = 0 THEN 'Cemitério Pequeno' ELSE 'Cemitério Grande' END
       FROM generate_series(1, ${ROWS}) AS g`,
      [],
    );
    await sql.exec('ANALYZE sepultados');
    const rows = await sql.query<{ id: string; nome: string }>(
      `SELECT id, nome FROM cemiterios WHERE nome IN ('Cemitério Grande', 'Cemitério Pequeno')`,
      [],
    );
    ids.large = rows.find((r) => r.nome === 'Cemitério Grande')?.id ?? '';
    ids.small = rows.find((r) => r.nome === 'Cemitério Pequeno')?.id ?? '';
  }, 240_000);
  afterAll(async () => {
    await h?.close();
  });

  async function planOf(cemiterio: string, since?: string): Promise<string> {
    const { horizon } = await readHorizon(h.app.ctx);
    const walk = parsePackCursor(since) ?? { xid: '0', seq: '0', start: horizon };
    const { text, params } = pageStatement(walk, horizon, 101, cemiterio);
    const rows = await h.app.ctx.database.sql.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN ${text}`,
      params,
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  }

  it.each(['large', 'small'] as const)(
    'the %s cemetery: its own index, from the first page and from a later cursor',
    async (which) => {
      const cemiterio = ids[which];
      expect(cemiterio).not.toBe('');
      const first = await packPage(h.app.ctx, { limit: 100, cemiterio });
      expect(first.hasMore).toBe(true);
      for (const since of [undefined, first.cursor]) {
        const plan = await planOf(cemiterio, since);
        expect(plan, plan).toContain('sepultados_pack_idx');
        expect(plan, plan).not.toMatch(/Seq Scan on sepultados|sepultados_cemiterio_idx/);
        // Started at the cursor: an equality on the cemetery beside the row made the btree
        // start at the cemetery's first entry (pack.ts says why).
        expect(plan, plan).not.toMatch(/\(cemiterio_id = /);
      }
    },
  );
});
