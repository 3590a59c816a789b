/// <reference lib="webworker" />
/**
 * The service worker: precaches the app shell (injected by vite-plugin-pwa), answers
 * navigations with the cached index.html so every route opens offline, answers photos under
 * /api/images from IndexedDB when the device holds them (photo-cache.ts), and sends the outbox
 * on Background Sync (outbox-sync.ts), and keeps OpenStreetMap tiles as they are viewed
 * (tiles.ts), and keeps the chunks left out of the precache once fetched (lazy-assets.ts). No API answer goes into its caches: those live in Dexie. Updates wait for the page to ask (SKIP_WAITING) so nobody is reloaded mid-task.
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { isMapCode, SW_MESSAGE } from '../src/domain/sw-protocol';
import { keepFiles, registerLazyAssets } from './lazy-assets';
import { registerOutboxSync } from './outbox-sync';
import { registerPhotoCache } from './photo-cache';
import { registerTileCache } from './tiles';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// The map's files are named in the manifest but not precached (sw-protocol.ts isMapCode).
const urlOf = (entry: string | { url: string }) => (typeof entry === 'string' ? entry : entry.url);
const manifest = self.__WB_MANIFEST;
const mapCode = manifest.map(urlOf).filter(isMapCode);
precacheAndRoute(manifest.filter((entry) => !isMapCode(urlOf(entry))));
cleanupOutdatedCaches();
registerOutboxSync();
registerPhotoCache();
registerTileCache();
registerLazyAssets();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /\.[a-z0-9]{1,8}$/i],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === SW_MESSAGE.skipWaiting) void self.skipWaiting();
  if (data?.type === SW_MESSAGE.keepMapCode) event.waitUntil(keepFiles(mapCode, event));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
