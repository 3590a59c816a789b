/**
 * One burial record for the detail page (docs/engineering.md#data-flow): the stored row shows at once, the server
 * is asked on mount and when the session changes, and its answer lands in Dexie and from there
 * on the screen. Without signal, or when the server fails, the stored row stays (the page
 * labels it as the device's copy) and the server is asked again as soon as the signal returns,
 * so the label leaves with the server's copy. A 404 removes the row and says the server's "not
 * found" (an unknown or deleted record is not a failure to load); every other failure says
 * "Erro ao carregar sepultado." (spec §8). A busy server (503) is asked again at its
 * Retry-After (busy-retry.ts).
 */
import { useEffect, useMemo } from 'react';
import { SEP_MSG } from '../../domain/burial-messages';
import { TEXT } from '../../lib/texts/burial-texts';
import { type LoadState, useLoad } from '../../lib/use-load';
import { useRetryWhenBusy } from '../busy-retry';
import type { LocalBurial } from '../db';
import { useDeviceQuery } from '../device/use-device-query';
import { ApiFailure } from '../failure';
import { rowFromRecord } from '../local-rows';
import { readMine } from '../mine-local';
import { usePublicData } from '../public-data/public-data';
import { useSession } from '../session/session';
import { fetchBurial } from './burial-calls';

type FetchState =
  | { phase: 'fetching' }
  | { phase: 'done' }
  | { phase: 'notFound'; message: string }
  /** busyUntil: the server shed the read (503); asked again then (ms epoch). */
  | { phase: 'failed'; offline: boolean; busyUntil: number | null };

interface BurialView {
  /** undefined: the device has not answered yet; null: not stored on this device. */
  row: LocalBurial | null | undefined;
  fetch: FetchState;
}

function fetchState(
  state: LoadState<LocalBurial>,
  busyUntil: number | null,
  notFoundOnServer: string | null,
): FetchState {
  if (state.phase === 'done') return { phase: 'done' };
  // The server already said so in the page's HTML: the same words until it answers again.
  if (state.phase !== 'failed' && notFoundOnServer) {
    return { phase: 'notFound', message: notFoundOnServer };
  }
  if (state.phase !== 'failed') return { phase: 'fetching' };
  const { error } = state;
  // The server's own words for a record it does not have (SEP_MSG.notFound).
  if (error instanceof ApiFailure && error.status === 404) {
    const own = error.message && error.message !== TEXT.detailLoadError;
    return { phase: 'notFound', message: own ? error.message : SEP_MSG.notFound };
  }
  return { phase: 'failed', offline: error instanceof ApiFailure && error.offline, busyUntil };
}

/** A read that failed for want of signal is asked again when the signal returns. */
function useRetryWhenOnline(state: LoadState<unknown>, reload: () => void): void {
  const waiting =
    state.phase === 'failed' && state.error instanceof ApiFailure && state.error.offline;
  useEffect(() => {
    if (!waiting) return;
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [waiting, reload]);
}

export function useBurial(id: string): BurialView {
  const token = useSession().auth?.token ?? null;
  // A new session may see more of the record. The answer is kept for a device that refused
  // to store it.
  const { state, reload } = useLoad(async () => rowFromRecord(await fetchBurial(id)), [id, token]);
  const busyUntil = useRetryWhenBusy(state, reload);
  useRetryWhenOnline(state, reload);
  const memory = state.phase === 'done' ? state.value : null;
  // A page the server rendered: its record (or its "not found") from the first render on,
  // the same as the server's, while the device store and the answer come.
  const page = usePublicData();
  const fromServer = page?.kind === 'record' && page.record.id === id ? page.record : null;
  const seeded = useMemo(() => fromServer && rowFromRecord(fromServer), [fromServer]);
  const fetch = fetchState(
    state,
    busyUntil,
    page?.kind === 'recordNotFound' && page.id === id ? page.message : null,
  );
  // Without an answer, the copy of a visit pack on the device: the record itself when it was
  // never opened here, its tribute count and grave position (pack-read.ts; a walk of the
  // pages, so not while the server may still answer). The server's render has no navigator.
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  const fromPack = fetch.phase === 'failed' || offline;
  // The store opens at once for a read the server did not answer (device/device-open.ts).
  const row = useDeviceQuery(
    async (db) => {
      const stored = await db.sepultados.get(id);
      if (!fromPack) return stored ?? null;
      // Loaded without signal only: the QR landing's first load stays within its budget.
      // Its chunk may be missing without signal (a page opened before the service worker took
      // it): then the stored row, never an error thrown into the page.
      const pack = await import('../pack-store/pack-read').catch(() => null);
      if (!pack) return stored ?? null;
      const { findPackRecord, rowFromPack, withPackCopy } = pack;
      const copy = await findPackRecord(db, id);
      if (stored) return copy ? withPackCopy(stored, copy) : stored;
      return copy ? rowFromPack(copy) : null;
    },
    [id, fromPack],
    fromPack,
  );

  if (fetch.phase === 'notFound') return { row: null, fetch };
  return { row: row ?? (memory?.id === id ? memory : (seeded ?? row)), fetch };
}

/**
 * The records the person may edit as the visit pack brought them (src/data/sync/mine-sync.ts),
 * live; null when `userId` is null (nobody who could ever edit).
 */
export function useMineOnDevice(userId: string | null) {
  return useDeviceQuery(
    async (db) => (userId ? ((await readMine(db, userId)) ?? null) : null),
    [userId],
  );
}
