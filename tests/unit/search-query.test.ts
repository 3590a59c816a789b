import { describe, expect, it } from 'vitest';
import {
  parseQuery,
  resultCountText,
  SEARCH_MSG,
  tokenizeQuery,
  validateSearchQuery,
} from '../../src/domain/search-query';

const terms = (q: string) => parseQuery(q).terms.map((t) => [t.field, t.text]);

describe('validateSearchQuery', () => {
  it('refuses empty, blank and over-long queries with pt-BR messages', () => {
    expect(validateSearchQuery('')).toBe(SEARCH_MSG.empty);
    expect(validateSearchQuery('   \t ')).toBe(SEARCH_MSG.empty);
    expect(validateSearchQuery(undefined)).toBe(SEARCH_MSG.empty);
    expect(validateSearchQuery('a'.repeat(101))).toBe(SEARCH_MSG.tooLong);
    expect(validateSearchQuery(` ${'a'.repeat(100)} `)).toBeNull();
    expect(validateSearchQuery('jose')).toBeNull();
  });
});

describe('parseQuery', () => {
  it('folds, normalizes and drops particles', () => {
    expect(tokenizeQuery('José da Conceição')).toEqual(['jose', 'conseicao']);
    expect(tokenizeQuery('  Maria   DAS Graças ')).toEqual(['maria', 'gracas']);
  });

  it('scopes the word after a keyword to its field', () => {
    expect(terms('Souza quadra 12')).toEqual([
      ['any', 'sousa'],
      ['quadra', '12'],
    ]);
    expect(terms('qd 12 placa 0458')).toEqual([
      ['quadra', '12'],
      ['chapa', '458'],
    ]);
    expect(terms('q12 pl458')).toEqual([
      ['quadra', '12'],
      ['chapa', '458'],
    ]);
    expect(terms('nº 458')).toEqual([['chapa', '458']]);
    expect(terms('rua das flores rosa')).toEqual([
      ['rua', 'flores'],
      ['any', 'rosa'],
    ]);
    expect(terms('avenida brasil')).toEqual([['rua', 'brasil']]);
  });

  it('takes one-letter keywords only before a number', () => {
    expect(terms('maria p')).toEqual([
      ['any', 'maria'],
      ['any', 'p'],
    ]);
    expect(terms('q 7 p 33')).toEqual([
      ['quadra', '7'],
      ['chapa', '33'],
    ]);
  });

  it('ignores a keyword with nothing after it', () => {
    expect(terms('maria quadra')).toEqual([['any', 'maria']]);
    expect(terms('rua quadra 3')).toEqual([['quadra', '3']]);
  });

  it('answers no terms for input with nothing searchable', () => {
    expect(parseQuery('%').terms).toEqual([]);
    expect(parseQuery('_ \\ %%').terms).toEqual([]);
    expect(parseQuery('da de dos').terms).toEqual([]);
  });

  it('marks bare numbers and keeps at most 8 terms', () => {
    expect(parseQuery('458').terms[0]).toMatchObject({ field: 'any', text: '458', numeric: true });
    expect(parseQuery('a b c d e f g h i j').terms).toHaveLength(8);
  });

  it('gives the last, half-typed word the spellings it may become', () => {
    // "conc" may become Conceição (stored as "conseicao"): "cons" is tried too.
    expect(parseQuery('jose da conc').terms.at(-1)?.alts).toEqual(['cons']);
    expect(parseQuery('rap').terms.at(-1)?.alts).toEqual(['raf']);
    expect(parseQuery('conc jose').terms[0]?.alts).toEqual([]);
  });
});

describe('resultCountText', () => {
  it('uses the spec texts', () => {
    expect(resultCountText(0)).toBe('Nenhum resultado encontrado');
    expect(resultCountText(3)).toBe('3 resultado(s) encontrado(s)');
  });

  it('says "Mais de 1.000" past the cap: the server\'s flag, or a device total above it', () => {
    expect(resultCountText(1000, true)).toBe('Mais de 1.000 resultados encontrados');
    expect(resultCountText(1000)).toBe('1000 resultado(s) encontrado(s)');
    expect(resultCountText(1001)).toBe('Mais de 1.000 resultados encontrados');
    expect(resultCountText(12888, false)).toBe('Mais de 1.000 resultados encontrados');
  });
});
