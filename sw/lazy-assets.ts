/**
 * Build chunks left out of the precache (the map, the emoji picker: vite.config.ts globIgnores)
 * are kept CacheFirst as they are first fetched, so what a visitor opened once — or what the
 * visit pack fetched for them — works without signal. Registered after precacheAndRoute, so a
 * precached file is still answered by the precache. File names carry a content hash: a cached
 * copy is never stale, and the cap only drops chunks of old builds.
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { isBuildAsset, LAZY_ASSET_CACHE } from '../src/domain/sw-protocol';

declare const self: ServiceWorkerGlobalScope;

export function registerLazyAssets(): void {
  registerRoute(
    ({ url, request }) => request.method === 'GET' && isBuildAsset(url, self.location.origin),
    new CacheFirst({
      cacheName: LAZY_ASSET_CACHE,
      plugins: [new ExpirationPlugin({ maxEntries: 80, purgeOnQuotaError: true })],
    }),
  );
}
