import { describe, expect, it } from 'vitest';
import { isNameKey, KeyMaker, VARIANTS_HELD } from '../../src/data/pack-store/pack-keys';
import { nameWords } from '../../src/domain/search-text';

const place = { rua: null, quadra: '12', chapa: '345' };
const nameKeys = (maker: KeyMaker, nome: string) =>
  maker.keys({ nome, ...place }).filter(isNameKey);

describe('KeyMaker', () => {
  it('keys a name with the words nameWords gives, its cache of spelling variants included', () => {
    const maker = new KeyMaker();
    for (const nome of ['Thiago Souza', 'Tiago Sousa', 'THIAGO de Souza', 'Philippe Mello']) {
      // Twice: the second time every word's variant comes from the cache.
      for (let i = 0; i < 2; i++)
        expect(nameKeys(maker, nome)).toEqual([...new Set(nameWords(nome))]);
    }
    expect(nameKeys(maker, 'Thiago Souza')).toEqual(nameKeys(maker, 'Tiago Sousa'));
  });

  it('still keys right once more words came than its cache holds', () => {
    const maker = new KeyMaker();
    // Distinct letters-only words (digits are not names), past the cache's size.
    const word = (n: number) =>
      n.toString(26).replace(/[0-9a-p]/g, (c) => String.fromCharCode(97 + Number.parseInt(c, 26)));
    for (let n = 0; n < VARIANTS_HELD + 1000; n += 2) {
      const nome = `Zz${word(n)} Yy${word(n + 1)}`;
      const got = nameKeys(maker, nome);
      if (n % 997 === 0 || n > VARIANTS_HELD - 10)
        expect(got).toEqual([...new Set(nameWords(nome))]);
    }
    expect(nameKeys(maker, 'Thiago Souza')).toEqual(['tiago', 'sousa']);
  });
});
