import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  HOME_LIST,
  removeRecord,
  storeCards,
  storeCreated,
  storeRecord,
} from '../../src/data/burials-store';
import { MemorialDb } from '../../src/data/db';
import { searchOffline } from '../../src/data/search/offline-search';
import type { BurialCard, BurialRecord } from '../../src/domain/burial-types';
import { parseQuery } from '../../src/domain/search-query';
import { rankRecords } from '../../src/domain/search-rank';
import { nameTokens } from '../../src/domain/search-text';

const id = (n: number) => `65f0a1b2c3d4e5f6012345${String(n).padStart(2, '0')}`;

function card(n: number, over: Partial<BurialCard> = {}): BurialCard {
  return {
    _id: id(n),
    id: id(n),
    nome: `Pessoa ${n}`,
    rua: 'Rua 1',
    quadra: '1',
    chapa: String(n),
    images: [`f${n}.webp`],
    thumb: `t${n}.webp`,
    ...over,
  };
}

function record(n: number): BurialRecord {
  return {
    ...card(n),
    idade: 80,
    dtNasc: null,
    dtFal: '2020-01-01',
    nacionalidade: null,
    mae: null,
    pai: null,
    cemiterio: null,
    epitafio: 'Descanse',
    tipoSepultura: null,
    latitude: null,
    longitude: null,
    images: [`f${n}.webp`, `g${n}.webp`],
    thumbs: [`t${n}.webp`, `u${n}.webp`],
    version: 1,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
  };
}

describe('burial read model in Dexie', () => {
  let database: MemorialDb;
  beforeEach(() => {
    database = new MemorialDb(`burials-test-${Math.random()}`);
  });
  afterEach(async () => {
    await database.delete();
  });

  it("keeps a search card's date of death, so the search without signal orders as the server did", async () => {
    // Tied in class and points ("Maria da" drops the particle): newest death first decides.
    const found = [
      card(1, { nome: 'Maria da Conceição' }),
      card(2, { nome: 'Maria José da Silva' }),
      card(3, { nome: 'Maria das Graças Magalhães' }),
    ].map((c, i) => ({ ...c, dtFal: ['1988-01-05', '2002-05-27', '1999-12-23'][i] ?? null }));
    await storeCards(found, null, database);
    // The home list's card of the same record carries no date: the stored one stays.
    await storeCards([card(1, { nome: 'Maria da Conceição' })], HOME_LIST, database);
    expect((await database.sepultados.get(id(1)))?.dtFal).toBe('1988-01-05');
    const query = parseQuery('Maria da');
    const online = rankRecords(query, found, 10).hits.map((h) => h.record.nome);
    expect(online).toEqual([
      'Maria José da Silva',
      'Maria das Graças Magalhães',
      'Maria da Conceição',
    ]);
    const offline = await searchOffline(database, query, 10);
    expect(offline.cards.map((c) => c.nome)).toEqual(online);
  });

  it('stores the home list in order, and a later list never downgrades an opened record', async () => {
    await storeRecord(record(2), database);
    await storeCards([card(3), card(2, { chapa: '22' }), card(1)], HOME_LIST, database);
    expect((await database.lists.get(HOME_LIST))?.ids).toEqual([id(3), id(2), id(1)]);
    const opened = await database.sepultados.get(id(2));
    expect(opened?.full).toBe(true);
    expect(opened?.epitafio).toBe('Descanse');
    expect(opened?.images).toEqual(['f2.webp', 'g2.webp']);
    expect(opened?.chapa).toBe('22');
    expect((await database.sepultados.get(id(1)))?.full).toBe(false);
    // The name index is filled, so the offline search can find it.
    const [word] = nameTokens('Pessoa');
    expect(word).toBeTruthy();
    expect(
      await database.sepultados
        .where('nameTokens')
        .equals(word ?? '')
        .count(),
    ).toBe(3);
  });

  it('a created record goes first on the stored home list, once', async () => {
    await storeCards([card(1)], HOME_LIST, database);
    await storeCreated(record(5), database);
    await storeCreated(record(5), database);
    expect((await database.lists.get(HOME_LIST))?.ids).toEqual([id(5), id(1)]);
  });

  it('a record gone from the server leaves the table and every list', async () => {
    await storeCards([card(1), card(2)], HOME_LIST, database);
    await storeCards([card(2)], 'outra', database);
    await removeRecord(id(2), database);
    expect(await database.sepultados.get(id(2))).toBeUndefined();
    expect((await database.lists.get(HOME_LIST))?.ids).toEqual([id(1)]);
    expect((await database.lists.get('outra'))?.ids).toEqual([]);
  });
});
