import { describe, expect, it } from 'vitest';
import { cardPhoto, mergeCard, readCardList, rowFromRecord } from '../../src/data/local-rows';
import type { BurialCard, BurialRecord } from '../../src/domain/burial-types';

const ID = '65f0a1b2c3d4e5f601234567';

const RECORD: BurialRecord = {
  _id: ID,
  id: ID,
  nome: 'José Antônio de Souza',
  idade: 70,
  dtNasc: '1950-01-01',
  dtFal: '2020-01-01',
  nacionalidade: 'Campinas (SP)',
  mae: 'Ana',
  pai: 'Pedro',
  cemiterio: 'Municipal',
  rua: 'Rua A',
  quadra: '3',
  chapa: '101',
  epitafio: 'Saudades eternas',
  tipoSepultura: 'Terra',
  latitude: null,
  longitude: null,
  images: ['f1.webp', 'f2.webp'],
  thumbs: ['t1.webp', 't2.webp'],
  version: 2,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  concessionarios: ['65f0a1b2c3d4e5f601234999'],
  concessionariosInfo: [
    { _id: '65f0a1b2c3d4e5f601234999', id: '65f0a1b2c3d4e5f601234999', name: 'C' },
  ],
};

const CARD: BurialCard = {
  _id: ID,
  id: ID,
  nome: 'José Antonio de Souza',
  rua: 'Rua B',
  quadra: '3',
  chapa: '102',
  images: ['f1.webp'],
  thumb: 't1.webp',
};

describe('burial read model merge rules', () => {
  it('a full record is stored full, with name tokens, without who is assigned', () => {
    const row = rowFromRecord(RECORD, 5);
    expect(row.full).toBe(true);
    expect(row.storedAt).toBe(5);
    expect(row.nameTokens).toEqual(expect.arrayContaining(['jose', 'antonio', 'sousa']));
    expect(row.nameTokens).not.toContain('de');
    expect(row).not.toHaveProperty('concessionarios');
    expect(row).not.toHaveProperty('concessionariosInfo');
    expect(row.epitafio).toBe('Saudades eternas');
  });

  it('a card over nothing is a card row', () => {
    const row = mergeCard(undefined, CARD, 7);
    expect(row.full).toBe(false);
    expect(row.images).toEqual(['f1.webp']);
    expect(row.thumbs).toEqual(['t1.webp']);
    expect(row.dtFal).toBeUndefined();
  });

  it('a card never downgrades a full row: full fields and photos stay, card fields refresh', () => {
    const full = rowFromRecord(RECORD, 1);
    const row = mergeCard(full, CARD, 9);
    expect(row.full).toBe(true);
    expect(row.dtFal).toBe('2020-01-01');
    expect(row.epitafio).toBe('Saudades eternas');
    expect(row.images).toEqual(['f1.webp', 'f2.webp']);
    expect(row.thumbs).toEqual(['t1.webp', 't2.webp']);
    expect(row.rua).toBe('Rua B');
    expect(row.chapa).toBe('102');
    expect(row.nome).toBe('José Antonio de Souza');
    expect(row.storedAt).toBe(9);
  });

  it('a card whose photo the full row does not know brings that photo', () => {
    const full = rowFromRecord(RECORD, 1);
    const row = mergeCard(full, { ...CARD, images: ['novo.webp'], thumb: 'novo-t.webp' });
    expect(row.full).toBe(true);
    expect(cardPhoto(row)).toEqual({ thumb: 'novo-t.webp', full: 'novo.webp' });
  });

  it('reads the list shapes spec §7 allows', () => {
    expect(readCardList([CARD], ['sepultados'])).toEqual([CARD]);
    expect(readCardList({ sepultados: [CARD] }, ['sepultados'])).toEqual([CARD]);
    expect(readCardList({ sepults: [CARD] }, ['sepults', 'sepultados'])).toEqual([CARD]);
    expect(readCardList({ message: 'x' }, ['sepultados'])).toEqual([]);
    expect(readCardList(null, ['sepultados'])).toEqual([]);
  });

  it('a card without photos shows no photo (the placeholder)', () => {
    expect(cardPhoto(mergeCard(undefined, { ...CARD, images: [], thumb: null }))).toEqual({
      thumb: null,
      full: null,
    });
  });
});
