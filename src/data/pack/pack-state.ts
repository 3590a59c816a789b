/**
 * The visit pack's progress, kept in Dexie `meta` (so "Continuar download" survives a reload
 * and another tab sees it) — written after each page or photo batch, never inside the sync's
 * page transaction (the cursor there is what resuming relies on; this is only what to show).
 */
import type { MemorialDb } from '../db';
import type { SyncStopReason } from '../sync/sync-errors';
import { META, readMeta, writeMeta } from '../sync/sync-meta';

type PackPhase = 'records' | 'thumbs' | 'done' | 'stopped';

export interface PackState {
  phase: PackPhase;
  withThumbs: boolean;
  /** Records the server had when the pack started (GET /api/sync/info). */
  total: number;
  records: number;
  bytes: number;
  thumbsTotal: number;
  thumbsDone: number;
  thumbBytes: number;
  /** Where the records' time went (ms), for the bench and for support. */
  timing?: { fetchMs: number; applyMs: number; thumbsMs?: number };
  /** navigator.storage.persist()'s answer; null when the browser cannot say. */
  persisted: boolean | null;
  /** Where it stopped: the phase to resume and why (pt-BR message). */
  stopped?: { at: 'records' | 'thumbs'; reason: SyncStopReason; message: string };
}

export function freshPack(total: number, withThumbs: boolean): PackState {
  return {
    phase: 'records',
    withThumbs,
    total,
    records: 0,
    bytes: 0,
    thumbsTotal: 0,
    thumbsDone: 0,
    thumbBytes: 0,
    persisted: null,
  };
}

export const readPack = (db: MemorialDb) => readMeta<PackState>(db, META.pack);

export async function savePack(db: MemorialDb, state: PackState): Promise<void> {
  await writeMeta(db, META.pack, state);
}
