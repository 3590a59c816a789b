/**
 * A cemetery's visit pack, start to end: persistent storage asked, the pack's compact pages
 * walked from its cursor (src/data/pack-store/pack-walk.ts: each page stored with the cursor,
 * then the search index built), the person's editable records (mine-sync.ts), then the
 * thumbnails, then the extras other features register (pack-extras.ts). Progress goes to `meta`
 * after every step (pack-state.ts), so a reload shows where it stopped and "Continuar download"
 * picks up there: the records from the stored cursor, the photos by skipping those stored. One
 * download at a time per page; the sync lock keeps it from racing a delta sync in any tab.
 * Several cemeteries may be held; removing one frees its pages, index and thumbnails.
 */

import type { MemorialDb } from '../db';
import { fetchPackPage } from '../pack-store/pack-fetch';
import { type PackFetcher, removePack, walkPack } from '../pack-store/pack-walk';
import { syncPersonal } from '../sync/personal-sync';
import { withSyncLock } from '../sync/sync-lock';
import { SyncStopped, toSyncStopped } from '../sync-errors';
import { packExtras } from './pack-extras';
import { forgetPack, freshPack, type PackState, readPack, savePack } from './pack-state';
import { downloadThumbs, packThumbPaths } from './pack-thumbs';

let running: { id: string; controller: AbortController } | null = null;
const listeners = new Set<() => void>();

function setRunning(value: typeof running) {
  running = value;
  for (const listener of listeners) listener();
}

/** The cemetery whose pack downloads in this page now, or null. */
export const packRunning = () => running?.id ?? null;

/** For useSyncExternalStore: the screen follows a pack started before it mounted. */
export function subscribePackRunning(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Cancelar: stops after the page or photo in flight; what is stored stays. */
export function cancelPack(): void {
  running?.controller.abort();
}

async function askPersist(): Promise<boolean | null> {
  if (typeof navigator === 'undefined' || !navigator.storage?.persist) return null;
  try {
    return (await navigator.storage.persisted()) || (await navigator.storage.persist());
  } catch {
    return null;
  }
}

async function records(
  db: MemorialDb,
  state: PackState,
  signal: AbortSignal,
  fetchPage: PackFetcher,
) {
  const locked = await withSyncLock(
    () =>
      walkPack(db, state.id, {
        nome: state.nome,
        fetchPage,
        signal,
        onPage: async (p) => {
          state.records += p.records;
          state.bytes += p.bytes;
          const t = state.timing ?? { fetchMs: 0, applyMs: 0 };
          state.timing = { ...t, fetchMs: t.fetchMs + p.fetchMs, applyMs: t.applyMs + p.applyMs };
          // The last page is in: what remains is building the search (said as such).
          if (state.records >= state.total) state.phase = 'index';
          await savePack(db, state);
        },
      }),
    { wait: true },
  );
  if (!locked.ran) throw new SyncStopped('failed', 'Outra atualização está em andamento.');
  const meta = await db.packs.get(state.id);
  // What the pack holds now (the estimate was the server's count when it started).
  if (meta) state.records = meta.records;
  state.total = state.records;
  if (state.timing) state.timing = { ...state.timing, indexMs: locked.value.indexMs };
  // The person's editable records and the crew's day come with the pack (the public walk
  // never carries them).
  await syncPersonal(db);
}

async function thumbs(db: MemorialDb, state: PackState, signal: AbortSignal) {
  const started = performance.now();
  await downloadThumbs(db, state.id, {
    signal,
    onProgress: async (p) => {
      state.thumbsTotal = p.total;
      state.thumbsDone = p.done;
      state.thumbBytes = p.bytes;
      const t = state.timing ?? { fetchMs: 0, applyMs: 0 };
      state.timing = { ...t, thumbsMs: performance.now() - started };
      await savePack(db, state);
    },
  });
}

/**
 * Starts a cemetery's pack (`total` from GET /api/sync/info?cemiterio=) or resumes its stored
 * one (`resume`). Resolves with the final state; never throws for a stop (quota, offline,
 * cancel): the state says so.
 */
export async function runPack(
  db: MemorialDb,
  options: {
    cemetery: { id: string; nome: string };
    total: number;
    withThumbs: boolean;
    resume: boolean;
    fetchPage?: PackFetcher;
  },
): Promise<PackState> {
  if (running) throw new Error('pack already running');
  const controller = new AbortController();
  const { cemetery } = options;
  setRunning({ id: cemetery.id, controller });
  const held = options.resume ? await readPack(db, cemetery.id).catch(() => undefined) : undefined;
  const state: PackState = held ?? freshPack(cemetery, options.total, options.withThumbs);
  const from = state.stopped?.at ?? (state.phase === 'thumbs' ? 'thumbs' : 'records');
  state.withThumbs = options.withThumbs;
  state.nome = cemetery.nome;
  if (options.total > 0) state.total = options.total;
  delete state.stopped;
  try {
    state.persisted = (await askPersist()) ?? state.persisted;
    if (from === 'records') {
      state.phase = 'records';
      await savePack(db, state);
      await records(db, state, controller.signal, options.fetchPage ?? fetchPackPage);
    }
    if (state.withThumbs) {
      state.phase = 'thumbs';
      await savePack(db, state);
      await thumbs(db, state, controller.signal);
    }
    for (const extra of packExtras) await extra.run(controller.signal);
    state.phase = 'done';
  } catch (err) {
    const stop = toSyncStopped(err, controller.signal);
    state.stopped = {
      at: state.phase === 'thumbs' ? 'thumbs' : 'records',
      reason: stop.reason,
      message: stop.message,
    };
    state.phase = 'stopped';
  } finally {
    setRunning(null);
  }
  // The outcome is written even when the device is full (one small row, or nothing to lose).
  await savePack(db, state).catch(() => undefined);
  return state;
}

/**
 * Removes a cemetery's pack to free space: its pages and index, its thumbnails (a record is in
 * one cemetery, so no other pack shares them), its plan and its progress. Records opened online
 * stay.
 */
export async function deletePack(db: MemorialDb, id: string): Promise<void> {
  if (running?.id === id) throw new Error('pack running');
  const thumbPaths = await packThumbPaths(db, id);
  await withSyncLock(
    async () => {
      await removePack(db, id);
      await db.photos
        .where('path')
        .anyOf(thumbPaths)
        .and((p) => p.kind === 'pack')
        .delete();
      await forgetPack(db, id);
      // Its plan too; a failure there leaves only an image behind. Loaded here only: a static
      // import made plan-offline.ts shared by four pages, and so part of every page's load.
      await import('../plan/plan-offline')
        .then(({ forgetPlan }) => forgetPlan(db, id))
        .catch(() => undefined);
    },
    { wait: true },
  );
}
