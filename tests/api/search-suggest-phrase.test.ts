/**
 * Suggestions answer first from the names that start with the typed words (search-sql.ts,
 * buildPhraseSql, through the btree of migration 0007) and fall back to the full search when
 * those do not fill the list in class ≥ 5. Either way the answer must be the domain ranking's
 * first 8 over every record: here with more than 8 names starting with the prefix, records
 * that beat them or tie in other ways (the whole name, an equal word, the street, the quadra)
 * and prefixes where the shortcut cannot answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuery, SEARCH_LIMITS } from '../../src/domain/search-query';
import { rankRecords } from '../../src/domain/search-rank';
import type { SearchableRecord } from '../../src/domain/search-score';
import type { SearchSuggestionsAnswer } from '../../src/domain/search-types';
import { engines, type Harness, startApp } from './helpers';
import { insertRecords, type SeedRecord } from './search-helpers';

const year = (i: number) => `${1950 + (i % 70)}-0${1 + (i % 9)}-1${i % 10}`;

const RECORDS: SeedRecord[] = [
  ...Array.from({ length: 30 }, (_, i) => ({
    nome: `${['Maria', 'Mariana', 'Marisa', 'Mário'][i % 4]} ${['Silva', 'Souza', 'Santos'][i % 3]} ${['Lima', 'Rocha'][i % 2]}`,
    rua: i % 5 === 0 ? 'Rua das Flores' : 'Rua 3',
    quadra: String(10 + (i % 4)),
    chapa: String(100 + i),
    dtFal: i % 7 === 0 ? null : year(i),
  })),
  { nome: 'Mari', rua: 'Rua 3', quadra: '9', chapa: '1', dtFal: '1960-01-01' },
  { nome: 'Ana Mari Costa', rua: 'Rua 3', quadra: '9', chapa: '2', dtFal: '2024-01-01' },
  { nome: 'Marina Costa', rua: 'Rua Mari', quadra: '9', chapa: '3', dtFal: '2025-01-01' },
  { nome: 'Marcos Mari', rua: 'Rua 3', quadra: 'mari', chapa: '4', dtFal: '2025-02-01' },
  { nome: 'Josefa Amaral', rua: 'Travessa Marinho', quadra: '9', chapa: '5', dtFal: null },
  { nome: 'Maria Silva', rua: 'Rua 3', quadra: '12', chapa: '6', dtFal: '1930-01-01' },
  { nome: 'Conceição Maria', rua: 'Rua 3', quadra: '12', chapa: '7', dtFal: '2023-01-01' },
  { nome: 'Consolata Prado', rua: 'Rua 3', quadra: '12', chapa: '8', dtFal: '2022-01-01' },
];

const QUERIES = [
  'mari',
  'ma',
  'maria',
  'maria s',
  'maria silva',
  'maria silva l',
  'mari quadra 12',
  'maria 12',
  'marin',
  'conc',
  'cons',
  'santos',
  'zzz',
];

describe.each(engines)('suggestions, names that start with the words first ($name)', (engine) => {
  let h: Harness;
  let records: SearchableRecord[];
  beforeAll(async () => {
    h = await startApp(engine);
    records = await insertRecords(h, RECORDS);
  });
  afterAll(async () => {
    await h?.close();
  });

  it.each(QUERIES)('%s: the domain ranking’s first 8', async (q) => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/sepultados/pesquisa?q=${encodeURIComponent(q)}&suggestions=true`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json() as SearchSuggestionsAnswer).sepultado.map((s) => s.id);
    const local = rankRecords(parseQuery(q), records, SEARCH_LIMITS.suggestions);
    expect(ids).toEqual(local.hits.map((x) => x.record.id));
  });

  it('answers a broad prefix from the name range', async () => {
    // The shortcut's case: more than 8 names start with "mari", all in class ≥ 5.
    const local = rankRecords(parseQuery('mari'), records, SEARCH_LIMITS.suggestions);
    expect(local.hits.length).toBe(SEARCH_LIMITS.suggestions);
    expect(local.hits.every((x) => x.tier >= 5)).toBe(true);
  });
});
