/**
 * What the pack screen shows, read live from Dexie (progress, cursor, "Atualizado em") plus the
 * server's sizes (GET /api/sync/info) and the browser's storage estimate, and the actions.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useState, useSyncExternalStore } from 'react';
import type { SyncInfo } from '../../domain/sync-types';
import { useLoad } from '../../lib/use-load';
import { request } from '../api';
import { db } from '../db';
import { type DeltaOutcome, deltaSync } from '../sync/auto-sync';
import { SYNC_MSG } from '../sync/sync-errors';
import { META, readMeta } from '../sync/sync-meta';
import { cancelPack, packRunning, runPack, subscribePackRunning } from './pack-download';
import type { PackState } from './pack-state';

interface StorageUse {
  usage: number;
  quota: number;
}

export interface PackView {
  state: PackState | undefined;
  /** A pack exists (a cursor is stored): delta sync keeps it current. */
  hasPack: boolean;
  updatedAt: number | undefined;
  info: SyncInfo | null | 'unavailable';
  storage: StorageUse | null;
  /** The download runs in this page now (else a stored "records"/"thumbs" phase was cut). */
  running: boolean;
  updating: boolean;
  /** pt-BR outcome of the last "Atualizar agora" that did not bring the copy up to date. */
  updateNote: string | null;
  start: (withThumbs: boolean, resume: boolean) => void;
  cancel: () => void;
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

export function usePack(): PackView {
  const live = useLiveQuery(async () => {
    const [state, cursor, updatedAt] = await Promise.all([
      readMeta<PackState>(db, META.pack),
      readMeta<string>(db, META.cursor),
      readMeta<number>(db, META.updatedAt),
    ]);
    return { state, hasPack: Boolean(cursor), updatedAt };
  }, []);
  const sizes = useLoad(() => request<SyncInfo>('sync/info', { fallback: 'indisponível' }), []);
  const info: PackView['info'] =
    sizes.state.phase === 'done'
      ? sizes.state.value
      : sizes.state.phase === 'failed'
        ? 'unavailable'
        : null;
  const running = useSyncExternalStore(subscribePackRunning, packRunning);
  const [updating, setUpdating] = useState(false);
  const [updateNote, setUpdateNote] = useState<string | null>(null);

  // The estimate follows the progress (a cheap call), so the space shown grows with the pack.
  const progressKey = `${live?.state?.records}-${live?.state?.thumbsDone}-${live?.updatedAt}`;
  const estimated = useLoad(estimate, [progressKey]).state;
  const storage =
    estimated.phase === 'done'
      ? estimated.value
      : estimated.phase === 'loading'
        ? (estimated.last ?? null)
        : null;

  const start = useCallback(
    (withThumbs: boolean, resume: boolean) => {
      if (packRunning()) return;
      const total = info && info !== 'unavailable' ? info.records : 0;
      // Never rejects for a stop (the state says why); anything else is a bug to surface.
      void runPack(db, { total, withThumbs, resume });
    },
    [info],
  );

  const updateNow = useCallback(() => {
    setUpdating(true);
    setUpdateNote(null);
    void deltaSync(db, { force: true })
      .then((outcome) => setUpdateNote(updateText(outcome)))
      .catch(() => setUpdateNote(SYNC_MSG.failed))
      .finally(() => setUpdating(false));
  }, []);

  return {
    state: live?.state,
    hasPack: live?.hasPack ?? false,
    updatedAt: live?.updatedAt,
    info,
    storage,
    running,
    updating,
    updateNote,
    start,
    cancel: cancelPack,
    updateNow,
  };
}
