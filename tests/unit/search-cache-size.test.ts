/**
 * The held search answers (server/modules/search/search-cache.ts) fit a crowd's distinct
 * queries: the Finados mix asks 1,000 searches (50 cards each) and 1,000 suggestion lists, and
 * with 8 MiB the cache held ~300 pages — the rest went to the database again and again (half the
 * searches at 2,000,000 records, 500 req/s instead of 3,000+). Cards as the search sends them.
 */
import { describe, expect, it } from 'vitest';
import { newSearchCache } from '../../server/modules/search/search-cache';

const card = (n: number) => ({
  _id: n.toString(16).padStart(24, '0'),
  id: n.toString(16).padStart(24, '0'),
  nome: 'Maria Aparecida da Conceição Souza',
  rua: 'Rua das Hortênsias',
  quadra: '12',
  chapa: '4436',
  cemiterio: 'Cemitério da Vila Formosa',
  dtFal: '2019-03-04',
  image: `${n.toString(16).padStart(24, '0')}-1700000000000.jpg`,
  thumb: `${n.toString(16).padStart(24, '0')}-1700000000000-thumb.jpg`,
});

describe('held search answers', () => {
  it("hold the Finados mix's 1,000 search pages and 1,000 suggestion lists together", async () => {
    const cache = newSearchCache();
    for (let q = 0; q < 1000; q++) {
      const page = {
        sepultados: Array.from({ length: 50 }, (_, i) => card(q * 50 + i)),
        total: 50,
      };
      await cache.get(`q|${q}`, async () => page);
      const list = { sepultado: Array.from({ length: 8 }, (_, i) => card(q * 8 + i)), total: 8 };
      await cache.get(`s|${q}`, async () => list);
    }
    expect(cache.size).toBe(2000);
  });
});
