/**
 * The SQL twin of the search text rules (migration 0004) against src/domain on each engine:
 * the stored search_name/search_rua words, the location keys, and pg_trgm's
 * strict_word_similarity against its TypeScript port. If these drift, the offline search and
 * the server would find different graves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchColumnsComputer } from '../../server/modules/search/search-columns';
import {
  COMPOUND_NAMES,
  FEMALE_NAMES,
  MALE_NAMES,
  PARTICLE_SURNAMES,
  QUADRAS,
  STREETS,
  SURNAMES,
} from '../../server/modules/seed/seed-names';
import { parseQuery } from '../../src/domain/search-query';
import { locationKeys, nameWords } from '../../src/domain/search-text';
import { strictWordSimilarity } from '../../src/domain/search-trigram';
import { backgroundRecords } from '../fixtures/relevance-corpus';
import { RELEVANCE_QUERIES, RELEVANCE_RECORDS } from '../fixtures/relevance-set';
import { engines, type Harness, startApp } from './helpers';
import { insertRecords } from './search-helpers';

const TRICKY = [
  "Laurinda D'Ávila",
  'Zé Maria',
  'João e Maria dos Santos',
  'Ærø Strauß',
  'Nº 12 ª',
  'Guilherme Chaves Ninho',
  'Philippe Thévenin',
  'Hhh',
  'da de do',
  '  Kelly   Yasmin ',
  'Wagner Zózimo',
  'Sérgio-Luiz (Filho)',
  'Anna 100% Silva_',
  'Ç ç Ñ ñ Ü ü',
  '0458-A',
];

const NAMES = [
  ...FEMALE_NAMES,
  ...MALE_NAMES,
  ...COMPOUND_NAMES,
  ...SURNAMES,
  ...PARTICLE_SURNAMES,
  ...STREETS,
  ...RELEVANCE_RECORDS.map((r) => r.nome),
  ...backgroundRecords(200).map((r) => r.nome),
  ...TRICKY,
];

describe.each(engines)('search SQL = domain rules ($name)', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp(engine);
  });
  afterAll(async () => {
    await h?.close();
  });
  const sql = <T>(text: string, params: unknown[]) => h.app.ctx.database.sql.query<T>(text, params);

  it('normalizes names and streets to the same words', async () => {
    const rows = await sql<{ v: string; norm: string }>(
      'SELECT v, search_norm(v) AS norm FROM unnest($1::text[]) AS v',
      [NAMES],
    );
    expect(rows).toHaveLength(NAMES.length);
    for (const { v, norm } of rows) expect(norm, v).toBe(` ${nameWords(v).join(' ')} `);
  });

  it('gives a grave the same location keys', async () => {
    const graves = [
      ...RELEVANCE_RECORDS,
      ...QUADRAS.map((q, i) => ({
        quadra: q,
        chapa: String(i * 37).padStart(4, '0'),
        rua: STREETS[i % STREETS.length] ?? null,
      })),
      { quadra: 'Q-012', chapa: '0458 A', rua: 'Rua 3, nº 1203' },
      { quadra: '0', chapa: '1111', rua: null },
      { quadra: '12345678901', chapa: 'B 7', rua: 'Travessa 40' },
    ];
    const rows = await sql<{ keys: string[] }>(
      'SELECT search_keys(q, p, r) AS keys FROM unnest($1::text[], $2::text[], $3::text[]) AS g(q, p, r)',
      [graves.map((g) => g.quadra), graves.map((g) => g.chapa), graves.map((g) => g.rua)],
    );
    rows.forEach(({ keys }, i) => {
      const grave = graves[i];
      if (!grave) throw new Error('row without grave');
      expect([...new Set(keys)].sort(), JSON.stringify(grave)).toEqual(locationKeys(grave).sort());
    });
  });

  it('stores by trigger the search columns the bulk loader computes in Node (0014, 0015)', async () => {
    const graves = NAMES.map((nome, i) => ({
      nome,
      rua: i % 5 === 0 ? null : (STREETS[i % STREETS.length] ?? null),
      quadra: QUADRAS[i % QUADRAS.length] ?? '1',
      chapa: i % 7 === 0 ? (TRICKY[i % TRICKY.length] ?? '1') : String(i * 37).padStart(4, '0'),
      dtFal: null,
    }));
    const inserted = await insertRecords(h, graves);
    // An update of a source column recomputes them too.
    const moved = inserted[1];
    if (!moved) throw new Error('no record');
    await sql('UPDATE sepultados SET nome = $2, quadra = $3 WHERE id = $1', [
      moved.id,
      'Zé da Conceição',
      'Q-12',
    ]);
    Object.assign(graves[1] ?? {}, { nome: 'Zé da Conceição', quadra: 'Q-12' });
    const rows = await sql<{
      id: string;
      search_name: string;
      search_rua: string;
      search_doc: string;
      search_keys: string[];
      search_words: string[];
    }>(
      'SELECT id, search_name, search_rua, search_doc, search_keys, search_words FROM sepultados WHERE id = ANY ($1::text[])',
      [inserted.map((r) => r.id)],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const compute = searchColumnsComputer();
    inserted.forEach((r, i) => {
      const grave = graves[i];
      if (!grave) throw new Error('row without grave');
      const db = byId.get(r.id);
      const node = compute(grave);
      expect(
        db && {
          name: db.search_name,
          rua: db.search_rua,
          doc: db.search_doc,
          keys: [...new Set(db.search_keys)],
          words: [...db.search_words].sort(),
        },
        JSON.stringify(grave),
      ).toEqual({
        name: node.searchName,
        rua: node.searchRua,
        doc: node.searchDoc,
        keys: node.searchKeys,
        words: [...node.searchWords].sort(),
      });
    });
    // Every stored word is in the vocabulary the search expands query words with (0015).
    const [missing] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT DISTINCT unnest(search_words) AS w FROM sepultados) x
       WHERE NOT EXISTS (SELECT 1 FROM search_vocab v WHERE v.word = x.w)`,
      [],
    );
    expect(missing?.n).toBe(0);
  });

  it('computes strict_word_similarity exactly as the TypeScript port', async () => {
    const words = RELEVANCE_QUERIES.flatMap((q) => parseQuery(q.q).terms)
      .filter((t) => !t.numeric)
      .map((t) => t.text);
    const texts = NAMES.slice(0, 120).map((n) => nameWords(n).join(' '));
    const a: string[] = [];
    const b: string[] = [];
    for (const w of words) {
      for (const t of texts) {
        a.push(w);
        b.push(t);
      }
    }
    const rows = await sql<{ sim: number }>(
      'SELECT strict_word_similarity(a, b) AS sim FROM unnest($1::text[], $2::text[]) AS x(a, b)',
      [a, b],
    );
    let mismatches = 0;
    rows.forEach(({ sim }, i) => {
      const js = strictWordSimilarity(a[i] ?? '', b[i] ?? '');
      if (Math.fround(Number(sim)) !== js) mismatches += 1;
    });
    expect(rows.length).toBeGreaterThan(5000);
    expect(mismatches).toBe(0);
  });
});
