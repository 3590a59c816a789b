/**
 * Mounted once at the root: keeps a visit pack current (src/data/sync/auto-sync.ts says when)
 * — its records and, through the same delta sync, the cemetery plan (a plan changed by an
 * admin reaches phones with the pack at their next sync, not only when a map opens online).
 */
import { useEffect } from 'react';
import { onDeltaSynced, startAutoSync } from '../../data/sync/auto-sync';

export function AutoSync() {
  useEffect(() => {
    const controller = new AbortController();
    // Loaded only once a delta sync ran (a pack exists): the first paint of /login pays nothing.
    const stopExtras = onDeltaSynced(async () => {
      const { packExtras } = await import('./pack-extras');
      for (const extra of packExtras) await extra.run(controller.signal).catch(() => undefined);
    });
    const stopSync = startAutoSync();
    return () => {
      stopSync();
      controller.abort();
      stopExtras();
    };
  }, []);
  return null;
}
