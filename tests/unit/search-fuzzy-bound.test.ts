/**
 * fuzzyPointsBound (src/domain/search-fuzzy-bound.ts): no name made of the vocabulary's words
 * scores more typo points than the bound — typed words with swapped, dropped and extra
 * letters and words run together (where a run of two name words beats each word alone) —
 * and the bound is the best single word's points when runs cannot beat it. typoWords: every
 * such name the trigrams match holds one of its words (the server's typo pass reads only
 * those), and it gives up (null) when words run together.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../server/modules/seed/seed-generator';
import { FUZZY_THRESHOLD, fuzzyPoints, SWAP_POINTS } from '../../src/domain/search-fuzzy';
import { fuzzyPointsBound, trigramPatterns, typoWords } from '../../src/domain/search-fuzzy-bound';
import { parseQuery } from '../../src/domain/search-query';
import { nameWords } from '../../src/domain/search-text';
import { strictWordSimilarity, trigramSet as trigramSetOf } from '../../src/domain/search-trigram';

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

/** Typed words and names of the vocabulary, the same for every run (seeded). */
function* typedAndNames(count: number): Generator<{ t: string; name: string[] }> {
  const rand = seededRandom(5);
  const pick = () => VOCABULARY[Math.floor(rand() * VOCABULARY.length)] as string;
  for (let k = 0; k < count; k++) {
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
    yield { t: term.text, name: Array.from({ length: 1 + Math.floor(rand() * 4) }, pick) };
  }
}

describe('typo points bound', () => {
  it('is never beaten by a name of the vocabulary', () => {
    let tight = 0;
    for (const { t, name } of typedAndNames(4000)) {
      const bound = fuzzyPointsBound(t, VOCABULARY);
      const got = fuzzyPoints(t, name);
      expect({ t, name, got: Math.min(got, bound) }).toEqual({
        t,
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

describe('typo words', () => {
  it('every name the trigrams match holds one of them, unless it gives up', () => {
    let matched = 0;
    let gaveUp = 0;
    for (const { t, name } of typedAndNames(4000)) {
      const words = typoWords(t, VOCABULARY);
      if (words === null) {
        gaveUp++;
        continue;
      }
      if (strictWordSimilarity(t, name.join(' ')) < Math.fround(FUZZY_THRESHOLD)) continue;
      matched++;
      expect({ t, name, holds: name.some((w) => words.includes(w)) }).toEqual({
        t,
        name,
        holds: true,
      });
    }
    expect(matched).toBeGreaterThan(100);
    expect(gaveUp).toBeLessThan(1000);
  });

  it('are the words that reach the threshold alone; null when words run together', () => {
    const t = parseQuery('ferandes').terms[0]?.text ?? '';
    expect(typoWords(t, VOCABULARY)).toEqual(
      VOCABULARY.filter((w) => strictWordSimilarity(t, w) >= Math.fround(FUZZY_THRESHOLD)).sort(),
    );
    expect(typoWords('gonaclves', VOCABULARY)).toEqual([]);
    // Words sharing trigrams with "ferandes" on the 2,000,000-record register: no two or more
    // of the others reach it together, though their shares cover all its trigrams.
    const shared = ['fernandes', 'fernanda', 'mendes', 'fereira', 'flores', 'felipe', 'lourdes'];
    const more = ['brandao', 'fransisco', 'f', 'vera', 'ipes', 'ines', 'nunes', 'neves', 'alves'];
    expect(typoWords('ferandes', [...shared, ...more])).toEqual(['fernandes']);
    expect(typoWords('mariasilva', VOCABULARY)).toBeNull();
  });

  it('needs only the words its LIKE patterns find', () => {
    const like = (p: string, w: string) => new RegExp(`^${p.replaceAll('%', '.*')}$`).test(w);
    for (const t of ['gonaclves', 'ferandes', 'mariasilva', 'sebsatiao']) {
      const found = VOCABULARY.filter((w) => trigramPatterns(t).some((p) => like(p, w)));
      expect(typoWords(t, found)).toEqual(typoWords(t, VOCABULARY));
      const sharing = VOCABULARY.filter((w) =>
        [...trigramSetOf(w)].some((g) => trigramSetOf(t).has(g)),
      );
      expect(found.sort()).toEqual(sharing.sort());
    }
  });
});
