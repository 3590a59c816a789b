/**
 * Keeps the visit packs current: once a cemetery's pack is complete (its walk reached the end
 * once), a delta sync of each (src/data/pack-store/pack-walk.ts, the same walk from its cursor)
 * runs on app start, when the signal comes back (`online`) and when the visitor returns to the
 * tab — at most once per 30 s, never twice at once, and silently (a failure waits for the next
 * occasion). Without a finished pack nothing is asked: a visitor who never downloaded (or
 * cancelled the first download) pays nothing.
 */
import { db as defaultDb, type MemorialDb } from '../db';
import { fetchPackPage } from '../pack-store/pack-fetch';
import { type PackFetcher, walkPack } from '../pack-store/pack-walk';
import { SyncStopped } from '../sync-errors';
import { dropWholeRegisterPack } from './drop-old-pack';
import { syncPersonal } from './personal-sync';
import { withSyncLock } from './sync-lock';

const DELTA_MIN_INTERVAL_MS = 30_000;

let lastRun = 0;

export type DeltaOutcome = 'no-pack' | 'throttled' | 'busy' | 'done' | SyncStopped['reason'];

/** One delta sync if a pack exists and none ran in the last 30 s (`force` skips the wait). */
export async function deltaSync(
  database: MemorialDb = defaultDb,
  options: { force?: boolean; now?: number; fetchPage?: PackFetcher } = {},
): Promise<DeltaOutcome> {
  const outcome = await deltaRecords(database, options);
  if (outcome === 'done') await runAfterSync();
  return outcome;
}

/**
 * What else a pack keeps current with the same delta sync (e.g. the cemetery plan, whose
 * writer lives in a feature this layer may not import): registered once by the app, run
 * after each delta sync that reached the server; their failures wait for the next sync.
 */
const afterSync: (() => Promise<void>)[] = [];
export function onDeltaSynced(step: () => Promise<void>): () => void {
  afterSync.push(step);
  return () => {
    const i = afterSync.indexOf(step);
    if (i >= 0) afterSync.splice(i, 1);
  };
}
async function runAfterSync(): Promise<void> {
  for (const step of [...afterSync]) await step().catch(() => undefined);
}

async function deltaRecords(
  database: MemorialDb,
  options: { force?: boolean; now?: number; fetchPage?: PackFetcher },
): Promise<DeltaOutcome> {
  const now = options.now ?? Date.now();
  if (!options.force && now - lastRun < DELTA_MIN_INTERVAL_MS) return 'throttled';
  // A pack exists once a walk reached its end; a first download cancelled half-way is not
  // resumed behind the visitor's back (the pack screen offers "Continuar download").
  const packs = (await database.packs.toArray()).filter((p) => p.updatedAt !== undefined);
  if (packs.length === 0) return 'no-pack';
  lastRun = now;
  const fetchPage = options.fetchPage ?? fetchPackPage;
  try {
    const locked = await withSyncLock(async () => {
      for (const pack of packs) await walkPack(database, pack.id, { fetchPage });
    });
    if (locked.ran) await syncPersonal(database);
    return locked.ran ? 'done' : 'busy';
  } catch (err) {
    if (err instanceof SyncStopped) return err.reason;
    throw err;
  }
}

/** Test hook: forget the last run (the throttle is per page). */
export function resetDeltaThrottle(): void {
  lastRun = 0;
}

/** Wires the three occasions; returns the function that unwires them. */
export function startAutoSync(database: MemorialDb = defaultDb): () => void {
  // Once: the whole-register pack of older versions goes (drop-old-pack.ts).
  const cleared = dropWholeRegisterPack(database).catch(() => false);
  const run = () => {
    void cleared.then(() => deltaSync(database)).catch(() => undefined);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') run();
  };
  run();
  window.addEventListener('online', run);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('online', run);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
