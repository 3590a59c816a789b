/**
 * A visit pack's progress, one per cemetery, kept in Dexie `meta` under `pack.state.<id>` (so
 * "Continuar download" survives a reload and another tab sees it) — written after each page or
 * photo batch, never inside the pack's page transaction (its cursor, src/data/pack-store, is what
 * resuming relies on; this is only what to show).
 */
import type { MemorialDb } from '../db';
import type { SyncStopReason } from '../sync-errors';

/** records: pages coming; index: the search index being built; thumbs: the photos. */
export type PackPhase = 'records' | 'index' | 'thumbs' | 'done' | 'stopped';

export interface PackState {
  /** The cemetery's id (the pack's id in src/data/pack-store). */
  id: string;
  /** Its name, said on the screen and on each offline hit. */
  nome: string;
  phase: PackPhase;
  withThumbs: boolean;
  /** Records the server had when the pack started (GET /api/sync/info?cemiterio=). */
  total: number;
  records: number;
  bytes: number;
  thumbsTotal: number;
  thumbsDone: number;
  thumbBytes: number;
  /** Where the records' time went (ms), for the bench and for support. */
  timing?: { fetchMs: number; applyMs: number; indexMs?: number; thumbsMs?: number };
  /** navigator.storage.persist()'s answer; null when the browser cannot say. */
  persisted: boolean | null;
  /** Where it stopped: the phase to resume and why (pt-BR message). */
  stopped?: { at: 'records' | 'thumbs'; reason: SyncStopReason; message: string };
}

const PREFIX = 'pack.state.';
const keyOf = (id: string) => `${PREFIX}${id}`;

export function freshPack(
  cemetery: { id: string; nome: string },
  total: number,
  withThumbs: boolean,
): PackState {
  return {
    id: cemetery.id,
    nome: cemetery.nome,
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

export async function readPack(db: MemorialDb, id: string): Promise<PackState | undefined> {
  return (await db.meta.get(keyOf(id)))?.value as PackState | undefined;
}

/** Every pack's state on the device (downloaded, cut short or under way). */
export async function readPacks(db: MemorialDb): Promise<PackState[]> {
  const rows = await db.meta.where('key').between(PREFIX, `${PREFIX}\uffff`).toArray();
  return rows.map((r) => r.value as PackState);
}

export async function savePack(db: MemorialDb, state: PackState): Promise<void> {
  await db.meta.put({ key: keyOf(state.id), value: state });
}

export async function forgetPack(db: MemorialDb, id: string): Promise<void> {
  await db.meta.delete(keyOf(id));
}
