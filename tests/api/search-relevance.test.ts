/**
 * The relevance set (tests/fixtures/relevance-set.ts) through the API on each engine: the share
 * of queries whose intended grave comes first and within the first five, with floors; and the
 * server's order equal, query by query, to the shared domain ranking (src/domain/search-score)
 * that the offline client runs — one set of rules, two engines, two runtimes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/domain/search-query';
import { rankRecords } from '../../src/domain/search-rank';
import type { SearchAnswer } from '../../src/domain/search-types';
import { RELEVANCE_QUERIES } from '../fixtures/relevance-set';
import { engines, type Harness, startApp } from './helpers';
import { insertRelevanceCorpus, type RelevanceCorpus } from './search-helpers';

/**
 * Measured 72/74 at rank 1 and 74/74 in the top 5 on both engines: "jose conceisao" and "mari
 * das gracas araujo" rank their grave second, behind a relative whose longer name ties on
 * every rule and died more recently.
 */
const RANK1_FLOOR = 0.9;
const TOP5_FLOOR = 0.95;

describe.each(engines)('search relevance ($name)', (engine) => {
  let h: Harness;
  let corpus: RelevanceCorpus;
  beforeAll(async () => {
    h = await startApp(engine);
    corpus = await insertRelevanceCorpus(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  const search = async (q: string) => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/sepultados/pesquisa?q=${encodeURIComponent(q)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchAnswer;
  };

  it('finds the intended grave first for most queries and in the top 5 for nearly all', async () => {
    expect(RELEVANCE_QUERIES.length).toBeGreaterThanOrEqual(40);
    const misses: string[] = [];
    let first = 0;
    let top5 = 0;
    for (const { q, expect: key } of RELEVANCE_QUERIES) {
      const ids = (await search(q)).sepultados.map((s) => s.id);
      const rank = ids.indexOf(corpus.idOf.get(key) ?? '?') + 1;
      if (rank === 1) first += 1;
      if (rank >= 1 && rank <= 5) top5 += 1;
      if (rank !== 1) misses.push(`${q} → ${rank === 0 ? 'ausente' : `posição ${rank}`}`);
    }
    const n = RELEVANCE_QUERIES.length;
    console.info(
      `[${engine.name}] relevância: 1º lugar ${first}/${n} (${((100 * first) / n).toFixed(1)}%),` +
        ` top 5 ${top5}/${n} (${((100 * top5) / n).toFixed(1)}%); fora do 1º: ${misses.join('; ')}`,
    );
    expect(first / n).toBeGreaterThanOrEqual(RANK1_FLOOR);
    expect(top5 / n).toBeGreaterThanOrEqual(TOP5_FLOOR);
  });

  it('orders exactly as the shared domain ranking does', async () => {
    for (const { q } of RELEVANCE_QUERIES) {
      const server = await search(q);
      const local = rankRecords(parseQuery(q), corpus.records, 50);
      expect(
        server.sepultados.map((s) => s.id),
        q,
      ).toEqual(local.hits.map((x) => x.record.id));
      expect(server.total, q).toBe(local.total);
    }
  });

  it('suggests the same graves first', async () => {
    for (const q of ['jose da conc', 'maria das gr', 'gertrudes vasc', 'placa 458', 'olivera']) {
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/sepultados/pesquisa?q=${encodeURIComponent(q)}&suggestions=true`,
      });
      const ids = (res.json() as { sepultado: { id: string }[] }).sepultado.map((s) => s.id);
      const local = rankRecords(parseQuery(q), corpus.records, 8).hits.map((x) => x.record.id);
      expect(ids, q).toEqual(local);
    }
  });
});
