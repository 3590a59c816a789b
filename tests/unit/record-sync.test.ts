/**
 * The record sync engine over fake-indexeddb: pages applied whole (rows, deletions,
 * cursor), a reset replacing the copy, resuming after an interruption exactly where it stopped,
 * never two syncs at once, and a full device leaving a working partial copy.
 */
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemorialDb } from '../../src/data/db';
import { searchOffline } from '../../src/data/search/offline-search';
import { deltaSync, onDeltaSynced, resetDeltaThrottle } from '../../src/data/sync/auto-sync';
import { applyPage, type PageFetcher, syncRecords } from '../../src/data/sync/record-sync';
import { isQuotaError, SyncStopped } from '../../src/data/sync/sync-errors';
import { withSyncLock } from '../../src/data/sync/sync-lock';
import { META, readCursor, readUpdatedAt } from '../../src/data/sync/sync-meta';
import { parseQuery } from '../../src/domain/search-query';
import type { SyncAnswer, SyncRecord } from '../../src/domain/sync-types';

const id = (n: number) => n.toString(16).padStart(24, '0');

function rec(n: number, over: Partial<SyncRecord> = {}): SyncRecord {
  return {
    _id: id(n),
    id: id(n),
    nome: `Pessoa Numero${n}`,
    idade: 80,
    dtNasc: null,
    dtFal: '2020-01-01',
    nacionalidade: null,
    mae: null,
    pai: null,
    cemiterio: null,
    rua: 'Rua das Flores',
    quadra: String(n % 7),
    chapa: String(1000 + n),
    epitafio: null,
    tipoSepultura: null,
    latitude: null,
    longitude: null,
    images: [],
    thumbs: [],
    version: 1,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...over,
  };
}

const page = (over: Partial<SyncAnswer>): SyncAnswer => ({
  changed: [],
  deleted: [],
  cursor: '1.1.1',
  hasMore: false,
  reset: false,
  ...over,
});

/** A fake server: `records` 1..n in pages of `limit`; the cursor is the index reached. */
function server(n: number, extra: { failAt?: number } = {}) {
  const calls: (string | undefined)[] = [];
  const fetchPage: PageFetcher = async (since, limit) => {
    calls.push(since);
    const from = since ? Number(since.split('.')[2]) : 0;
    if (extra.failAt !== undefined && from >= extra.failAt) {
      throw new (await import('../../src/data/failure')).ApiFailure(0, 'offline');
    }
    const to = Math.min(n, from + limit);
    const changed = Array.from({ length: to - from }, (_, i) => rec(from + i + 1));
    return {
      answer: page({ changed, cursor: `1.1.${to}`, hasMore: to < n }),
      bytes: 100 * changed.length,
    };
  };
  return { fetchPage, calls };
}

describe('record sync engine', () => {
  let db: MemorialDb;
  beforeEach(() => {
    db = new MemorialDb(`sync-test-${Math.random()}`);
    resetDeltaThrottle();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await db.delete();
  });

  it('walks every page into Dexie with search fields, and stores cursor and time', async () => {
    const s = server(25);
    const progress: number[] = [];
    const result = await syncRecords(db, {
      fetchPage: s.fetchPage,
      limit: 10,
      onPage: (p) => {
        progress.push(p.records);
      },
    });
    expect(result).toMatchObject({ pages: 3, records: 25, bytes: 2500 });
    expect(progress).toEqual([10, 10, 5]);
    expect(s.calls).toEqual([undefined, '1.1.10', '1.1.20']);
    expect(await db.sepultados.count()).toBe(25);
    expect(await readCursor(db)).toBe('1.1.25');
    expect(await readUpdatedAt(db)).toEqual(expect.any(Number));
    const row = await db.sepultados.get(id(7));
    expect(row).toMatchObject({ full: true, nome: 'Pessoa Numero7', chapa: '1007' });
    const found = await searchOffline(db, parseQuery('placa 1007'), 10);
    expect(found.cards.map((c) => c.id)).toEqual([id(7)]);
  });

  it('deletes rows and their list entries in the same page; unknown ids are harmless', async () => {
    await applyPage(db, page({ changed: [rec(1), rec(2), rec(3)], cursor: '1.1.3' }));
    await db.lists.put({ key: 'home', ids: [id(3), id(2), id(1)], storedAt: 1 });
    await applyPage(db, page({ deleted: [id(2), id(99)], cursor: '1.1.4' }));
    expect(await db.sepultados.get(id(2))).toBeUndefined();
    expect((await db.lists.get('home'))?.ids).toEqual([id(3), id(1)]);
    expect(await readCursor(db)).toBe('1.1.4');
  });

  it('keeps a newer version a detail page stored over an older page', async () => {
    await applyPage(db, page({ changed: [rec(1, { version: 3, nome: 'Nome Novo' })] }));
    await applyPage(db, page({ changed: [rec(1, { version: 2, nome: 'Nome Velho' })] }));
    expect((await db.sepultados.get(id(1)))?.nome).toBe('Nome Novo');
  });

  it('reset: replaces the copy at the end of the walk, even across an interruption', async () => {
    await applyPage(db, page({ changed: [rec(1), rec(2), rec(3)], cursor: '1.1.3' }), 1000);
    await db.lists.put({ key: 'home', ids: [id(1), id(2), id(3)], storedAt: 1 });
    // The restored server walks again from the start: 1 and 3 exist, 2 does not.
    await applyPage(
      db,
      page({ changed: [rec(1)], cursor: '2.1.1', hasMore: true, reset: true }),
      2000,
    );
    // Interrupted here: nothing is swept yet, the partial copy still answers.
    expect(await db.sepultados.count()).toBe(3);
    expect(await db.meta.get(META.sweep)).toBeDefined();
    await applyPage(db, page({ changed: [rec(3)], cursor: '2.1.2' }), 3000);
    expect((await db.sepultados.toCollection().primaryKeys()).sort()).toEqual([id(1), id(3)]);
    expect((await db.lists.get('home'))?.ids).toEqual([id(1), id(3)]);
    expect(await db.meta.get(META.sweep)).toBeUndefined();
  });

  it('resumes after an interruption from the last stored page, asking nothing twice', async () => {
    const broken = server(30, { failAt: 20 });
    const stop = await syncRecords(db, { fetchPage: broken.fetchPage, limit: 10 }).catch(
      (e: unknown) => e,
    );
    expect(stop).toBeInstanceOf(SyncStopped);
    expect((stop as SyncStopped).reason).toBe('offline');
    expect(await db.sepultados.count()).toBe(20);
    expect(await readUpdatedAt(db)).toBeUndefined();

    const healthy = server(30);
    await syncRecords(db, { fetchPage: healthy.fetchPage, limit: 10 });
    expect(healthy.calls).toEqual(['1.1.20']);
    expect(await db.sepultados.count()).toBe(30);
  });

  it('cancel stops between pages and keeps what was stored', async () => {
    const controller = new AbortController();
    const s = server(30);
    const stop = await syncRecords(db, {
      fetchPage: s.fetchPage,
      limit: 10,
      signal: controller.signal,
      onPage: () => controller.abort(),
    }).catch((e: unknown) => e);
    expect((stop as SyncStopped).reason).toBe('cancelled');
    expect(await db.sepultados.count()).toBe(10);
    expect(await readCursor(db)).toBe('1.1.10');
  });

  it('never runs two syncs at once: the second is skipped or waits its turn', async () => {
    let release: () => void = () => undefined;
    const first = withSyncLock(() => new Promise<string>((r) => (release = () => r('first'))));
    expect(await withSyncLock(async () => 'second')).toEqual({ ran: false });
    const queued = withSyncLock(async () => 'third', { wait: true });
    release();
    expect(await first).toEqual({ ran: true, value: 'first' });
    expect(await queued).toEqual({ ran: true, value: 'third' });
  });

  it('delta sync runs only once a pack exists, and at most once per 30 s', async () => {
    expect(await deltaSync(db, { now: 1_000_000 })).toBe('no-pack');
    // A first download stopped half-way is not a pack yet: no silent resume.
    await applyPage(db, page({ changed: [rec(1)], cursor: '1.1.1', hasMore: true }));
    expect(await deltaSync(db, { now: 1_500_000 })).toBe('no-pack');
    await applyPage(db, page({ changed: [rec(1)], cursor: '1.1.1' }));
    // No signal: one attempt, then quiet for 30 s; the next occasion brings what changed.
    const { ApiFailure } = await import('../../src/data/failure');
    const offline: PageFetcher = vi.fn(() => Promise.reject(new ApiFailure(0, 'offline')));
    expect(await deltaSync(db, { now: 2_000_000, fetchPage: offline })).toBe('offline');
    expect(await deltaSync(db, { now: 2_010_000, fetchPage: offline })).toBe('throttled');
    expect(offline).toHaveBeenCalledTimes(1);
    const back = vi.fn(async (since: string | undefined) => ({
      answer: page({ changed: [rec(2)], cursor: '1.1.2' }),
      bytes: 50,
      since,
    }));
    // What else the pack keeps current (the plan) runs after a sync that reached the server,
    // not after one that found no signal.
    const extra = vi.fn(async () => undefined);
    const stop = onDeltaSynced(extra);
    expect(await deltaSync(db, { now: 2_031_000, fetchPage: back })).toBe('done');
    expect(extra).toHaveBeenCalledTimes(1);
    expect(await deltaSync(db, { now: 2_070_000, fetchPage: offline })).toBe('offline');
    expect(extra).toHaveBeenCalledTimes(1);
    stop();
    expect(back).toHaveBeenCalledWith('1.1.1', expect.any(Number), undefined);
    expect(await db.sepultados.count()).toBe(2);
  });

  it('a full device stops cleanly: earlier pages stay searchable, the cursor stays put', async () => {
    const s = server(30);
    const real = db.sepultados.bulkPut.bind(db.sepultados);
    let calls = 0;
    vi.spyOn(db.sepultados, 'bulkPut').mockImplementation((...args) => {
      calls += 1;
      if (calls === 2) return Dexie.Promise.reject(new DOMException('cheio', 'QuotaExceededError'));
      return real(...(args as Parameters<typeof real>));
    });
    const stop = await syncRecords(db, { fetchPage: s.fetchPage, limit: 10 }).catch(
      (e: unknown) => e,
    );
    expect((stop as SyncStopped).reason).toBe('quota');
    expect((stop as SyncStopped).message).toMatch(/^Sem espaço no aparelho/);
    expect(await db.sepultados.count()).toBe(10);
    expect(await readCursor(db)).toBe('1.1.10');
    const found = await searchOffline(db, parseQuery('placa 1003'), 10);
    expect(found.cards.map((c) => c.id)).toEqual([id(3)]);
  });

  it('recognises the quota error bare and wrapped by Dexie', () => {
    expect(isQuotaError(new DOMException('x', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: { name: 'QuotaExceededError' } })).toBe(true);
    expect(isQuotaError({ name: 'AbortError', inner: null })).toBe(false);
    expect(isQuotaError(new Error('x'))).toBe(false);
  });
});
