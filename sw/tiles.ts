/**
 * OpenStreetMap tiles, cached only as they are viewed: OSM's tile usage policy forbids
 * bulk pre-downloading, so nothing here fetches a tile the page did not ask for. CacheFirst with
 * a cap (500 tiles, 30 days) keeps the streets a visitor saw on the way in without growing
 * forever; offline, the map falls back to the cemetery plan kept in Dexie, not to this cache.
 * Only 200 answers are kept (workbox's default without a cacheWillUpdate plugin): the map asks
 * for tiles with CORS (crossOrigin), so neither a failure nor an opaque answer — which Chrome
 * counts as ~7 MB of quota each — is ever stored.
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

const TILE_CACHE = 'osm-tiles-v1';
const TILE_URL = /^https:\/\/tile\.openstreetmap\.org\/\d+\/\d+\/\d+\.png$/;

export function registerTileCache(): void {
  registerRoute(
    ({ url }) => TILE_URL.test(url.href),
    new CacheFirst({
      cacheName: TILE_CACHE,
      plugins: [
        new ExpirationPlugin({
          maxEntries: 500,
          maxAgeSeconds: 30 * 24 * 60 * 60,
          purgeOnQuotaError: true,
        }),
      ],
    }),
  );
}
