/**
 * The visit pack's device store (src/data/pack-store) over fake-indexeddb: pages stored as the
 * server sends them (the domain's encoder), the token index built from them, and the search
 * over it giving the same ranked answer and total as the domain ranker over every record —
 * for rare words (all candidates read), common ones (read in rank order, stopped early) and
 * typos; replaced, deleted and moved records; a reset; several packs; removing one.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemorialDb } from '../../src/data/db';
import { buildPackIndex } from '../../src/data/pack-store/pack-index-build';
import { packCard, searchPacks } from '../../src/data/pack-store/pack-search';
import { applyPackPage, removePack } from '../../src/data/pack-store/pack-walk';
import { encodePackRecords, type PackRecord } from '../../src/domain/pack-format';
import { parseQuery } from '../../src/domain/search-query';
import { rankRecords } from '../../src/domain/search-rank';
import type { PackAnswer } from '../../src/domain/sync-types';

const FIRST = ['José', 'Maria', 'Antônio', 'Ana', 'João', 'Luiz', 'Thiago', 'Helena', 'Cecília'];
const LAST = ['da Silva', 'de Souza', 'Conceição', 'Moraes', 'dos Santos', "D'Ávila", 'Mello'];
const STREETS = ['Rua das Flores', 'Rua 3', 'Avenida Brasil', 'Alameda dos Ipês', null];

const id = (n: number) => `65f0a1b2c3d4e5f6${String(n).padStart(8, '0')}`;

function rec(n: number, over: Partial<PackRecord> = {}): PackRecord {
  return {
    id: id(n),
    nome: `${FIRST[n % FIRST.length]} ${LAST[(n * 7) % LAST.length]} ${n % 97}`,
    rua: STREETS[n % STREETS.length] ?? null,
    quadra: String((n % 40) + 1),
    chapa: String(n).padStart(4, '0'),
    dtFal:
      n % 5 === 0 ? null : `20${String(10 + (n % 14)).padStart(2, '0')}-0${1 + (n % 9)}-1${n % 10}`,
    image: n % 50 === 0 ? `f${n}.webp` : null,
    thumb: n % 50 === 0 ? `t${n}.webp` : null,
    homenagens: n % 7 === 0 ? n % 4 : 0,
    latitude: n % 4 === 0 ? null : (-2_350_000 - (n % 900)) / 1e5,
    longitude: n % 4 === 0 ? null : (-4_650_000 + (n % 700)) / 1e5,
    ...over,
  };
}

const SPECIAL: PackRecord[] = [
  rec(9001, {
    nome: 'José da Conceição Ferreira',
    quadra: '12',
    chapa: '0458',
    rua: 'Rua das Flores',
  }),
  rec(9002, { nome: 'Maria Aparecida de Souza', quadra: '112', chapa: '1200', rua: 'Rua 7' }),
  rec(9003, { nome: 'Luís Henrique Sousa', quadra: 'B', chapa: '45', rua: 'Avenida Brasil' }),
  rec(9004, { nome: 'Anotnio Dias Pereira', quadra: '3', chapa: '0007', rua: null }),
  rec(9005, { nome: 'Raimundo Nonato Dasilva', quadra: '9', chapa: '0901', rua: 'Rua 3' }),
  rec(9006, { nome: 'Maria', quadra: '9', chapa: '0902', rua: null, dtFal: '1950-01-01' }),
  rec(9007, { nome: 'Maria Rosa', quadra: '9', chapa: '0903', rua: null, dtFal: null }),
];

function page(records: PackRecord[], extra: Partial<PackAnswer> = {}): PackAnswer {
  return {
    cursor: 'c',
    hasMore: true,
    reset: false,
    deleted: [],
    again: [],
    ...encodePackRecords(records),
    ...extra,
  };
}

async function store(db: MemorialDb, pack: string, records: PackRecord[], size = 1000) {
  for (let i = 0; i < records.length; i += size) {
    const last = i + size >= records.length;
    await applyPackPage(db, pack, page(records.slice(i, i + size), { hasMore: !last }), 100);
  }
  await buildPackIndex(db, pack);
}

const QUERIES = [
  'jose da conceicao',
  'Jose Conceicao',
  'conceicao',
  'conc',
  'souza quadra 12',
  'souza quadra 112',
  'placa 458',
  '458',
  '12',
  'quadra b',
  'luiz sousa',
  'silva',
  'avenida brasil',
  'rua flores',
  'flores',
  'antonio dias',
  'anotnio',
  'maira',
  'raimundo',
  'tiago melo',
  'davila',
  'zzzz nada',
  'helena 3',
  'maria',
  'mari',
  'maria rosa',
  'maria silva',
  'ma',
  'jose 12',
  'maria da conceicao 3',
];

function expectSame(all: PackRecord[], q: string, got: Awaited<ReturnType<typeof searchPacks>>) {
  const expected = rankRecords(parseQuery(q), all, 50);
  expect({ q, ids: got.hits.map((h) => h.record.id), total: got.total }).toEqual({
    q,
    ids: expected.hits.map((h) => h.record.id),
    total: expected.total,
  });
  expect(got.fuzzy).toBe(expected.fuzzy.length > 0);
}

describe('visit pack store and offline search', () => {
  let db: MemorialDb;
  beforeEach(() => {
    db = new MemorialDb(`pack-store-${Math.random()}`);
  });
  afterEach(async () => {
    await db.delete();
  });

  it('answers like the rules over every record, for rare and common words', async () => {
    const all = [...Array.from({ length: 3000 }, (_, i) => rec(i + 1)), ...SPECIAL];
    await store(db, 'c1', all);
    for (const q of QUERIES) expectSame(all, q, await searchPacks(db, parseQuery(q), 50));
  }, 120_000);

  it("reads a common word's thousands in rank order and stops early, with the same answer", async () => {
    const common = Array.from({ length: 7000 }, (_, i) =>
      rec(i + 1, i % 3 === 2 ? {} : { nome: `Maria ${LAST[i % LAST.length]} ${i % 89}` }),
    );
    const all = [...common, ...SPECIAL];
    await store(db, 'c1', all);
    for (const q of [
      'maria',
      'mari',
      'maria silva',
      'ma',
      'maria rosa',
      'maria 3',
      'silva',
      'mraia',
      'mraia slvia',
      'marai rosa',
    ]) {
      const got = await searchPacks(db, parseQuery(q), 50);
      if (q === 'maria' || q === 'mari') expect(got.total).toBeGreaterThan(3000);
      expectSame(all, q, got);
    }
    for (const q of ['mari', 'maria', 'maria s', 'conceicao']) {
      const expected = rankRecords(parseQuery(q), all, 8);
      const got = await searchPacks(db, parseQuery(q), 8);
      expect(got.hits.map((h) => h.record.id)).toEqual(expected.hits.map((h) => h.record.id));
    }
  }, 120_000);

  it('a build in many small chunks and buckets writes the same pages and leaves no bucket', async () => {
    const all = [...Array.from({ length: 1500 }, (_, i) => rec(i + 1)), ...SPECIAL];
    const other = new MemorialDb(`pack-store-${Math.random()}`);
    try {
      await store(db, 'c1', all, 400);
      // Chunks of 230 ranks (256: whole pages), buckets written every 17 records, 3 pages a put,
      // read 4 at a time.
      for (let i = 0; i < all.length; i += 400) {
        const last = i + 400 >= all.length;
        await applyPackPage(other, 'c1', page(all.slice(i, i + 400), { hasMore: !last }), 100);
      }
      await buildPackIndex(other, 'c1', { chunk: 230, bucket: 17, write: 3, read: 4 });
      const pages = async (d: MemorialDb) =>
        (await d.packPages.toArray()).map(({ pack, ...p }) => ({ store: pack, ...p }));
      const small = await pages(other);
      expect(small.every((p) => !p.store.includes('#'))).toBe(true);
      expect(small).toEqual(await pages(db));
      expect(await other.packIndex.toArray()).toEqual(await db.packIndex.toArray());
      for (const q of ['maria', 'jose da conceicao', 'placa 458']) {
        expectSame(all, q, await searchPacks(other, parseQuery(q), 50));
      }
    } finally {
      await other.delete();
    }
  }, 120_000);

  it('keeps only the newest copy, drops deleted and moved records, says the cemetery', async () => {
    const all = Array.from({ length: 500 }, (_, i) => rec(i + 1));
    await store(db, 'c1', all, 200);
    await db.packs.update('c1', { nome: 'Cemitério da Saudade' });
    // A delta: record 7 renamed (sent again), 8 deleted, 9 moved to another cemetery.
    const renamed = rec(7, { nome: 'Zacarias Renomeado' });
    await applyPackPage(
      db,
      'c1',
      page([renamed, rec(10_001)], { again: [0, 1], deleted: [id(8), id(9)], hasMore: false }),
      10,
    );
    // Before the next compaction the removed and replaced copies are already no hits.
    const early = await searchPacks(db, parseQuery('placa 0008'), 50);
    expect(early.hits.map((h) => h.record.id)).not.toContain(id(8));
    await buildPackIndex(db, 'c1');
    const now = [...all.filter((r) => ![id(7), id(8), id(9)].includes(r.id)), renamed, rec(10_001)];
    for (const q of ['zacarias', 'jose', 'maria', 'placa 0008', 'placa 0009', 'antonio 7']) {
      expectSame(now, q, await searchPacks(db, parseQuery(q), 50));
    }
    const [hit] = (await searchPacks(db, parseQuery('zacarias'), 5)).hits;
    expect(hit && packCard(hit.record).cemiterio).toBe('Cemitério da Saudade');
  });

  it('searches every pack on the device; removing one frees it; a reset replaces it', async () => {
    const a = Array.from({ length: 300 }, (_, i) => rec(i + 1));
    const b = Array.from({ length: 300 }, (_, i) => rec(i + 1001));
    await store(db, 'ca', a, 100);
    await store(db, 'cb', b, 100);
    expectSame([...a, ...b], 'maria', await searchPacks(db, parseQuery('maria'), 50));
    await removePack(db, 'ca');
    const pagesOf = (pack: string) =>
      db.packPages
        .where('[pack+first]')
        .between([`${pack}~`, 0], [`${pack}~\uffff`, 1e12])
        .count();
    expect(await pagesOf('cb')).toBeGreaterThan(0);
    expect(await pagesOf('ca')).toBe(0);
    expectSame(b, 'maria', await searchPacks(db, parseQuery('maria'), 50));
    const fresh = Array.from({ length: 50 }, (_, i) => rec(i + 5001));
    await applyPackPage(db, 'cb', page(fresh, { reset: true, hasMore: false }), 10);
    await buildPackIndex(db, 'cb');
    expectSame(fresh, 'maria', await searchPacks(db, parseQuery('maria'), 50));
    // Only the fresh copy's one compacted page is left.
    expect(await pagesOf('cb')).toBe(1);
  });
});
