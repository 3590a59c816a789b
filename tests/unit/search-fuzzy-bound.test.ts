/**
 * fuzzyPointsBound (src/domain/search-fuzzy-bound.ts): no name made of the vocabulary's words
 * scores more typo points than the bound — typed words with swapped, dropped and extra
 * letters and words run together (where a run of two name words beats each word alone) —
 * and the bound is the best single word's points when runs cannot beat it.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../server/modules/seed/seed-generator';
import { fuzzyPoints, SWAP_POINTS } from '../../src/domain/search-fuzzy';
import { fuzzyPointsBound } from '../../src/domain/search-fuzzy-bound';
import { parseQuery } from '../../src/domain/search-query';
import { nameWords } from '../../src/domain/search-text';

const VOCABULARY = [
  ...new Set(
    [
      'Maria José da Silva Santos',
      'Ana Paula Brandão Ferreira',
      'Auxiliadora Fernandes Oliveira Rosa',
      'Conceição Gonçalves Souza Ramos',
      'Mariana Marina Silveira Sebastião',
      'Vera Nair Rita Luiz Lima Dias Alves',
    ].flatMap((n) => nameWords(n)),
  ),
];

describe('typo points bound', () => {
  it('is never beaten by a name of the vocabulary', () => {
    const rand = seededRandom(5);
    const pick = () => VOCABULARY[Math.floor(rand() * VOCABULARY.length)] as string;
    let tight = 0;
    for (let k = 0; k < 4000; k++) {
      const w = pick();
      const i = 1 + Math.floor(rand() * (w.length - 2));
      const typed = [
        () => w.slice(0, i) + (w[i + 1] ?? '') + w[i] + w.slice(i + 2),
        () => w.slice(0, i) + w.slice(i + 1),
        () => `${w.slice(0, i)}x${w.slice(i)}`,
        () => w + pick(),
        () => w + pick().slice(0, 3),
      ][k % 5] as () => string;
      const term = parseQuery(typed()).terms[0];
      if (!term) continue;
      const bound = fuzzyPointsBound(term.text, VOCABULARY);
      const name = Array.from({ length: 1 + Math.floor(rand() * 4) }, pick);
      const got = fuzzyPoints(term.text, name);
      expect({ t: term.text, name, got: Math.min(got, bound) }).toEqual({
        t: term.text,
        name,
        got,
      });
      if (got > 0 && got === bound) tight++;
    }
    expect(tight).toBeGreaterThan(100);
  });

  it("is the best word's points when no run of words can beat it", () => {
    const t = parseQuery('ferandes').terms[0]?.text ?? '';
    const best = Math.max(...VOCABULARY.map((w) => fuzzyPoints(t, [w])));
    expect(best).toBeGreaterThan(0);
    expect(fuzzyPointsBound(t, VOCABULARY)).toBe(best);
    expect(fuzzyPointsBound('mraia', VOCABULARY)).toBe(SWAP_POINTS);
    // Two words run together: only the run reaches the threshold, and the bound says so.
    expect(fuzzyPoints('mariasilva', ['maria', 'silva'])).toBeGreaterThan(0);
    expect(fuzzyPointsBound('mariasilva', VOCABULARY)).toBeGreaterThanOrEqual(
      fuzzyPoints('mariasilva', ['maria', 'silva']),
    );
  });
});
