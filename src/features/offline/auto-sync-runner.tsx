/**
 * Mounted once at the root: keeps a visit pack current (src/data/sync/auto-sync.ts says when)
 * — its records and, through the same delta sync, the cemetery plan (a plan changed by an
 * admin reaches phones with the pack at their next sync, not only when a map opens online).
 * A pack lives in IndexedDB, so where the app's database does not exist yet (a first visit)
 * there is nothing to keep current and the sync code — Dexie with it — is not even downloaded.
 */
import { useEffect } from 'react';
import { databaseExists } from '../../data/device';
import { loadPackExtras } from '../../data/pack';
import { loadAutoSync } from '../../data/sync';

export function AutoSync() {
  useEffect(() => {
    const controller = new AbortController();
    const stops: Array<() => void> = [];
    // Aborted: the component left (its signal also stops the pack's extras).
    const left = () => controller.signal.aborted;
    void databaseExists().then(async (exists) => {
      if (!exists || left()) return;
      const { onDeltaSynced, startAutoSync } = await loadAutoSync();
      if (left()) return;
      // The plan's step loads only once a delta sync ran (a pack exists).
      stops.push(
        onDeltaSynced(async () => {
          const { packExtras } = await loadPackExtras();
          for (const extra of packExtras) await extra.run(controller.signal).catch(() => undefined);
        }),
      );
      stops.push(startAutoSync());
    });
    return () => {
      controller.abort();
      for (const stop of stops) stop();
    };
  }, []);
  return null;
}
