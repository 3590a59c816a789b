/**
 * The register on disk in name order (server/db/register-order.ts, `npm run db:reorder`, the
 * bulk seed): the rewrite leaves every record, and every search and suggestion answers exactly
 * as before it. And on the name-ordered table, the statements that stop at a first match or a
 * cap (the presence check of the typo pass, the total counted up to the cap) read the indexes
 * (SqlRunner.indexed), not the table in its order: a name that sorts last would be found only
 * after every other name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRegister } from '../../server/db/register-order';
import { buildCountSql, buildPresenceSql } from '../../server/modules/search/search-sql';
import { cemeteryByIndex, liveStats } from '../../server/modules/search/search-stats';
import { lookupVocabulary } from '../../server/modules/search/search-vocab';
import { parseQuery } from '../../src/domain/search-query';
import { engines, type Harness, startApp } from './helpers';
import { generatedRecords, insertAnalyzed, type SeedRecord } from './search-helpers';

// Names that sort late, so that on the ordered table they sit in its last pages.
const LAST: SeedRecord[] = Array.from({ length: 40 }, (_, i) => ({
  nome: `Zuleica ${i % 2 ? 'Vieira' : 'Xavier'} Zanetti`,
  rua: 'Rua das Palmeiras',
  quadra: String(1 + (i % 5)),
  chapa: String(9000 + i),
  dtFal: `20${10 + (i % 10)}-03-1${i % 10}`,
}));

const SEARCHES = [
  'zuleica zanetti',
  'zuleica zamotti',
  'maria da silva',
  'jose santos',
  'silva quadra 3',
  'placa 9003',
  'zanetti',
  'jo sa',
];
const SUGGESTIONS = ['zul', 'maria da', 'jo s'];

describe.each(engines)('the register in name order ($name)', (engine) => {
  let h: Harness;
  const sql = () => h.app.ctx.database.sql;
  beforeAll(async () => {
    h = await startApp(engine);
    await insertAnalyzed(h, [...LAST, ...generatedRecords(31, 3000)]);
  }, 240_000);
  afterAll(async () => {
    await h?.close();
  });

  const answers = async () => {
    const out: Record<string, unknown> = {};
    for (const q of SEARCHES) {
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/sepultados/pesquisa?q=${encodeURIComponent(q)}&limit=50`,
      });
      expect(res.statusCode, q).toBe(200);
      out[q] = res.json();
    }
    for (const q of SUGGESTIONS) {
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/sepultados/pesquisa?q=${encodeURIComponent(q)}&suggestions=true`,
      });
      out[`? ${q}`] = res.json();
    }
    return out;
  };

  it('rewrites the table in name order, keeps every record, and every answer stays the same', async () => {
    const before = await answers();
    const [count] = await sql().query<{ n: number }>('SELECT count(*)::int AS n FROM sepultados');
    await orderRegister(sql());
    const stored = await sql().query<{ name: string | null }>(
      'SELECT search_name AS name FROM sepultados ORDER BY ctid',
    );
    expect(stored.length).toBe(count?.n);
    const names = stored.map((r) => r.name ?? '');
    // "C" order, as the index the rewrite followed (byte order of the folded names).
    const sorted = [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(names).toEqual(sorted);
    // "Zuleica" folds to " suleica …": past most of the register, so the plan test below asks
    // for names the table holds near its end.
    expect(names.findIndex((n) => n.startsWith(' suleica '))).toBeGreaterThan(names.length / 2);
    expect(await answers()).toEqual(before);
    // The temporary index the rewrite needs is gone.
    const indexes = await sql().query<{ name: string }>(
      "SELECT indexname AS name FROM pg_indexes WHERE tablename = 'sepultados' AND indexname LIKE '%order%'",
    );
    expect(indexes).toEqual([]);
  });

  /**
   * EXPLAIN on the main pool (or the indexed one), optionally planned as on a large register:
   * no sequential scan (a small table's answer), the heap dear, so a btree narrowing it tempts.
   */
  const explain = async (
    text: string,
    params: unknown[],
    options: { heapDear?: boolean; indexedPool?: boolean } = {},
  ) => {
    if (options.indexedPool) {
      const rows = await h.app.ctx.search.reads.indexed<{ 'QUERY PLAN': string }>(
        `EXPLAIN ${text}`,
        params,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    }
    return sql().exclusive(async (c) => {
      await c.exec('BEGIN');
      try {
        if (options.heapDear) {
          await c.exec('SET LOCAL enable_seqscan = off; SET LOCAL random_page_cost = 100');
        }
        const rows = await c.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        await c.exec('ROLLBACK');
      }
    });
  };

  it.runIf(engine.name === 'postgres')(
    'stops at a first match or at the cap without reading the ordered table in its order',
    async () => {
      await orderRegister(sql());
      // The presence check: the first match along the primary key (ids have nothing to do
      // with names), or a word's postings; never a scan of the table or of the name btree.
      const query = parseQuery('zuleica zamotti');
      const vocabulary = await lookupVocabulary(h.app.ctx, query, null);
      const presence = buildPresenceSql(query, null, vocabulary);
      const walk = await explain(presence.text, presence.params);
      expect(walk).not.toMatch(/Seq Scan|search_name_btree/);
      expect(walk).toMatch(/sepultados_pkey|Bitmap Index Scan on sepultados_search_gin/);
      const [present] = await sql().query<Record<string, boolean>>(presence.text, presence.params);
      expect(present).toEqual({ t0: true, t1: false });
      // The total up to the cap: the postings into a bitmap (the indexed pool).
      const zanetti = parseQuery('zanetti');
      const counted = buildCountSql(zanetti, {
        cemiterio: null,
        vocabulary: await lookupVocabulary(h.app.ctx, zanetti, null),
        cap: 10,
      });
      expect(await explain(counted.text, counted.params, { indexedPool: true })).not.toMatch(
        /Seq Scan|(?<!Bitmap )Index Scan|Index Only Scan/,
      );
      const [n] = await h.app.ctx.search.reads.indexed<{ n: number }>(counted.text, counted.params);
      expect(n?.n).toBe(11);
    },
  );

  it.runIf(engine.name === 'postgres')(
    'narrowed to a cemetery holding most of the register: never through its own btree',
    async () => {
      // Every record here is in one cemetery: ANDing its btree into the words' bitmap reads
      // an entry per record (Vila Formosa: 1,500,000, ~50 ms) to narrow nothing. Planned as on
      // a large register, where the heap is dear and such a btree looks worth reading.
      const [row] = await sql().query<{ id: string }>(
        'SELECT cemiterio_id AS id FROM sepultados LIMIT 1',
      );
      const cemetery = row?.id ?? '';
      expect(await cemeteryByIndex(liveStats(sql()), cemetery)).toBe(false);
      expect(await cemeteryByIndex(liveStats(sql()), 'f'.repeat(24))).toBe(true);
      const query = parseQuery('zuleica zamotti');
      const vocabulary = await lookupVocabulary(h.app.ctx, query, null);
      const presence = buildPresenceSql(query, cemetery, vocabulary);
      const walk = await explain(presence.text, presence.params, { heapDear: true });
      expect(walk).not.toMatch(/cemiterio_idx|search_name_btree/);
      // Along the cemetery's records or the register's in change order, or a word's postings.
      expect(walk).toMatch(
        /sepultados_pack_idx|sepultados_sync_idx|Bitmap Index Scan on sepultados_search_gin/,
      );
      const [present] = await sql().query<Record<string, boolean>>(presence.text, presence.params);
      expect(present).toEqual({ t0: true, t1: false });
      const counted = buildCountSql(parseQuery('zuleica'), {
        cemiterio: cemetery,
        vocabulary: await lookupVocabulary(h.app.ctx, parseQuery('zuleica'), null),
        cap: 10,
        cemeteryByIndex: false,
      });
      const count = await sql().exclusive(async (c) => {
        await c.exec('BEGIN');
        try {
          await c.exec(
            'SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off; SET LOCAL random_page_cost = 100000',
          );
          const rows = await c.query<{ 'QUERY PLAN': string }>(
            `EXPLAIN ${counted.text}`,
            counted.params,
          );
          return rows.map((r) => r['QUERY PLAN']).join('\n');
        } finally {
          await c.exec('ROLLBACK');
        }
      });
      expect(count).not.toMatch(/cemiterio_idx|pack_idx/);
    },
  );
});
