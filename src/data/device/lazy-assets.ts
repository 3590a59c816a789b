/**
 * Makes sure every build chunk this page has loaded is in Cache Storage, so it opens without
 * signal later. The service worker keeps chunks left out of the precache as they are fetched
 * (sw/lazy-assets.ts), but a chunk fetched before the worker controlled the page — a first
 * visit — went around it; this puts those in the same cache.
 */
import { isBuildAsset, LAZY_ASSET_CACHE } from '../../domain/sw-protocol';

export async function keepLoadedAssets(): Promise<void> {
  if (typeof caches === 'undefined' || typeof performance === 'undefined') return;
  const urls = new Set(
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => isBuildAsset(new URL(name), window.location.origin)),
  );
  const cache = await caches.open(LAZY_ASSET_CACHE);
  for (const url of urls) {
    // Hashed names: a precached copy under a revision query is the same file.
    if (await caches.match(url, { ignoreSearch: true })) continue;
    await cache.add(url);
  }
}
