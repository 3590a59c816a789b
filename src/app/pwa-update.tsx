/**
 * Registers the service worker (production builds only) and asks before activating an update:
 * "Nova versão disponível." → "Atualizar" (Squoosh-style: never reload under the person's feet).
 * Says "Pronto para uso offline" once the shell is cached the first time. Both are said by the
 * app's one polite live region (src/ui/live-region.tsx); the banners only show them, so no
 * second region talks over it.
 */
import { useEffect, useState } from 'react';
import type { Workbox } from 'workbox-window';
import { loadLazyAssets, noWorkerWillCome } from '../data/device';
import { announce } from '../ui/live-region';

const READY_TEXT = 'Pronto para uso offline';
const UPDATE_TEXT = 'Nova versão disponível.';

export function PwaUpdate() {
  const [waiting, setWaiting] = useState<Workbox | null>(null);
  const [offlineReady, setOfflineReady] = useState(false);

  useEffect(() => {
    // No worker will keep the app: the device's copy of what is opened is still what a busy
    // server (503) falls back to, so copies are kept without waiting for one
    // (src/data/device/device-open.ts).
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) {
      noWorkerWillCome();
      return;
    }
    let cancelled = false;
    // Loaded after the first paint: registration is not needed to show the screen.
    void import('workbox-window').then(({ Workbox: WorkboxClass }) => {
      if (cancelled) return;
      const wb = new WorkboxClass('/sw.js', { scope: '/' });
      wb.addEventListener('waiting', () => {
        setWaiting(wb);
        announce(UPDATE_TEXT);
      });
      wb.addEventListener('installed', (event) => {
        if (!event.isUpdate) {
          setOfflineReady(true);
          announce(READY_TEXT);
          setTimeout(() => setOfflineReady(false), 6000);
        }
      });
      wb.addEventListener('controlling', (event) => {
        if (event.isUpdate) window.location.reload();
        // First visit: chunks this page fetched before the worker took it (the map, the QR
        // code) went around it; keep them so they open without signal (src/data/device/lazy-assets.ts).
        else
          void loadLazyAssets()
            .then((m) => m.keepLoadedAssets())
            .catch(() => {});
      });
      // Registration can fail (service workers blocked, private mode): the app still works online.
      wb.register().catch(noWorkerWillCome);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  if (waiting) {
    return (
      <div className="pwa-banner">
        <span>{UPDATE_TEXT}</span>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setWaiting(null);
            waiting.messageSkipWaiting();
          }}
        >
          Atualizar
        </button>
        <button type="button" className="btn" onClick={() => setWaiting(null)}>
          Agora não
        </button>
      </div>
    );
  }
  if (offlineReady) return <div className="pwa-banner">{READY_TEXT}</div>;
  return null;
}
