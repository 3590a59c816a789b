/**
 * The offline search over Dexie (fake-indexeddb): the same answers as the domain ranker over
 * every record, reached through the indexes only; the version-4 and -6 upgrades fill the
 * derived fields (locationKeys, searchName).
 */
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type LocalBurial, MemorialDb } from '../../src/data/db';
import { searchFields } from '../../src/data/local-rows';
import { searchOffline } from '../../src/data/search/offline-search';
import { parseQuery } from '../../src/domain/search-query';
import { rankRecords } from '../../src/domain/search-rank';

const FIRST = ['José', 'Maria', 'Antônio', 'Ana', 'João', 'Luiz', 'Thiago', 'Helena', 'Cecília'];
const LAST = ['da Silva', 'de Souza', 'Conceição', 'Moraes', 'dos Santos', "D'Ávila", 'Mello'];
const STREETS = ['Rua das Flores', 'Rua 3', 'Avenida Brasil', 'Alameda dos Ipês', null];

const id = (n: number) => `65f0a1b2c3d4e5f6${String(n).padStart(8, '0')}`;

function row(n: number, over: Partial<LocalBurial> = {}): LocalBurial {
  const base = {
    _id: id(n),
    id: id(n),
    nome: `${FIRST[n % FIRST.length]} ${LAST[(n * 7) % LAST.length]} ${n}`,
    rua: STREETS[n % STREETS.length] ?? null,
    quadra: String((n % 40) + 1),
    chapa: String(n).padStart(4, '0'),
    dtFal: n % 5 === 0 ? null : `20${String(10 + (n % 14)).padStart(2, '0')}-01-01`,
    images: [],
    thumbs: [],
    full: n % 2 === 0,
    storedAt: n,
    ...over,
  };
  return { ...base, ...searchFields(base) };
}

const SPECIAL: LocalBurial[] = [
  row(9001, {
    nome: 'José da Conceição Ferreira',
    quadra: '12',
    chapa: '0458',
    rua: 'Rua das Flores',
  }),
  row(9002, { nome: 'Maria Aparecida de Souza', quadra: '112', chapa: '1200', rua: 'Rua 7' }),
  row(9003, { nome: 'Luís Henrique Sousa', quadra: 'B', chapa: '45', rua: 'Avenida Brasil' }),
  row(9004, { nome: 'Anotnio Dias Pereira', quadra: '3', chapa: '0007', rua: null }),
  row(9005, { nome: 'Raimundo Nonato Dasilva', quadra: '9', chapa: '0901', rua: 'Rua 3' }),
];
const ROWS = [...Array.from({ length: 400 }, (_, i) => row(i + 1)), ...SPECIAL];

const QUERIES = [
  'jose da conceicao',
  'Jose Conceicao',
  'conceicao',
  'conc',
  'souza quadra 12',
  'souza quadra 112',
  'placa 458',
  '458',
  'placa 0458',
  '12',
  'quadra b',
  'luiz sousa',
  'LUIS   SOUZA',
  'silva',
  'avenida brasil',
  'rua flores',
  'flores',
  'antonio dias',
  'anotnio',
  'maira',
  'raimundo',
  'thiago mello',
  'tiago melo',
  'davila',
  'zzzz nada',
  'helena 3',
];

describe('offline search over Dexie', () => {
  let database: MemorialDb;
  beforeEach(async () => {
    database = new MemorialDb(`search-offline-${Math.random()}`);
    await database.sepultados.bulkPut(ROWS);
  });
  afterEach(async () => {
    await database.delete();
  });

  it('gives, for each query, the same ranked answer as the rules over every record', async () => {
    const all = ROWS.map((r) => ({ ...r, dtFal: r.dtFal ?? null }));
    for (const q of QUERIES) {
      const query = parseQuery(q);
      const expected = rankRecords(query, all, 50);
      const got = await searchOffline(database, query, 50);
      expect({ q, ids: got.cards.map((c) => c.id), total: got.total }).toEqual({
        q,
        ids: expected.hits.map((h) => h.record.id),
        total: expected.total,
      });
      expect(got.fuzzy).toBe(expected.fuzzy.length > 0);
    }
  });

  it('answers a common word held by many records (read by range) like the rules', async () => {
    const many = Array.from({ length: 300 }, (_, i) =>
      row(5000 + i, { nome: `Maria Rosa ${i}`, quadra: String(i % 7) }),
    );
    await database.sepultados.bulkPut(many);
    const all = [...ROWS, ...many].map((r) => ({ ...r, dtFal: r.dtFal ?? null }));
    for (const q of ['maria', 'mari', 'rosa maria', 'maria quadra 3']) {
      const expected = rankRecords(parseQuery(q), all, 50);
      const got = await searchOffline(database, parseQuery(q), 50);
      if (q !== 'maria quadra 3') expect(got.total).toBeGreaterThan(150);
      expect(got.cards.map((c) => c.id)).toEqual(expected.hits.map((h) => h.record.id));
      expect(got.total).toBe(expected.total);
    }
  });

  it('finds the grave first: accents, particles, variants, plate zeros, quadra', async () => {
    const first = async (q: string) => (await searchOffline(database, parseQuery(q), 5)).cards[0];
    expect((await first('jose da conceicao'))?.id).toBe(id(9001));
    expect((await first('conceição ferreira'))?.id).toBe(id(9001));
    expect((await first('placa 458'))?.chapa).toBe('0458');
    expect((await first('souza quadra 112'))?.id).toBe(id(9002));
    expect((await first('luiz souza'))?.id).toBe(id(9003));
    // A typo that no record holds is matched by similarity.
    const typo = await searchOffline(database, parseQuery('ferreria conceicao'), 5);
    expect(typo.cards[0]?.id).toBe(id(9001));
  });

  it('counts "12" as whole quadra above a partial one, and still finds the partial', async () => {
    const { cards } = await searchOffline(database, parseQuery('quadra 12'), 50);
    const quadras = cards.map((c) => c.quadra);
    expect(quadras).toContain('112');
    expect(quadras.indexOf('12')).toBeLessThan(quadras.indexOf('112'));
  });

  it('answers nothing for a query with no searchable word', async () => {
    expect((await searchOffline(database, parseQuery('  da  %  '), 50)).total).toBe(0);
  });

  it('reaches records through the indexes, never by reading the whole table', async () => {
    const table = database.sepultados;
    const forbid = () => {
      throw new Error('full table read');
    };
    // count() is an IndexedDB count (no record read), so toCollection itself stays allowed.
    Object.assign(table, { toArray: forbid, each: forbid, filter: forbid });
    const { cards } = await searchOffline(database, parseQuery('conceicao 458'), 50);
    expect(cards[0]?.id).toBe(id(9001));
  });

  it('finds two words through their token pair, long names and shared tokens too', async () => {
    const extra = [
      row(8001, { nome: 'Antônio Benedito Carlos Dirceu Elias Fábio Gil Hugo Ivo Dias' }),
      row(8002, { nome: 'Dias Antônio' }),
      row(8003, { nome: 'Mariana Mariano' }),
      row(8004, { nome: 'Antônio Rua', rua: 'Rua Dias' }),
    ];
    await database.sepultados.bulkPut(extra);
    const all = [...ROWS, ...extra].map((r) => ({ ...r, dtFal: r.dtFal ?? null }));
    for (const q of [
      'antonio dias',
      'dias antonio',
      'mari mariano',
      'antonio rua',
      'helena mello',
    ]) {
      const expected = rankRecords(parseQuery(q), all, 50);
      const got = await searchOffline(database, parseQuery(q), 50);
      expect({ q, ids: got.cards.map((c) => c.id), total: got.total }).toEqual({
        q,
        ids: expected.hits.map((h) => h.record.id),
        total: expected.total,
      });
    }
  });
});

describe('version 6 upgrade', () => {
  it('adds searchName to rows stored before it, for the whole-name suggestion', async () => {
    const name = `search-upgrade6-${Math.random()}`;
    const old = new Dexie(name);
    old.version(5).stores({
      session: 'key',
      sepultados:
        'id, *nameTokens, *locationKeys, rua, [rua+quadra+chapa], quadra, chapa, storedAt',
      lists: 'key',
      meta: 'key',
      comentarios: 'id, [sepultadoId+cursor]',
      photos: 'path, kind, storedAt',
      outbox: 'id, state, sepultadoId, createdAt',
    });
    const { searchName: _drop, ...legacy } = SPECIAL[0] as LocalBurial;
    await old.table('sepultados').put(legacy);
    old.close();

    const database = new MemorialDb(name);
    const stored = await database.sepultados.get(id(9001));
    expect(stored?.searchName).toBe(' jose conseicao fereira ');
    const items = await searchOffline(database, parseQuery('jose conceicao ferreira'), 8);
    expect(items.cards.map((s) => s.id)).toEqual([id(9001)]);
    await database.delete();
  });
});

describe('version 4 upgrade', () => {
  it('adds locationKeys to rows stored before it, so plates are found', async () => {
    const name = `search-upgrade-${Math.random()}`;
    const old = new Dexie(name);
    old.version(2).stores({
      session: 'key',
      sepultados: 'id, *nameTokens, [rua+quadra+chapa], quadra, chapa, storedAt',
      lists: 'key',
      meta: 'key',
    });
    old.version(3).stores({ comentarios: 'id, [sepultadoId+cursor]' });
    const { locationKeys: _drop, ...legacy } = SPECIAL[0] as LocalBurial;
    await old.table('sepultados').put(legacy);
    old.close();

    const database = new MemorialDb(name);
    const stored = await database.sepultados.get(id(9001));
    expect(stored?.locationKeys).toContain('p=458');
    const { cards } = await searchOffline(database, parseQuery('placa 458'), 5);
    expect(cards.map((c) => c.id)).toEqual([id(9001)]);
    await database.delete();
  });
});
