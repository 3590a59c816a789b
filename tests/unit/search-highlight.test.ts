import { describe, expect, it } from 'vitest';
import { highlightParts } from '../../src/domain/search-highlight';
import { parseQuery } from '../../src/domain/search-query';

/** "José da [Conceição]" notation of the parts. */
const marked = (text: string, q: string, fuzzy = false) =>
  highlightParts(text, parseQuery(q), fuzzy)
    .map((p) => (p.match ? `[${p.text}]` : p.text))
    .join('');

describe('highlightParts', () => {
  it('marks accent- and case-insensitively', () => {
    expect(marked('José da Conceição', 'conceicao')).toBe('José da [Conceição]');
    expect(marked('José da Conceição', 'JOSE conceição')).toBe('[José] da [Conceição]');
  });

  it('marks spelling variants and the typed start of a word', () => {
    expect(marked('Luiz Carlos de Souza', 'luis sousa')).toBe('[Luiz] Carlos de [Souza]');
    expect(marked('José da Conceição', 'jose da conc')).toBe('[José] da [Conc]eição');
    expect(marked('Maria Aparecida', 'apare')).toBe('Maria [Apare]cida');
  });

  it('marks a part inside a word and numbers whole or in part', () => {
    expect(marked('Rosamaria Lima', 'maria')).toBe('Rosa[maria] Lima');
    expect(marked('0458', '458')).toBe('[0458]');
    expect(marked('14580', '458')).toBe('1[458]0');
  });

  it('marks typo matches only when the search used them', () => {
    expect(marked('Maria Oliveira', 'olivera')).toBe('Maria Oliveira');
    expect(marked('Maria Oliveira', 'olivera', true)).toBe('Maria [Oliveira]');
  });

  it('leaves text without matches whole, and copes with empty values', () => {
    expect(highlightParts('Rua 3', parseQuery('maria'))).toEqual([{ text: 'Rua 3', match: false }]);
    expect(highlightParts(null, parseQuery('maria'))).toEqual([]);
  });
});
