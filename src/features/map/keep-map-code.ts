/**
 * The map's code kept on the device with the record that shows it, as the record's photo is:
 * a record with coordinates opened with signal asks the service worker, once it controls the
 * page (now or when it takes the page), to fetch the map's chunk and CSS into its cache
 * (sw/lazy-assets.ts keepFiles). So "Como chegar" still draws after going offline and
 * reloading, even when the visitor never scrolled to it. The worker fetches them, not the page:
 * importing the chunk here ran Leaflet's code in two long tasks on a page that had not asked
 * for the map. Not before the worker controls the page: a first visit's bytes stay within
 * their budget.
 */
import { useEffect } from 'react';
import { SW_MESSAGE } from '../../domain/sw-protocol';

export const loadMapSection = () => import('./map-section');

export function useKeepMapCode(wanted: boolean): void {
  useEffect(() => {
    const worker = navigator.serviceWorker;
    if (!wanted || !worker) return;
    // A message lost (no worker yet, an older worker) only means the map is fetched when
    // scrolled to, as before.
    const keep = () => {
      if (navigator.onLine) worker.controller?.postMessage({ type: SW_MESSAGE.keepMapCode });
    };
    // Already controlled (a return visit): after the page's own photos have had the line.
    const timer = setTimeout(keep, 2000);
    worker.addEventListener('controllerchange', keep);
    return () => {
      clearTimeout(timer);
      worker.removeEventListener('controllerchange', keep);
    };
  }, [wanted]);
}
