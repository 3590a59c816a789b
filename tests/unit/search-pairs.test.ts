/**
 * Which word terms the search reads as pairs of words (server/modules/search/search-pairs.ts):
 * only pairs whose keys say exactly what the two terms' own conditions say.
 */
import { describe, expect, it } from 'vitest';
import { MAX_PAIR_KEYS, pairKeys, planPairs } from '../../server/modules/search/search-pairs';

describe('pair keys', () => {
  it('joins the two words in "C" order with one space, as migration 0020 does', () => {
    expect(pairKeys(['luis'], ['carlos', 'ramos'])).toEqual(['carlos luis', 'luis ramos']);
  });
});

describe('planPairs', () => {
  it('pairs every term of a full name, each with the smallest vocabulary it can pair with', () => {
    const plan = planPairs([['luis'], ['carlos'], ['ramos', 'ramoss']]);
    expect([...plan.covered].sort()).toEqual([0, 1, 2]);
    expect(plan.pairs).toEqual([['carlos luis'], ['luis ramos', 'luis ramoss']]);
  });

  it('never pairs two terms that share a word: one word would have to answer both', () => {
    // "ana maria": a name holding only "mariana" matches both terms with one word, and a
    // record's pairs join two different words.
    const plan = planPairs([
      ['ana', 'mariana'],
      ['maria', 'mariana'],
    ]);
    expect(plan.pairs).toEqual([]);
    expect(plan.covered.size).toBe(0);
  });

  it('pairs around a shared word where another partner is free of it', () => {
    const plan = planPairs([['ana', 'mariana'], ['maria', 'mariana'], ['souza']]);
    expect(plan.pairs).toEqual([
      ['ana souza', 'mariana souza'],
      ['maria souza', 'mariana souza'],
    ]);
    expect([...plan.covered].sort()).toEqual([0, 1, 2]);
  });

  it('leaves out terms that are not words, have no word, or hold a word of digits only', () => {
    expect(planPairs([['silva'], undefined]).pairs).toEqual([]);
    expect(planPairs([['silva'], []]).pairs).toEqual([]);
    expect(planPairs([['silva'], ['12', '12b']]).pairs).toEqual([]);
    expect(planPairs([['silva'], ['12b']]).pairs).toEqual([['12b silva']]);
  });

  it('keeps its own condition for a term whose pairs would be too many keys', () => {
    const many = Array.from({ length: MAX_PAIR_KEYS + 1 }, (_, i) => `ana${i}`);
    expect(planPairs([many, ['silva']]).pairs).toEqual([]);
    const plan = planPairs([many, ['silva'], ['souza']]);
    expect(plan.pairs).toEqual([['silva souza']]);
    expect(plan.covered.has(0)).toBe(false);
  });
});
