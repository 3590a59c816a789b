/**
 * What the pack screen shows, read live from Dexie (each cemetery's progress and its pack's
 * "Atualizado em"), plus the server's sizes per cemetery (GET /api/sync/info?cemiterio=) and the
 * browser's storage estimate, and the actions: download, resume, cancel, remove one pack,
 * update every pack now.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useState, useSyncExternalStore } from 'react';
import type { SyncInfo } from '../../domain/sync-types';
import { useLoad } from '../../lib/use-load';
import { request } from '../api';
import { db } from '../db';
import { type DeltaOutcome, deltaSync } from '../sync/auto-sync';
import { SYNC_MSG } from '../sync-errors';
import {
  cancelPack,
  deletePack,
  packRunning,
  runPack,
  subscribePackRunning,
} from './pack-download';
import { type PackState, readPacks } from './pack-state';

interface StorageUse {
  usage: number;
  quota: number;
}

/** One cemetery's pack as the screen shows it. */
export interface PackSlot {
  state: PackState | undefined;
  /** A complete copy exists (its walk reached the end once): delta sync keeps it current. */
  hasPack: boolean;
  updatedAt: number | undefined;
  /** Records the pack holds now. */
  records: number;
}

export interface PacksView {
  /** Per cemetery id; undefined while Dexie has not answered. */
  slots: Map<string, PackSlot> | undefined;
  storage: StorageUse | null;
  /** The cemetery whose download runs in this page now. */
  running: string | null;
  updating: boolean;
  /** pt-BR outcome of the last "Atualizar agora" that did not bring the copies up to date. */
  updateNote: string | null;
  start: (
    cemetery: { id: string; nome: string },
    total: number,
    withThumbs: boolean,
    resume: boolean,
  ) => void;
  cancel: () => void;
  remove: (id: string) => void;
  updateNow: () => void;
}

async function estimate(): Promise<StorageUse | null> {
  if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return null;
  const { usage = 0, quota = 0 } = await navigator.storage.estimate();
  return { usage, quota };
}

function updateText(outcome: DeltaOutcome): string | null {
  if (outcome === 'offline') return SYNC_MSG.offline;
  if (outcome === 'quota') return SYNC_MSG.quota;
  if (outcome === 'failed') return SYNC_MSG.failed;
  return null;
}

async function readSlots(): Promise<Map<string, PackSlot>> {
  const [states, metas] = await Promise.all([readPacks(db), db.packs.toArray()]);
  const slots = new Map<string, PackSlot>();
  for (const meta of metas) {
    slots.set(meta.id, {
      state: undefined,
      hasPack: meta.updatedAt !== undefined,
      updatedAt: meta.updatedAt,
      records: meta.records,
    });
  }
  for (const state of states) {
    const slot = slots.get(state.id);
    slots.set(
      state.id,
      slot
        ? { ...slot, state }
        : { state, hasPack: false, updatedAt: undefined, records: state.records },
    );
  }
  return slots;
}

/** The sizes of one cemetery's pack before it starts; 'unavailable' without signal. */
export function usePackInfo(cemiterio: string): SyncInfo | null | 'unavailable' {
  const sizes = useLoad(
    () =>
      request<SyncInfo>(`sync/info?cemiterio=${encodeURIComponent(cemiterio)}`, {
        fallback: 'indisponível',
      }),
    [cemiterio],
  );
  if (sizes.state.phase === 'done') return sizes.state.value;
  return sizes.state.phase === 'failed' ? 'unavailable' : null;
}

export function usePacks(): PacksView {
  const slots = useLiveQuery(readSlots, []);
  const running = useSyncExternalStore(subscribePackRunning, packRunning);
  const [updating, setUpdating] = useState(false);
  const [updateNote, setUpdateNote] = useState<string | null>(null);

  // The estimate follows the progress (a cheap call), so the space shown grows with the packs.
  const progressKey = [...(slots?.values() ?? [])]
    .map((s) => `${s.records}-${s.state?.records}-${s.state?.thumbsDone}-${s.updatedAt}`)
    .join(',');
  const estimated = useLoad(estimate, [progressKey]).state;
  const storage =
    estimated.phase === 'done'
      ? estimated.value
      : estimated.phase === 'loading'
        ? (estimated.last ?? null)
        : null;

  const start = useCallback<PacksView['start']>((cemetery, total, withThumbs, resume) => {
    if (packRunning()) return;
    // Never rejects for a stop (the state says why); anything else is a bug to surface.
    void runPack(db, { cemetery, total, withThumbs, resume });
  }, []);

  const remove = useCallback((id: string) => {
    void deletePack(db, id);
  }, []);

  const updateNow = useCallback(() => {
    setUpdating(true);
    setUpdateNote(null);
    void deltaSync(db, { force: true })
      .then((outcome) => setUpdateNote(updateText(outcome)))
      .catch(() => setUpdateNote(SYNC_MSG.failed))
      .finally(() => setUpdating(false));
  }, []);

  return {
    slots,
    storage,
    running,
    updating,
    updateNote,
    start,
    cancel: cancelPack,
    remove,
    updateNow,
  };
}
