/**
 * Cache Storage names shared by the service worker and the page. Parts of the app that the
 * first visit does not need (the map with Leaflet, the emoji picker and its Portuguese data)
 * stay out of the precache, so a phone is ready for no signal sooner; they are kept in this
 * cache when first used, and the visit pack puts them there (README: lazy assets).
 */
export const LAZY_ASSET_CACHE = 'memorial-lazy-assets-v1';

/** Same-origin build output (content-hashed, so a cached copy is never stale). */
export function isBuildAsset(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith('/assets/');
}
