/**
 * The per-cemetery visit pack as the app runs it, over fake-indexeddb: a cemetery's compact
 * pages then its thumbnails with progress kept in meta; a full device during the photos stops
 * with the pt-BR message and keeps the records searchable; "Continuar download" finishes the
 * photos without asking for the records again nor fetching a stored photo twice; Cancelar leaves
 * a resumable state; several cemeteries held, one removed (its pages, index, thumbnails and
 * state go); the delta sync of every pack held (a new tribute count arrives); the device search
 * over packs plus records opened online (one register, each hit with its cemetery); a record
 * opened by id from the pack; the Dexie upgrade that drops the old whole-register pack.
 */
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DB_NAME, MemorialDb } from '../../src/data/db';
import { rowFromRecord } from '../../src/data/local-rows';
import { cancelPack, deletePack, runPack } from '../../src/data/pack/pack-download';
import { type PackExtra, packExtras } from '../../src/data/pack/pack-extras';
import { readPack, readPacks } from '../../src/data/pack/pack-state';
import {
  eachPackRecord,
  findPackRecord,
  rowFromPack,
  withPackCopy,
} from '../../src/data/pack-store/pack-read';
import type { PackFetcher } from '../../src/data/pack-store/pack-walk';
import { searchDevice, suggestDevice } from '../../src/data/search/device-search';
import { deltaSync, resetDeltaThrottle } from '../../src/data/sync/auto-sync';
import { dropWholeRegisterPack } from '../../src/data/sync/drop-old-pack';
import { encodePackRecords, type PackRecord } from '../../src/domain/pack-format';
import { parseQuery } from '../../src/domain/search-query';
import type { PackAnswer } from '../../src/domain/sync-types';

let builtInExtras: PackExtra[] | undefined;

const id = (n: number) => n.toString(16).padStart(24, '0');
const img = (n: number, t = false) => `${n.toString(16).padStart(32, 'a')}${t ? '-t' : ''}.webp`;

const A = { id: 'a'.repeat(24), nome: 'Cemitério da Saudade' };
const B = { id: 'b'.repeat(24), nome: 'Cemitério São João' };

function rec(n: number, over: Partial<PackRecord> = {}): PackRecord {
  const photo = n % 2 === 0;
  return {
    id: id(n),
    nome: `Pessoa Teste${n}`,
    rua: 'Rua A',
    quadra: '1',
    chapa: String(500 + n),
    dtFal: '2020-01-01',
    image: photo ? img(n) : null,
    thumb: photo ? img(n, true) : null,
    homenagens: n === 3 ? 2 : 0,
    // Every third record has no known position.
    latitude: n % 3 === 0 ? null : (-2_350_000 - n) / 1e5,
    longitude: n % 3 === 0 ? null : (-4_650_000 + n) / 1e5,
    ...over,
  };
}

function answer(records: PackRecord[], cursor: string): PackAnswer {
  return {
    cursor,
    hasMore: false,
    reset: false,
    deleted: [],
    again: [],
    ...encodePackRecords(records),
  };
}

/** The fields of a record opened online that these tests do not look at. */
const openedBase = {
  idade: null,
  dtNasc: null,
  nacionalidade: null,
  mae: null,
  pai: null,
  epitafio: null,
  tipoSepultura: null,
  latitude: null,
  longitude: null,
  images: [],
  thumbs: [],
  version: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  rua: 'Rua A',
  quadra: '1',
  dtFal: '2020-01-01',
};

/** Cemetery A: records 1–20 (10 with a photo); B: 101–105. One page each. */
function fakeServer(later: Record<string, PackRecord[]> = {}) {
  const calls: [string, string | undefined][] = [];
  const fetchPage: PackFetcher = async (pack, since) => {
    calls.push([pack, since]);
    const all =
      pack === A.id
        ? Array.from({ length: 20 }, (_, i) => rec(i + 1))
        : Array.from({ length: 5 }, (_, i) => rec(i + 101, { nome: `Outra Pessoa${i}` }));
    const page = since ? answer(later[pack] ?? [], `${since}+`) : answer(all, '1.1.20.1');
    if (since && later[pack]) page.again = later[pack].map((_, i) => i);
    return { answer: page, bytes: 1234 };
  };
  return { fetchPage, calls };
}

describe('visit pack per cemetery', () => {
  let db: MemorialDb;
  let photoRequests: string[];
  beforeEach(() => {
    db = new MemorialDb(`pack-test-${Math.random()}`);
    photoRequests = [];
    // The app's own extras (the cemetery plan) are checked below; these tests bring their own.
    builtInExtras ??= [...packExtras];
    packExtras.length = 0;
    vi.stubGlobal('fetch', async (url: string) => {
      photoRequests.push(url);
      return new Response(new Blob([new Uint8Array(100)], { type: 'image/webp' }));
    });
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    packExtras.length = 0;
    await db.delete();
  });

  const run = (
    s: ReturnType<typeof fakeServer>,
    over: Partial<Parameters<typeof runPack>[1]> = {},
  ) =>
    runPack(db, {
      cemetery: A,
      total: 20,
      withThumbs: true,
      resume: false,
      fetchPage: s.fetchPage,
      ...over,
    });

  it('brings the cemetery plan, then the map and emoji code, after the records', () => {
    expect(builtInExtras?.map((e) => e.label)).toEqual(['Planta do cemitério', 'Mapa e emojis']);
  });

  it('stores the pages then thumbnails, with progress in meta, then runs the extras', async () => {
    const s = fakeServer();
    const extra = vi.fn(async () => undefined);
    packExtras.push({ label: 'Planta', run: extra });
    const state = await run(s);
    expect(state).toMatchObject({
      id: A.id,
      nome: A.nome,
      phase: 'done',
      total: 20,
      records: 20,
      bytes: 1234,
      thumbsTotal: 10,
      thumbsDone: 10,
      thumbBytes: 1000,
    });
    expect(await readPack(db, A.id)).toEqual(state);
    expect(await db.photos.where('kind').equals('pack').count()).toBe(10);
    expect(photoRequests).toHaveLength(10);
    expect(photoRequests[0]).toMatch(/\/images\/sepultados\/[0-9a-f]{32}-t\.webp$/);
    expect(extra).toHaveBeenCalledTimes(1);
    // The compact pack, not a row per record.
    expect(await db.sepultados.count()).toBe(0);
    expect((await db.packs.get(A.id))?.records).toBe(20);
  });

  it('a full device during the photos: a clear stop, records kept, resume finishes the rest', async () => {
    const s = fakeServer();
    const real = db.photos.put.bind(db.photos);
    let puts = 0;
    vi.spyOn(db.photos, 'put').mockImplementation((...args) => {
      puts += 1;
      if (puts === 4) return Dexie.Promise.reject(new DOMException('cheio', 'QuotaExceededError'));
      return real(...(args as Parameters<typeof real>));
    });
    const stopped = await run(s);
    expect(stopped.phase).toBe('stopped');
    expect(stopped.stopped).toMatchObject({ at: 'thumbs', reason: 'quota' });
    expect(stopped.stopped?.message).toMatch(/^Sem espaço no aparelho/);
    const found = await searchDevice(db, parseQuery('placa 507'), 5);
    expect(found.cards.map((c) => [c.id, c.cemiterio])).toEqual([[id(7), A.nome]]);
    const kept = await db.photos.count();
    expect(kept).toBeGreaterThanOrEqual(3);

    vi.mocked(db.photos.put).mockRestore();
    photoRequests = [];
    const resumed = await run(s, { resume: true });
    expect(resumed).toMatchObject({
      phase: 'done',
      thumbsDone: 10,
      thumbsTotal: 10,
      thumbBytes: 1000,
    });
    expect(resumed.stopped).toBeUndefined();
    // The records were not asked for again (resumed at the thumbnails), no photo twice.
    expect(s.calls).toEqual([[A.id, undefined]]);
    expect(photoRequests).toHaveLength(10 - kept);
    expect(await db.photos.count()).toBe(10);
  });

  it('Cancelar stops the run and leaves a state to resume', async () => {
    const s = fakeServer();
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      cancelPack();
      init.signal?.throwIfAborted();
      return new Response(new Blob([new Uint8Array(10)]));
    });
    const state = await run(s);
    expect(state.phase).toBe('stopped');
    expect(state.stopped).toMatchObject({ at: 'thumbs', reason: 'cancelled' });
    expect((await db.packs.get(A.id))?.records).toBe(20);
  });

  it('holds several cemeteries; removing one frees its pages, index, thumbnails and state', async () => {
    const s = fakeServer();
    await run(s);
    await run(s, { cemetery: B, total: 5 });
    expect((await readPacks(db)).map((p) => p.id).sort()).toEqual([A.id, B.id]);
    const both = await searchDevice(db, parseQuery('pessoa'), 50);
    expect(both.total).toBe(25);
    expect(new Set(both.cards.map((c) => c.cemiterio))).toEqual(new Set([A.nome, B.nome]));

    await deletePack(db, A.id);
    expect(await db.packs.get(A.id)).toBeUndefined();
    expect(await readPack(db, A.id)).toBeUndefined();
    expect(
      await db.packPages
        .where('[pack+first]')
        .between([`${A.id}~0`, Dexie.minKey], [`${A.id}~9`, Dexie.maxKey])
        .count(),
    ).toBe(0);
    expect(
      await db.packIndex
        .where('[pack+row]')
        .between([A.id, Dexie.minKey], [A.id, Dexie.maxKey])
        .count(),
    ).toBe(0);
    // A's thumbnails went; B's (records 102, 104) stay.
    expect(await db.photos.where('kind').equals('pack').count()).toBe(2);
    const left = await searchDevice(db, parseQuery('pessoa'), 50);
    expect(left.total).toBe(5);
    expect(left.cards.every((c) => c.cemiterio === B.nome)).toBe(true);
  });

  it('the delta sync walks every pack held and brings a new tribute count', async () => {
    const s = fakeServer({ [A.id]: [rec(5, { homenagens: 4 })] });
    await run(s, { withThumbs: false });
    await run(s, { cemetery: B, total: 5, withThumbs: false });
    expect((await findPackRecord(db, id(5)))?.homenagens).toBe(0);
    resetDeltaThrottle();
    expect(await deltaSync(db, { force: true, fetchPage: s.fetchPage })).toBe('done');
    expect(s.calls.slice(2)).toEqual([
      [A.id, '1.1.20.1'],
      [B.id, '1.1.20.1'],
    ]);
    const copy = await findPackRecord(db, id(5));
    expect(copy).toMatchObject({ id: id(5), cemiterio: A.nome, homenagens: 4 });
    let count = 0;
    await eachPackRecord(db, A.id, () => {
      count += 1;
    });
    // Replaced, not added.
    expect(count).toBe(20);
  });

  it('finds a record by id in the packs, with its tribute count', async () => {
    await run(fakeServer(), { withThumbs: false });
    expect(await findPackRecord(db, id(3))).toMatchObject({
      nome: 'Pessoa Teste3',
      chapa: '503',
      homenagens: 2,
      cemiterio: A.nome,
    });
    expect(await findPackRecord(db, id(999))).toBeNull();
  });

  it("carries each grave's position to the record page, through compaction and delta", async () => {
    const moved = rec(5, { latitude: -23.51234, longitude: -46.54321 });
    const s = fakeServer({ [A.id]: [moved] });
    await run(s, { withThumbs: false });
    const copy = await findPackRecord(db, id(4));
    expect(copy).toMatchObject({ latitude: -23.50004, longitude: -46.49996 });
    // What the record page reads without signal: the marker and "Como chegar" need these.
    expect(rowFromPack(copy as NonNullable<typeof copy>)).toMatchObject({
      id: id(4),
      latitude: -23.50004,
      longitude: -46.49996,
      full: false,
    });
    // Unknown stays unknown (the page then shows the directions only).
    expect(await findPackRecord(db, id(3))).toMatchObject({ latitude: null, longitude: null });
    resetDeltaThrottle();
    expect(await deltaSync(db, { force: true, fetchPage: s.fetchPage })).toBe('done');
    expect(await findPackRecord(db, id(5))).toMatchObject(moved);
  });

  it('a pack stored before pages had positions claims none', async () => {
    const s = fakeServer();
    const fetchPage: PackFetcher = async (pack, since, limit) => {
      const got = await s.fetchPage(pack, since, limit);
      const { geo0: _g, lat: _a, lng: _b, ...old } = got.answer;
      return { ...got, answer: old as PackAnswer };
    };
    await run({ ...s, fetchPage }, { withThumbs: false });
    const copy = await findPackRecord(db, id(4));
    expect(copy).toMatchObject({ nome: 'Pessoa Teste4', latitude: null, longitude: null });
  });

  it("a card seen in a list takes its grave's position from the pack; a full record keeps its own", async () => {
    await run(fakeServer(), { withThumbs: false });
    const copy = await findPackRecord(db, id(4));
    if (!copy) throw new Error('not in the pack');
    const card = { ...rowFromPack(copy), latitude: undefined, longitude: undefined };
    expect(withPackCopy(card, copy)).toMatchObject({ latitude: -23.50004, longitude: -46.49996 });
    const full = rowFromRecord({
      ...openedBase,
      _id: id(4),
      id: id(4),
      nome: 'Pessoa Teste4',
      chapa: '504',
      cemiterio: A.nome,
    });
    expect(withPackCopy(full, copy)).toMatchObject({ latitude: null, longitude: null });
  });

  it('searches the packs and the records opened online as one register', async () => {
    await run(fakeServer(), { withThumbs: false });
    // Opened online: one of the pack's cemetery (counted once) and one of a cemetery not held.
    const base = openedBase;
    await db.sepultados.bulkPut([
      rowFromRecord({
        ...base,
        _id: id(4),
        id: id(4),
        nome: 'Pessoa Teste4',
        chapa: '504',
        cemiterio: A.nome,
      }),
      rowFromRecord({
        ...base,
        _id: id(900),
        id: id(900),
        nome: 'Pessoa Visitada',
        chapa: '900',
        cemiterio: 'Cemitério do Carmo',
      }),
    ]);
    const all = await searchDevice(db, parseQuery('pessoa'), 50);
    expect(all.total).toBe(21);
    expect(all.cards.filter((c) => c.id === id(4))).toHaveLength(1);
    expect(all.cards.find((c) => c.id === id(900))?.cemiterio).toBe('Cemitério do Carmo');
    // A typo: the same pass as the server's when nothing matches exactly.
    const typo = await searchDevice(db, parseQuery('visiatda'), 5);
    expect(typo.fuzzy).toBe(true);
    expect(typo.cards.map((c) => c.id)).toEqual([id(900)]);
  });

  it('narrows to the chosen cemetery: its pack when held, else its rows opened online', async () => {
    const s = fakeServer();
    await run(s, { withThumbs: false });
    await run(s, { cemetery: B, total: 5, withThumbs: false });
    const C = { id: 'c'.repeat(24), nome: 'Cemitério do Carmo' };
    // The list the device kept (the rows name their cemetery, the choice is its id).
    await db.meta.put({ key: 'cemiterios', value: [A, B, C] });
    const opened = (n: number, nome: string, cemiterio: string) =>
      rowFromRecord({
        ...openedBase,
        _id: id(n),
        id: id(n),
        nome,
        chapa: String(n),
        cemiterio,
      });
    await db.sepultados.bulkPut([
      opened(4, 'Pessoa Teste4', A.nome),
      // Its name in other letters: the same cemetery (cemeteryNameKey).
      opened(900, 'Pessoa Visitada', 'cemiterio  do carmo'),
      opened(901, 'Joana Visitado', 'Cemitério Distante'),
    ]);
    const ids = (r: { cards: { id: string }[] }) => r.cards.map((c) => c.id).sort();
    const inA = await searchDevice(db, parseQuery('pessoa'), 50, A.id);
    expect(inA.total).toBe(20);
    expect(inA.cards.every((c) => c.cemiterio === A.nome)).toBe(true);
    const inB = await searchDevice(db, parseQuery('pessoa'), 50, B.id);
    expect(inB.total).toBe(5);
    expect(inB.cards.every((c) => c.cemiterio === B.nome)).toBe(true);
    // No pack of C: its rows opened online, and only those.
    const inC = await searchDevice(db, parseQuery('pessoa'), 50, C.id);
    expect(ids(inC)).toEqual([id(900)]);
    expect(inC.total).toBe(1);
    // The typo pass is decided within the cemetery, as the server does with ?cemiterio=:
    // "visitado" is exact elsewhere (901), a typo of C's "visitada".
    const typo = await searchDevice(db, parseQuery('visitado'), 8, C.id);
    expect(typo.fuzzy).toBe(true);
    expect(ids(typo)).toEqual([id(900)]);
    const everywhere = await searchDevice(db, parseQuery('visitado'), 8);
    expect([everywhere.fuzzy, ids(everywhere)]).toEqual([false, [id(901)]]);
    // A pack hit's typo stays in its pack too.
    expect(ids(await searchDevice(db, parseQuery('outra pesoa0'), 8, A.id))).toEqual([]);
    expect(ids(await searchDevice(db, parseQuery('outra pesoa0'), 8, B.id))).toEqual([id(101)]);
    // A cemetery the device cannot name finds nothing (as the server for an unknown id).
    expect((await searchDevice(db, parseQuery('pessoa'), 8, 'd'.repeat(24))).total).toBe(0);
    // Suggestions follow the same narrowing.
    const suggested = await suggestDevice(db, parseQuery('pessoa'), 8, B.id);
    expect(suggested.map((x) => x.cemiterio)).toEqual(Array(5).fill(B.nome));
  });
});

describe('dropping the whole-register pack', () => {
  it('drops the whole-register pack rows, keeping the records something on the device points at', async () => {
    const name = `upgrade-test-${Math.random()}`;
    const old = new Dexie(name);
    old.version(7).stores({
      session: 'key',
      sepultados:
        'id, *nameTokens, *locationKeys, rua, [rua+quadra+chapa], quadra, chapa, storedAt, dtFal, searchName, *namePairs',
      lists: 'key',
      meta: 'key',
      comentarios: 'id, [sepultadoId+cursor]',
      photos: 'path, kind, storedAt',
      outbox: 'id, state, sepultadoId, createdAt',
      packs: 'id',
      packPages: '[pack+first]',
      packIndex: '[pack+row]',
    });
    await old.open();
    const row = (n: number, images: string[] = []) => ({
      id: id(n),
      nome: `P${n}`,
      images,
      full: true,
    });
    await old
      .table('sepultados')
      .bulkPut([row(1), row(2), row(3), row(4), row(5, ['v.webp']), row(6)]);
    await old.table('meta').bulkPut([
      { key: 'sync.cursor', value: '1.2' },
      { key: 'sync.updatedAt', value: 1 },
      { key: 'pack.state', value: { phase: 'done' } },
      { key: 'sync.mine.u1', value: { userId: 'u1', all: false, ids: [id(4)] } },
    ]);
    await old.table('outbox').put({ id: 'o1', state: 'pending', sepultadoId: id(1), createdAt: 1 });
    await old.table('lists').put({ key: 'home', ids: [id(2)], storedAt: 1 });
    await old.table('comentarios').put({ id: 'c1', sepultadoId: id(3), cursor: 'x' });
    await old.table('photos').bulkPut([
      { path: 'sepultados/v.webp', kind: 'viewed', bytes: 1, storedAt: 1 },
      { path: 'sepultados/t.webp', kind: 'pack', bytes: 1, storedAt: 1 },
    ]);
    old.close();

    const db = new MemorialDb(name);
    await db.open();
    expect(await dropWholeRegisterPack(db)).toBe(true);
    // Once: nothing left to drop.
    expect(await dropWholeRegisterPack(db)).toBe(false);
    expect((await db.sepultados.toCollection().primaryKeys()).sort()).toEqual(
      [1, 2, 3, 4, 5].map(id),
    );
    expect(await db.meta.get('sync.cursor')).toBeUndefined();
    expect(await db.meta.get('pack.state')).toBeUndefined();
    expect(await db.meta.get('sync.mine.u1')).toBeDefined();
    expect(await db.photos.toCollection().primaryKeys()).toEqual(['sepultados/v.webp']);
    await db.delete();
    expect(DB_NAME).toBe('memorial');
  });
});
