/**
 * Mounted once at the root: keeps a visit pack current (src/data/sync/auto-sync.ts says when)
 * — its records and, through the same delta sync, the cemetery plan (a plan changed by an
 * admin reaches phones with the pack at their next sync, not only when a map opens online).
 */
import { useEffect } from 'react';
import { onDeltaSynced, startAutoSync } from '../../data/sync/auto-sync';
import { packExtras } from './pack-extras';

export function AutoSync() {
  useEffect(() => {
    const controller = new AbortController();
    const stops = packExtras.map((extra) => onDeltaSynced(() => extra.run(controller.signal)));
    const stopSync = startAutoSync();
    return () => {
      stopSync();
      controller.abort();
      for (const stop of stops) stop();
    };
  }, []);
  return null;
}
