/**
 * The map's code kept on the device with the record that shows it, as the record's photo is:
 * a record with coordinates opened with signal fetches the map's chunk and CSS at an idle moment
 * once the service worker controls the page (now or when it takes the page), and the worker
 * keeps them (sw/lazy-assets.ts). So "Como chegar" still draws after going offline and
 * reloading, even when the visitor never scrolled to it. Not before the worker controls the
 * page: a first visit's bytes stay within their budget.
 */
import { useEffect } from 'react';

export const loadMapSection = () => import('./map-section');

export function useKeepMapCode(wanted: boolean): void {
  useEffect(() => {
    const worker = navigator.serviceWorker;
    if (!wanted || !worker) return;
    // A failure only means the map is fetched when scrolled to, as before.
    const keep = () => {
      if (navigator.onLine && worker.controller) loadMapSection().catch(() => undefined);
    };
    const timer = setTimeout(keep, 2000);
    worker.addEventListener('controllerchange', keep);
    return () => {
      clearTimeout(timer);
      worker.removeEventListener('controllerchange', keep);
    };
  }, [wanted]);
}
