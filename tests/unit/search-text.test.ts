import { describe, expect, it } from 'vitest';
import {
  foldText,
  locationKeys,
  nameTokens,
  nameWords,
  normalizeVariants,
  splitWords,
  stripZeros,
} from '../../src/domain/search-text';
import { strictWordSimilarity } from '../../src/domain/search-trigram';

const norm = (word: string) => normalizeVariants(foldText(word));

describe('foldText', () => {
  it.each([
    ['José da Conceição', 'jose da conceicao'],
    ['  MARIA   DAS\tGRAÇAS ', 'maria das gracas'],
    ['Ângela Müller Ñuñez', 'angela muller nunez'],
    ['Strauß Ærø', 'strauss aero'],
    ['Nº 12 ª', 'no 12 a'],
  ])('%j → %j', (input, folded) => expect(foldText(input)).toBe(folded));
});

describe('splitWords', () => {
  it('joins apostrophes and splits on anything else, so LIKE wildcards never survive', () => {
    expect(splitWords(foldText("Laurinda D'Ávila-Sampaio"))).toEqual([
      'laurinda',
      'davila',
      'sampaio',
    ]);
    expect(splitWords('sil%va_ 100% \\x')).toEqual(['sil', 'va', '100', 'x']);
    expect(splitWords('% _ \\')).toEqual([]);
  });
});

describe('normalizeVariants: pt-BR spellings that are the same name', () => {
  it.each([
    ['Souza', 'Sousa'],
    ['Luiz', 'Luís'],
    ['Thiago', 'Tiago'],
    ['Matheus', 'Mateus'],
    ['Raphael', 'Rafael'],
    ['Isabella', 'Isabela'],
    ['Mello', 'Melo'],
    ['Walter', 'Valter'],
    ['Yasmin', 'Iasmin'],
    ['Wanderley', 'Vanderlei'],
    ['Moraes', 'Morais'],
    ['Conceição', 'Conseição'],
    ['Cecília', 'Secília'],
    ['Érika', 'Erica'],
    ['Helena', 'Elena'],
    ['Jhonatan', 'Jonathan'],
    ['Nascimento', 'Nacimento'],
    ['Ferraz', 'Feraz'],
    ['Queiroz', 'Queirós'],
    ['Bittencourt', 'Bitencourt'],
  ])('%s = %s', (a, b) => expect(norm(a)).toBe(norm(b)));

  it.each([
    ['Maria', 'Mario'],
    ['Rosa', 'Rosana'],
    ['Célia', 'Cecília'],
    ['Lucas', 'Lucia'],
  ])('%s ≠ %s', (a, b) => expect(norm(a)).not.toBe(norm(b)));

  it('keeps the digraphs ch, lh and nh (Chaves, Guilherme, Ninho)', () => {
    expect(norm('Chaves')).toBe('chaves');
    expect(norm('Guilherme')).toBe('guilherme');
    expect(norm('Ninho')).toBe('ninho');
  });

  it('leaves digits alone', () => expect(normalizeVariants('1100')).toBe('1100'));
});

describe('nameWords / nameTokens', () => {
  it('drops particles and normalizes, in order', () => {
    expect(nameWords('Pedro Henrique dos Santos e Silva')).toEqual([
      'pedro',
      'enrique',
      'santos',
      'silva',
    ]);
  });
  it('gives distinct tokens for a multi-entry index', () => {
    expect(nameTokens('José dos Santos Santos')).toEqual(['jose', 'santos']);
    expect(nameTokens(null)).toEqual([]);
  });
});

describe('numbers', () => {
  it.each([
    ['0458', '458'],
    ['458', '458'],
    ['000', '0'],
  ])('stripZeros(%s) = %s', (a, b) => expect(stripZeros(a)).toBe(b));

  it('keys a grave: whole numbers without zeros, parts of ≥ 2 digits, letter words', () => {
    const keys = locationKeys({ quadra: 'Q-012', chapa: '0458', rua: 'Rua 3' });
    expect(keys).toEqual(
      expect.arrayContaining(['q=12', 'q=q', 'q~12', 'p=458', 'p~45', 'p~58', 'p~458', 'r=3']),
    );
    expect(keys).not.toContain('p~4');
    expect(keys).not.toContain('p=0458');
    expect(keys).not.toContain('r=rua');
  });
});

describe('strictWordSimilarity (pg_trgm port)', () => {
  // Values PostgreSQL 15 and PGlite (PostgreSQL 18) answer for strict_word_similarity(a, b).
  it.each([
    ['olivera', 'maria oliveira santos', 0.54545456],
    ['gonsalves', 'goncalves', 0.53846157],
    ['josesilva', 'jose silva', 0.61538464],
    ['maria', 'mario', 0.5],
    ['maira', 'maria silveira', 0.23529412],
    ['albuqerque', 'fransisco albuquerque neto', 0.6923077],
    ['santos', 'jose dos santos santos', 1],
    ['ab', 'abc abd', 0.4],
  ])('(%s, %s) = %f', (a, b, expected) => {
    expect(strictWordSimilarity(a, b)).toBe(Math.fround(expected));
  });
});
