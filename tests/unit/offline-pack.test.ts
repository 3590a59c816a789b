/**
 * The visit pack's run over fake-indexeddb: records then thumbnails with progress
 * kept in meta; a full device during the photos stops with the pt-BR message and keeps the
 * records searchable; "Continuar download" finishes the photos without asking for the records
 * again nor fetching a stored photo twice; Cancelar leaves a resumable state.
 */
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemorialDb } from '../../src/data/db';
import { cancelPack, runPack } from '../../src/data/pack/pack-download';
import { type PackExtra, packExtras } from '../../src/data/pack/pack-extras';
import type { PageFetcher } from '../../src/data/sync/record-sync';
import { readCursor } from '../../src/data/sync/sync-meta';
import { parseQuery } from '../../src/domain/search-query';
import type { SyncRecord } from '../../src/domain/sync-types';

let builtInExtras: PackExtra[] | undefined;

import { readPack } from '../../src/data/pack/pack-state';
import { searchOffline } from '../../src/data/search/offline-search';

const id = (n: number) => n.toString(16).padStart(24, '0');
const img = (n: number, t = false) => `${n.toString(16).padStart(32, 'a')}${t ? '-t' : ''}.webp`;

function rec(n: number): SyncRecord {
  const photo = n % 2 === 0;
  return {
    _id: id(n),
    id: id(n),
    nome: `Pessoa Teste${n}`,
    idade: null,
    dtNasc: null,
    dtFal: '2020-01-01',
    nacionalidade: null,
    mae: null,
    pai: null,
    cemiterio: null,
    rua: 'Rua A',
    quadra: '1',
    chapa: String(500 + n),
    epitafio: null,
    tipoSepultura: null,
    latitude: null,
    longitude: null,
    images: photo ? [img(n)] : [],
    thumbs: photo ? [img(n, true)] : [],
    version: 1,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
  };
}

/** 20 records (10 with a photo) in pages of 2000: one page. */
function fakeServer() {
  const calls: (string | undefined)[] = [];
  const fetchPage: PageFetcher = async (since) => {
    calls.push(since);
    const changed = since ? [] : Array.from({ length: 20 }, (_, i) => rec(i + 1));
    return {
      answer: { changed, deleted: [], cursor: '1.1.20', hasMore: false, reset: false },
      bytes: 1234,
    };
  };
  return { fetchPage, calls };
}

describe('visit pack run', () => {
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

  it('brings the cemetery plan, then the map and emoji code, after the records', () => {
    expect(builtInExtras?.map((e) => e.label)).toEqual(['Planta do cemitério', 'Mapa e emojis']);
  });

  it('stores records then thumbnails, with progress in meta, then runs the extras', async () => {
    const s = fakeServer();
    const extra = vi.fn(async () => undefined);
    packExtras.push({ label: 'Planta', run: extra });
    const state = await runPack(db, { total: 20, withThumbs: true, resume: false, ...s });
    expect(state).toMatchObject({
      phase: 'done',
      total: 20,
      records: 20,
      bytes: 1234,
      thumbsTotal: 10,
      thumbsDone: 10,
      thumbBytes: 1000,
    });
    expect(await readPack(db)).toEqual(state);
    expect(await db.photos.where('kind').equals('pack').count()).toBe(10);
    expect(photoRequests).toHaveLength(10);
    expect(photoRequests[0]).toMatch(/\/images\/sepultados\/[0-9a-f]{32}-t\.webp$/);
    expect(extra).toHaveBeenCalledTimes(1);
  });

  it('thumbnails seen before the pack count in its bytes and are not fetched again', async () => {
    const s = fakeServer();
    // Two of the records' thumbnails were opened (and kept as "viewed") before the pack.
    await runPack(db, { total: 20, withThumbs: false, resume: false, ...s });
    const seen = (await db.sepultados.toArray())
      .flatMap((r) => r.thumbs ?? [])
      .slice(0, 2)
      .map((t) => `sepultados/${t}`);
    for (const path of seen) {
      await db.photos.put({
        path,
        blob: new Blob([new Uint8Array(300)]),
        kind: 'viewed',
        bytes: 300,
        storedAt: 1,
      });
    }
    photoRequests = [];
    const state = await runPack(db, { total: 20, withThumbs: true, resume: false, ...s });
    expect(state).toMatchObject({ phase: 'done', thumbsDone: 10, thumbBytes: 2 * 300 + 8 * 100 });
    expect(photoRequests).toHaveLength(8);
    expect(await db.photos.where('kind').equals('pack').count()).toBe(10);
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
    const stopped = await runPack(db, { total: 20, withThumbs: true, resume: false, ...s });
    expect(stopped.phase).toBe('stopped');
    expect(stopped.stopped).toMatchObject({ at: 'thumbs', reason: 'quota' });
    expect(stopped.stopped?.message).toMatch(/^Sem espaço no aparelho/);
    expect(await readCursor(db)).toBe('1.1.20');
    const found = await searchOffline(db, parseQuery('placa 507'), 5);
    expect(found.cards.map((c) => c.id)).toEqual([id(7)]);
    const kept = await db.photos.count();
    expect(kept).toBeGreaterThanOrEqual(3);

    vi.mocked(db.photos.put).mockRestore();
    photoRequests = [];
    const resumed = await runPack(db, { total: 20, withThumbs: true, resume: true, ...s });
    // The bytes count every thumbnail on the device, the ones from the stopped run too.
    expect(resumed).toMatchObject({
      phase: 'done',
      thumbsDone: 10,
      thumbsTotal: 10,
      thumbBytes: 1000,
    });
    expect(resumed.stopped).toBeUndefined();
    // The records were not asked for again (resumed at the thumbnails), no photo twice.
    expect(s.calls).toEqual([undefined]);
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
    const state = await runPack(db, { total: 20, withThumbs: true, resume: false, ...s });
    expect(state.phase).toBe('stopped');
    expect(state.stopped).toMatchObject({ at: 'thumbs', reason: 'cancelled' });
    expect(await db.sepultados.count()).toBe(20);
  });
});
