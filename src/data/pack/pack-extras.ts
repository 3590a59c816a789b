/**
 * Other things a visit pack brings, run after its records and thumbnails: the cemetery plan
 * of the map, and the code of the map and of the emoji picker (left out of the precache so a
 * first visit is ready for no signal sooner; docs/decisions.md: lazy assets). Each step gets the pack's AbortSignal (Cancelar) and may throw SyncStopped (e.g. 'quota')
 * to stop the pack with its own message; any other failure of an extra is reported but does
 * not undo the records and photos already stored.
 */

import { keepLoadedAssets } from '../device/lazy-assets';
import { ApiFailure } from '../failure';
import { keepPackPlans, STORAGE_FULL_STATUS } from '../plan/plan-offline';
import { SyncStopped } from '../sync-errors';
import { packCode } from './pack-code';

export interface PackExtra {
  /** pt-BR, shown while it runs. */
  label: string;
  run: (signal: AbortSignal) => Promise<void>;
}

export const packExtras: PackExtra[] = [];

/**
 * The plan of each cemetery held, as its pack's walk named it (plan-offline.ts keepPackPlans):
 * without it the map has nothing to draw under the marker where there is no signal. Run after
 * the download and after every delta sync, so a changed plan arrives with the records. A full
 * device stops the pack with the plan's own message; any other failure is reported by the pack
 * and leaves the records in place.
 */
packExtras.push({
  label: 'Planta do cemitério',
  run: async (signal) => {
    if (signal.aborted) return;
    try {
      await keepPackPlans();
    } catch (err) {
      if (err instanceof ApiFailure && err.status === STORAGE_FULL_STATUS) {
        throw new SyncStopped('quota', err.message);
      }
      throw err;
    }
  },
});

/**
 * The map's and the emoji picker's code: importing them fetches their chunks (the service worker
 * keeps them), and keepLoadedAssets stores any chunk fetched before the worker took the page.
 */
packExtras.push({
  label: 'Mapa e emojis',
  run: async (signal) => {
    if (signal.aborted) return;
    await Promise.all(packCode().map((load) => load()));
    await keepLoadedAssets();
  },
});
