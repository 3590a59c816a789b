/**
 * Build chunks left out of the precache (the map, the emoji picker: vite.config.ts globIgnores)
 * are kept CacheFirst as they are first fetched, so what a visitor opened once — or what the
 * visit pack fetched for them — works without signal. Registered after precacheAndRoute, so a
 * precached file is still answered by the precache. File names carry a content hash: a cached
 * copy is never stale, and the cap only drops chunks of old builds. The map's files are also
 * fetched by the worker itself when a page asks (keepFiles; sw-protocol.ts KEEP_MAP_CODE).
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { isBuildAsset, LAZY_ASSET_CACHE } from '../src/domain/sw-protocol';

declare const self: ServiceWorkerGlobalScope;

const strategy = new CacheFirst({
  cacheName: LAZY_ASSET_CACHE,
  plugins: [new ExpirationPlugin({ maxEntries: 80, purgeOnQuotaError: true })],
});

export function registerLazyAssets(): void {
  registerRoute(
    ({ url, request }) => request.method === 'GET' && isBuildAsset(url, self.location.origin),
    strategy,
  );
}

/**
 * Fetches build files into the same cache, through the same strategy (so the cap counts them),
 * as if the page had asked for them: a file held already is not fetched again, and one that
 * cannot come (no signal) is fetched when it is first used instead.
 */
export async function keepFiles(urls: string[], event: ExtendableEvent): Promise<void> {
  for (const url of urls) {
    const request = new Request(new URL(url, self.location.href).href);
    await strategy.handle({ request, event }).catch(() => undefined);
  }
}
