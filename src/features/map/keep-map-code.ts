/**
 * The map's code kept on the device with the record that shows it, as the record's photo is:
 * a record with coordinates opened with signal fetches the map's chunk and CSS at an idle moment
 * once the service worker controls the page, and the worker keeps them (sw/lazy-assets.ts). So
 * "Como chegar" still draws after going offline and reloading, even when the visitor never
 * scrolled down to it. Not before the worker controls the page: a first visit's bytes stay
 * within their budget, and a fetch around the worker would not be kept anyway (until
 * pwa-update's keepLoadedAssets; this runs again on controllerchange).
 */
import { useEffect } from 'react';

export const loadMapSection = () => import('./map-section');

export function useKeepMapCode(wanted: boolean): void {
  useEffect(() => {
    if (!wanted || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const worker = navigator.serviceWorker;
    let done = false;
    let idle: number | null = null;
    const keep = () => {
      if (done || !navigator.onLine || !worker.controller) return;
      done = true;
      // A failure only means the map is fetched when scrolled to, as before.
      loadMapSection().catch(() => undefined);
    };
    const soon = () => {
      if (idle !== null) return;
      idle =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(keep, { timeout: 3000 })
          : window.setTimeout(keep, 1000);
    };
    if (worker.controller) soon();
    const onControl = () => {
      idle = null;
      soon();
    };
    worker.addEventListener('controllerchange', onControl);
    return () => {
      done = true;
      worker.removeEventListener('controllerchange', onControl);
    };
  }, [wanted]);
}
