/**
 * A lazy part's code kept on the device with the page that shows it: fetched at an idle moment
 * once the service worker controls the page (now or when it takes the page), and the worker
 * keeps it (sw/lazy-assets.ts, or the precache). So the part still draws after going offline
 * and reloading, even when the visitor never scrolled to it. Not before the worker controls the
 * page: a first visit's bytes stay within their budget (docs/decisions.md: bundle budgets).
 * `onKept` hears when the code is here, for a part that may then draw without waiting to be
 * scrolled to.
 */
import { useEffect, useRef } from 'react';

export function useKeepCode(
  load: () => Promise<unknown>,
  wanted: boolean,
  onKept?: () => void,
): void {
  const kept = useRef(onKept);
  kept.current = onKept;
  useEffect(() => {
    const worker = navigator.serviceWorker;
    if (!wanted || !worker) return;
    // A failure only means the code is fetched when scrolled to, as before.
    const keep = () => {
      if (navigator.onLine && worker.controller)
        load().then(
          () => kept.current?.(),
          () => undefined,
        );
    };
    const timer = setTimeout(keep, 2000);
    worker.addEventListener('controllerchange', keep);
    return () => {
      clearTimeout(timer);
      worker.removeEventListener('controllerchange', keep);
    };
  }, [load, wanted]);
}
