/**
 * The pack search's reading in groups (src/data/pack-store/pack-search.ts, pack-ranked.ts):
 * over names from a small vocabulary (thousands of records per common word, many ties), a
 * few hundred generated queries — whole names, prefixes as typed, first and last name, a
 * name with a block or plate, swapped letters, a dropped letter, a letter too many —
 * answer exactly as the domain ranker over every record (hits, order, total, typo flag), at
 * limits 8 and 50, with one pack and split over two; an index built with the older keys
 * (no name-start keys) answers the same and is rebuilt by the next walk; a common name reads
 * a few pages, not its thousands of records.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seededRandom } from '../../server/modules/seed/seed-generator';
import { MemorialDb } from '../../src/data/db';
import { packHandles } from '../../src/data/pack-store/pack-handle';
import { buildPackIndex } from '../../src/data/pack-store/pack-index-build';
import { KEYS_VERSION } from '../../src/data/pack-store/pack-keys';
import { searchPacks } from '../../src/data/pack-store/pack-search';
import { applyPackPage, walkPack } from '../../src/data/pack-store/pack-walk';
import { encodePackRecords, type PackRecord } from '../../src/domain/pack-format';
import { parseQuery } from '../../src/domain/search-query';
import { rankRecords } from '../../src/domain/search-rank';
import type { PackAnswer } from '../../src/domain/sync-types';

const GIVEN = ['Maria', 'Maria José', 'Ana Maria', 'José', 'João', 'Mariana', 'Marina', 'Luiz'];
const SURNAMES = [
  'da Silva',
  'Silveira',
  'Santos',
  'Souza',
  'Oliveira',
  'Ramos',
  'Rosa',
  'Brandão',
];
const STREETS = ['Rua das Flores', 'Rua 3', 'Rua Maria Rosa', null];

function records(count: number, seed: number): PackRecord[] {
  const rand = seededRandom(seed);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)] as T;
  return Array.from({ length: count }, (_, i) => {
    const words = [pick(GIVEN), pick(SURNAMES)];
    if (rand() < 0.5) words.push(pick(SURNAMES));
    const day = rand() < 0.1 ? null : 10 + Math.floor(rand() * 60);
    return {
      id: `65f0a1b2c3d4${String(seed).padStart(4, '0')}${String(i).padStart(8, '0')}`,
      nome: words.join(' '),
      rua: pick(STREETS),
      quadra: String(1 + Math.floor(rand() * 12)),
      chapa: String(Math.floor(rand() * 300)).padStart(4, '0'),
      // Few distinct dates: many ties, broken by id.
      dtFal: day === null ? null : `2001-0${1 + (day % 9)}-${String(10 + (day % 19))}`,
      image: null,
      thumb: null,
      homenagens: 0,
      latitude: null,
      longitude: null,
    };
  });
}

function queries(all: PackRecord[], count: number): string[] {
  const rand = seededRandom(99);
  const out: string[] = [];
  const swap = (w: string) => {
    const i = 1 + Math.floor(rand() * (w.length - 2));
    return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  };
  for (let i = 0; out.length < count; i++) {
    const r = all[Math.floor(rand() * all.length)] as PackRecord;
    const words = r.nome.toLowerCase().split(' ');
    const kinds = [
      () => r.nome,
      () => r.nome.slice(0, 2 + Math.floor(rand() * (r.nome.length - 2))),
      () => `${words[0]} ${words.at(-1)}`,
      () => `${words.at(-1)} quadra ${r.quadra}`,
      () => `${words[0]} placa ${r.chapa}`,
      () => words.map((w, j) => (j === words.length - 1 && w.length > 4 ? swap(w) : w)).join(' '),
      () =>
        words.map((w, j) => (j === 0 && w.length > 4 ? w.slice(0, 2) + w.slice(3) : w)).join(' '),
      () => words.map((w, j) => (j === 1 ? `${w}e` : w)).join(' '),
      () => `${words[0]} ${r.quadra}`,
      () => (words[1] ?? 'silva').slice(0, 3),
    ];
    out.push((kinds[i % kinds.length] as () => string)());
  }
  return out;
}

function page(list: PackRecord[], last: boolean): PackAnswer {
  return {
    cursor: 'c',
    hasMore: !last,
    reset: false,
    deleted: [],
    again: [],
    ...encodePackRecords(list),
  };
}

async function store(db: MemorialDb, pack: string, list: PackRecord[]) {
  for (let i = 0; i < list.length; i += 1000) {
    await applyPackPage(db, pack, page(list.slice(i, i + 1000), i + 1000 >= list.length), 10);
  }
  await buildPackIndex(db, pack);
}

/** At limits 8 and 50 (the ranker's first 8 are its first 50's). */
async function expectSame(db: MemorialDb, all: PackRecord[], q: string) {
  const want = rankRecords(parseQuery(q), all, 50);
  for (const limit of [8, 50]) {
    const got = await searchPacks(db, parseQuery(q), limit);
    expect({ q, limit, ids: got.hits.map((h) => h.record.id), total: got.total }).toEqual({
      q,
      limit,
      ids: want.hits.slice(0, limit).map((h) => h.record.id),
      total: want.total,
    });
    expect(got.fuzzy, q).toBe(want.fuzzy.length > 0);
  }
}

describe('pack search: the best groups first, the same answer', () => {
  let db: MemorialDb;
  beforeEach(() => {
    db = new MemorialDb(`pack-groups-${Math.random()}`);
  });
  afterEach(async () => {
    await db.delete();
  });

  it('answers generated queries like the ranker over every record, one pack and two', async () => {
    const a = records(3000, 1);
    const b = records(1500, 2);
    const all = [...a, ...b];
    await store(db, 'a', all);
    const list = queries(all, 100);
    for (const q of list) await expectSame(db, all, q);
    await db.delete();
    db = new MemorialDb(`pack-groups-${Math.random()}`);
    await store(db, 'a', a);
    await store(db, 'b', b);
    for (const q of list.slice(0, 40)) await expectSame(db, all, q);
  }, 240_000);

  it('answers the same from an index without the name-start keys, and the next walk rebuilds it', async () => {
    const all = records(2000, 3);
    await store(db, 'a', all);
    await db.packs.update('a', { indexed: { next: all.length, overrides: 0, keys: 1 } });
    expect((await packHandles(db))[0]?.starts).toBe(false);
    for (const q of queries(all, 30)) await expectSame(db, all, q);
    const empty = page([], true);
    await walkPack(db, 'a', { fetchPage: async () => ({ answer: empty, bytes: 10 }) });
    expect((await db.packs.get('a'))?.indexed?.keys).toBe(KEYS_VERSION);
    expect((await packHandles(db))[0]?.starts).toBe(true);
  }, 120_000);

  it('reads a few pages for a common name, not its thousands of records', async () => {
    const all = records(6000, 4);
    await store(db, 'a', all);
    const reads = vi.spyOn(db.packPages, 'bulkGet');
    for (const q of ['maria', 'maria silva', 'silva', 'mari', 'maria jose santos']) {
      reads.mockClear();
      const got = await searchPacks(db, parseQuery(q), 8);
      expect(got.total, q).toBeGreaterThan(100);
      const pages = reads.mock.calls.reduce((n, [keys]) => n + keys.length, 0);
      // 8 hits; a three-word name also reads those that only start like it.
      expect(pages, q).toBeLessThanOrEqual(16);
    }
  }, 120_000);
});
