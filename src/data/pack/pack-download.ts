/**
 * The visit pack, start to end: persistent storage asked, the records walked by the
 * sync engine (pages of 2000, each stored with its cursor), then the thumbnails, then the
 * extras other features register (pack-extras.ts). Progress goes to `meta` after every step,
 * so a reload shows where it stopped and "Continuar download" picks up there: the records from
 * the stored cursor, the photos by skipping those stored. One pack at a time per page; the
 * sync lock keeps it from racing a delta sync in any tab.
 */

import type { MemorialDb } from '../db';
import { syncMine } from '../sync/mine-sync';
import { type PageFetcher, syncRecords } from '../sync/record-sync';
import { SyncStopped, toSyncStopped } from '../sync/sync-errors';
import { withSyncLock } from '../sync/sync-lock';
import { packExtras } from './pack-extras';
import { freshPack, type PackState, readPack, savePack } from './pack-state';
import { downloadThumbs } from './pack-thumbs';

let running: AbortController | null = null;
const listeners = new Set<() => void>();

function setRunning(value: AbortController | null) {
  running = value;
  for (const listener of listeners) listener();
}

export const packRunning = () => running !== null;

/** For useSyncExternalStore: the screen follows a pack started before it mounted. */
export function subscribePackRunning(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Cancelar: stops after the page or photo in flight; what is stored stays. */
export function cancelPack(): void {
  running?.abort();
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
  fetchPage: PageFetcher | undefined,
) {
  const locked = await withSyncLock(
    () =>
      syncRecords(db, {
        signal,
        ...(fetchPage ? { fetchPage } : {}),
        onPage: async (p) => {
          state.records += p.records;
          state.bytes += p.bytes;
          const t = state.timing ?? { fetchMs: 0, applyMs: 0 };
          state.timing = { ...t, fetchMs: t.fetchMs + p.fetchMs, applyMs: t.applyMs + p.applyMs };
          await savePack(db, state);
        },
      }),
    { wait: true },
  );
  if (!locked.ran) throw new SyncStopped('failed', 'Outra atualização está em andamento.');
  // The person's editable records come with the pack (the public walk never carries them).
  await syncMine(db);
}

async function thumbs(db: MemorialDb, state: PackState, signal: AbortSignal) {
  const started = performance.now();
  await downloadThumbs(db, {
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
 * Starts a pack (`total` from GET /api/sync/info) or resumes the stored one (`resume`).
 * Resolves with the final state; never throws for a stop (quota, offline, cancel): the state
 * says so.
 */
export async function runPack(
  db: MemorialDb,
  options: { total: number; withThumbs: boolean; resume: boolean; fetchPage?: PageFetcher },
): Promise<PackState> {
  if (running) throw new Error('pack already running');
  const controller = new AbortController();
  setRunning(controller);
  const held = options.resume ? await readPack(db).catch(() => undefined) : undefined;
  const state: PackState = held ?? freshPack(options.total, options.withThumbs);
  const from = state.stopped?.at ?? (state.phase === 'thumbs' ? 'thumbs' : 'records');
  state.withThumbs = options.withThumbs;
  if (options.total > 0) state.total = options.total;
  delete state.stopped;
  try {
    state.persisted = (await askPersist()) ?? state.persisted;
    if (from === 'records') {
      state.phase = 'records';
      await savePack(db, state);
      await records(db, state, controller.signal, options.fetchPage);
      state.records = Math.max(state.records, state.total);
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
