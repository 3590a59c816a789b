/**
 * What the page and the service worker say to each other: the Background Sync tag, the one
 * message the worker answers, and the Cache Storage names both read and write. One module, so
 * the two sides can never disagree on a name.
 */

/** The Background Sync tag under which the worker drains the outbox (sw/outbox-sync.ts). */
export const OUTBOX_SYNC_TAG = 'memorial-outbox';

/**
 * Messages the worker answers. SKIP_WAITING is sent by workbox-window's messageSkipWaiting()
 * when the person accepts an update (src/app/pwa-update.tsx): updates never reload anyone
 * mid-task on their own. KEEP_MAP_CODE: a record with a position was opened with signal, so the
 * worker fetches the map's files into LAZY_ASSET_CACHE itself (src/features/map/keep-map-code.ts)
 * — the page would have had to run Leaflet's code to fetch them.
 */
export const SW_MESSAGE = { skipWaiting: 'SKIP_WAITING', keepMapCode: 'KEEP_MAP_CODE' } as const;

/**
 * The map's build files (its chunk with Leaflet, and its CSS): in the worker's manifest so it
 * knows their hashed names, but not precached (a first visit is ready for no signal sooner);
 * fetched on KEEP_MAP_CODE or when first used.
 */
export function isMapCode(url: string): boolean {
  return /(^|\/)assets\/map-section-[^/]+$/.test(url);
}

/**
 * Cache Storage names shared by the service worker and the page. Parts of the app that the
 * first visit does not need (the map with Leaflet, the emoji picker and its Portuguese data)
 * stay out of the precache, so a phone is ready for no signal sooner; they are kept in this
 * cache when first used, and the visit pack puts them there (docs/decisions.md: lazy assets).
 */
export const LAZY_ASSET_CACHE = 'memorial-lazy-assets-v1';

/** Same-origin build output (content-hashed, so a cached copy is never stale). */
export function isBuildAsset(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith('/assets/');
}
