/**
 * Neither the search nor the suggestions read the whole table: on 20,000 generated records
 * (the bulk seed's generator) the plans of the statements the service runs — exact pass,
 * typo pass, page with count, suggestions without — use the search indexes of migration
 * 0004 and never a sequential scan of sepultados, on each engine; the suggestions' first try
 * (names that start with the words) reads the btree of migration 0007. The statements that run
 * prepared with a generic plan on PostgreSQL (server/db/prepared.ts) are checked with that
 * plan too: planned without their values, they must still read the indexes. Narrowed to a
 * cemetery (?cemiterio=), the same statements with one more condition still read them. The
 * typo pass given its typo words (search-vocab.ts) reads its trigram candidates by those words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPhraseSql, buildSearchSql } from '../../server/modules/search/search-sql';
import { lookupTypoWords } from '../../server/modules/search/search-vocab';
import { hasFuzzyTerm } from '../../src/domain/search-fuzzy';
import { parseQuery, SEARCH_LIMITS } from '../../src/domain/search-query';
import { engines, type Harness, startApp } from './helpers';
import { generatedRecords, genericPlan, insertRecords } from './search-helpers';

const ROWS = 20_000;
const QUERIES = [
  'jose da silva',
  'maria aparecida souza',
  'Souza quadra 12',
  'placa 458',
  'rua 3 quadra 7',
  'benedito olivera santos',
  'joao batsita',
  'gonsalves',
];

describe.each(engines)('search plans on 20k records ($name)', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp(engine);
    await insertRecords(h, generatedRecords(7, ROWS));
    await h.app.ctx.database.sql.exec('ANALYZE sepultados');
  }, 240_000);
  afterAll(async () => {
    await h?.close();
  });

  const plan = async (q: string, fuzzy: boolean, suggestions: boolean) => {
    const query = parseQuery(q);
    const { text, params } = buildSearchSql(query, {
      // The typo pass with every word allowed to match by typo: its widest form.
      fuzzy: fuzzy ? query.terms.map((_, i) => i) : [],
      limit: suggestions ? SEARCH_LIMITS.suggestions : SEARCH_LIMITS.defaultLimit,
      count: !suggestions,
    });
    const rows = await h.app.ctx.database.sql.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN ${text}`,
      params,
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  };

  it.each(QUERIES)('%s: index scans only', async (q) => {
    const passes = hasFuzzyTerm(parseQuery(q)) ? [false, true] : [false];
    for (const fuzzy of passes) {
      for (const suggestions of [false, true]) {
        const text = await plan(q, fuzzy, suggestions);
        expect(text, text).not.toMatch(/Seq Scan on sepultados/);
        expect(text, text).toMatch(/Bitmap Index Scan on sepultados_search_(gin|name_trgm)/);
      }
    }
  });

  it.each(['joao batsita', 'gonsalves', 'benedito olivera santos'])(
    '%s: the typo pass reads the names holding its typo words from the words GIN',
    async (q) => {
      const query = parseQuery(q);
      const fuzzy = query.terms.map((_, i) => i);
      const typo = await lookupTypoWords(h.app.ctx, query, fuzzy, null);
      expect(typo.some((words) => Array.isArray(words))).toBe(true);
      const { text, params } = buildSearchSql(query, {
        fuzzy,
        limit: SEARCH_LIMITS.defaultLimit,
        count: true,
        typo,
      });
      const rows = await h.app.ctx.database.sql.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN ${text}`,
        params,
      );
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan, plan).not.toMatch(/Seq Scan on sepultados/);
      expect(plan, plan).toMatch(/Bitmap Index Scan on sepultados_search_gin/);
      // A term whose typo words are known never asks the trigram GIN (one without may).
      query.terms.forEach((term, i) => {
        if (Array.isArray(typo[i])) expect(plan, plan).not.toContain(`%>> '${term.text}'`);
      });
    },
  );

  it('the trigram GINs that lookups read keep no pending list (migration 0018)', async () => {
    const rows = await h.app.ctx.database.sql.query<{ relname: string; reloptions: string[] }>(
      `SELECT relname, reloptions FROM pg_class
       WHERE relname IN ('search_vocab_trgm', 'sepultados_nome_trgm_idx') ORDER BY relname`,
    );
    expect(rows).toEqual([
      { relname: 'search_vocab_trgm', reloptions: ['fastupdate=off'] },
      { relname: 'sepultados_nome_trgm_idx', reloptions: ['fastupdate=off'] },
    ]);
  });

  it.each(QUERIES)("%s: the prepared statements' generic plans use the indexes", async (q) => {
    const query = parseQuery(q);
    const statements = [
      buildSearchSql(query, { fuzzy: [], limit: SEARCH_LIMITS.defaultLimit, count: true }),
      buildSearchSql(query, { fuzzy: [], limit: SEARCH_LIMITS.suggestions, count: false }),
      buildPhraseSql(query, SEARCH_LIMITS.suggestions),
    ];
    for (const statement of statements) {
      if (!statement) continue;
      const text = await genericPlan(h, statement.text, statement.params);
      expect(text, text).not.toMatch(/Seq Scan on sepultados/);
    }
  });

  it.each(['mari', 'jose da silva', 'Souza quadra 12', 'placa 458'])(
    '%s: narrowed to a cemetery, the search and the names-start try still read the indexes',
    async (q) => {
      const [cemetery] = await h.app.ctx.database.sql.query<{ id: string }>(
        'SELECT cemiterio_id AS id FROM sepultados LIMIT 1',
      );
      const cemiterio = cemetery?.id ?? null;
      expect(cemiterio).toMatch(/^[0-9a-f]{24}$/);
      const query = parseQuery(q);
      const statements = [
        buildSearchSql(query, {
          fuzzy: [],
          limit: SEARCH_LIMITS.defaultLimit,
          count: true,
          cemiterio,
        }),
        buildPhraseSql(query, SEARCH_LIMITS.suggestions, cemiterio),
      ];
      for (const statement of statements) {
        if (!statement) continue;
        const rows = await h.app.ctx.database.sql.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN ${statement.text}`,
          statement.params,
        );
        const text = rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(text, text).not.toMatch(/Seq Scan on sepultados/);
        expect(text, text).toMatch(
          /(Bitmap Index Scan on sepultados_search_(gin|name_trgm)|sepultados_search_name_btree)/,
        );
      }
    },
  );

  it.each(['mari', 'maria das gr', 'jose da silva', 'Souza quadra 12'])(
    '%s: suggestions try the names that start with the words through an index',
    async (q) => {
      const query = parseQuery(q);
      const phrase = buildPhraseSql(query, SEARCH_LIMITS.suggestions);
      if (!phrase) throw new Error('no name words');
      const rows = await h.app.ctx.database.sql.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN ${phrase.text}`,
        phrase.params,
      );
      const text = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(text, text).not.toMatch(/Seq Scan on sepultados/);
      // Names only: the btree's range (index-only once VACUUM has marked the pages visible, a
      // bitmap scan before). With a quadra or plate the planner may start from its keys.
      if (query.terms.every((t) => t.field === 'any' && !t.numeric)) {
        expect(text, text).toMatch(
          /(Index (Only )?Scan using|Bitmap Index Scan on) sepultados_search_name_btree/,
        );
      }
    },
  );
});
