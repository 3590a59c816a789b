/**
 * The exact pass read as pairs of words (migration 0020, server/modules/search/search-pairs.ts)
 * finds exactly the records the words alone find, in the same order, on each engine: names
 * where one word answers two terms ("Mariana" for "ana maria"), a term answered by the street,
 * repeated words, words beside numbers, and a generated register around them. And the
 * statement reads the pairs' GIN, planned with its values and without (the prepared generic
 * plan of server/db/prepared.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSearchSql } from '../../server/modules/search/search-sql';
import { lookupVocabulary } from '../../server/modules/search/search-vocab';
import { parseQuery } from '../../src/domain/search-query';
import { engines, type Harness, startApp } from './helpers';
import { generatedRecords, genericPlan, insertAnalyzed, type SeedRecord } from './search-helpers';

const CRAFTED: [string, string][] = [
  ['Mariana Souza', 'Rua 1'],
  ['Ana Maria Souza', 'Rua 2'],
  ['Maria Ana Souza', 'Rua 3'],
  ['Mariana', 'Rua Souza'],
  ['Joana Lima', 'Rua das Flores'],
  ['Flores Lima', 'Rua 4'],
  ['Maria Maria Lima', 'Rua 5'],
  ['Luiz Carlos Ramos', 'Rua 6'],
  ['Carlos Luiz', 'Rua Ramos'],
  ['Luiza Carla Ramos', 'Avenida 12'],
  ['Ramos Carlos', 'Rua 12'],
];

const QUERIES = [
  'ana maria',
  'maria ana souza',
  'mariana souza',
  'ana souza',
  'joana flores',
  'flores lima',
  'maria lima',
  'maria maria',
  'luiz carlos ramos',
  'carlos ramos',
  'lui carl',
  'ramos 12',
  'carlos rua 12',
  'jose da silva',
  'maria aparecida souza',
  'souza quadra 3',
];

describe.each(engines)('search by pairs of words ($name)', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp(engine);
    const records: SeedRecord[] = CRAFTED.map(([nome, rua], i) => ({
      nome,
      rua,
      quadra: String(1 + (i % 4)),
      chapa: String(500 + i),
      dtFal: `199${i % 10}-05-0${1 + (i % 9)}`,
    }));
    await insertAnalyzed(h, [...records, ...generatedRecords(20, 3000)]);
  }, 240_000);
  afterAll(async () => {
    await h?.close();
  });

  const rows = async (text: string, params: unknown[]) =>
    (
      await h.app.ctx.database.sql.query<{
        id: string;
        tier: number;
        points: number;
        total: number;
      }>(text, params)
    ).map((r) => `${r.id} ${r.tier} ${r.points} ${r.total}`);

  it.each(QUERIES)('%s: the same matches and order as the words alone', async (q) => {
    const query = parseQuery(q);
    const vocabulary = await lookupVocabulary(h.app.ctx, query, null);
    const options = { fuzzy: [], limit: 5000, count: true };
    const paired = buildSearchSql(query, { ...options, vocabulary });
    // Without the vocabulary given, each term reads its words itself: no pairs.
    const words = buildSearchSql(query, options);
    expect(words.text).not.toContain('search_pairs(');
    const expected = await rows(words.text, words.params);
    expect(await rows(paired.text, paired.params)).toEqual(expected);
    // Guards that the comparison is not vacuous where matches exist.
    if (q === 'ana maria' || q === 'luiz carlos ramos') expect(expected.length).toBeGreaterThan(0);
  });

  it('pairs the terms it can and keeps the words where one word could answer two terms', async () => {
    const statement = async (q: string) => {
      const query = parseQuery(q);
      const vocabulary = await lookupVocabulary(h.app.ctx, query, null);
      return buildSearchSql(query, { fuzzy: [], limit: 50, count: true, vocabulary });
    };
    expect((await statement('luiz carlos ramos')).text).toContain(
      'search_pairs(s.search_words) &&',
    );
    // "ana" and "maria" both hold "mariana": never a pair of those two.
    const anaMaria = await statement('ana maria');
    expect(anaMaria.text).not.toContain('search_pairs(');
    // The typo pass never pairs (search-sql.ts, pairedTerms).
    const query = parseQuery('luiz carlos ramos');
    const vocabulary = await lookupVocabulary(h.app.ctx, query, null);
    const typo = buildSearchSql(query, { fuzzy: [0], limit: 50, count: true, vocabulary });
    expect(typo.text).not.toContain('search_pairs(');
  });

  it.each(['luiz carlos ramos', 'jose da silva', 'maria aparecida souza'])(
    '%s: the exact pass reads the pairs GIN, with its values and with a generic plan',
    async (q) => {
      const query = parseQuery(q);
      const vocabulary = await lookupVocabulary(h.app.ctx, query, null);
      const { text, params } = buildSearchSql(query, {
        fuzzy: [],
        limit: 50,
        count: true,
        vocabulary,
      });
      expect(text).toContain('search_pairs(s.search_words) &&');
      const custom = await h.app.ctx.database.sql.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN ${text}`,
        params,
      );
      const generic = await genericPlan(h, text, params);
      for (const shown of [custom.map((r) => r['QUERY PLAN']).join('\n'), generic]) {
        expect(shown, shown).not.toMatch(/Seq Scan on sepultados/);
        expect(shown, shown).toMatch(/Bitmap Index Scan on sepultados_search_pairs_gin/);
      }
    },
  );
});
