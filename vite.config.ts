import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress';

// Few, purposeful chunks (README: bundle budgets). On a phone at the cemetery gate every extra
// request costs a round trip and ~1 KB of headers, and the automatic split made ~40 chunks of
// 1–2 KB. So: everything /login needs in one "boot" chunk; the data layer's core (the outbox
// queue, src/domain, src/lib) that every other page shares in one "data" chunk, and the device
// store (Dexie) in a "device" chunk beside it; feature code shared by four
// pages or more in one "shared" chunk (lower counts pulled the forms into the detail page's
// load); each page its own chunk; the map (Leaflet), the QR code and the
// emoji picker stay apart, loaded only when used.
const DATA_CHUNK =
  /[\\/](src[\\/](data|domain|lib)[\\/]|node_modules[\\/]dexie(-react-hooks)?[\\/])/;
// The data layer's per-screen queries and commands, and the shared widgets, are chunked like
// the screens that use them (not in "data", which every page but /login loads).
const SCREEN_CODE =
  /[\\/]src[\\/]((features|app|ui|lib[\\/]texts)[\\/]|data[\\/](auth|burials|tributes|users|search|plan|pack|cemeteries|spreadsheets)[\\/]|data[\\/]session[\\/](session|session-store)\.|data[\\/]outbox[\\/](use-outbox|outbox-actions|unsent-count)\.)/;
// Not in it: what no page's first paint needs — the sync engine and the outbox sender (started
// later, in their own chunks), the search ranking rules (the results page only), and the
// cemeteries' texts and rules (their screens and the visitor's lazy cemetery choice only), the
// spreadsheet calls, texts and rules (the admin's "Planilhas" screen only), the visit packs'
// store and format (the pack screen and the search without signal only), the graves',
// concessions', deadlines', re-registration, abandonment cases' and audit's rules and calls (their
// screens only), the work orders' rules, calls and device store (their own screens, and the sync
// of those who work orders, with the sync's meta records and errors at src/data's root; not the
// person's own list's sync, which the dashboard's device list sat beside in "data"). A new
// feature's src/data folder or src/domain rules file that no first paint needs belongs here,
// else it rides in "data" on every first visit (the budgets in
// tests/e2e/first-visit-budgets.test.ts catch it).
const NOT_DATA_CHUNK =
  /[\\/](sync[\\/](?!mine-sync\.)|sync-(errors|meta)\.|work-orders[\\/]|work-order-|order-(outbox|overlay|time|place)\.|qr-image\.|use-qr\.|(concession|grave|deadline|audit|comisso|recadastramento)-rules\.|comisso-outbox\.|concession-documents\.|shrink-photo\.|(graves|audit|backups)[\\/]|pack-(store[\\/]|format\.)|cemetery-|spreadsheet|outbox[\\/](outbox-(drain|http|runner|lock|effects)|submit)|lazy-assets|photo-store|tribute-cache|search-(score|trigram|highlight|fuzzy))/;

// The device store itself (Dexie, its React hooks, the database's schema): a chunk of its own,
// which a visitor's first landing does not load (src/data/device/device-open.ts: the page opens the
// store once the service worker has the app, or when something needs it). The pages that read
// it statically load it with their own code, as before. A module of "data" that imported
// Dexie itself would bring the chunk back into the landing (the budgets in
// tests/e2e/first-visit-budgets.test.ts): the tributes' copy on the device, which does, rides
// with the tributes and the outbox's sender (NOT_DATA_CHUNK).
const DEVICE_CHUNK =
  /[\\/](src[\\/]data[\\/](db|device-core)\.ts$|node_modules[\\/]dexie(-react-hooks)?[\\/])/;

// The visit pack's offer (the layout's, on every page but /login, which all load "data"): in
// "data" rather than a chunk of its own, one request and its ~0.5 KB of headers fewer on
// the QR landing. Its CSS is in app.css (a CSS file here would be a request again).
const PACK_OFFER =
  /[\\/]src[\\/](features[\\/]offline[\\/]pack-offer(-pages)?|data[\\/]pack[\\/]use-pack-known)\./;

// With them the navbar's "Envios (n)" (lazy, logged in only): every logged-in page loads this
// chunk already, and a chunk of its own cost a request and its ~0.4 KB of headers.
const DETAIL_SHARED =
  /[\\/]src[\\/](ui[\\/]outbox-state|features[\\/]outbox[\\/]outbox-link|data[\\/]outbox[\\/](use-outbox|outbox-actions)|data[\\/]burials[\\/]edit-outbox|features[\\/]burials[\\/]image-overlay|lib[\\/](use-qr|qr-image))\./;

// The cemetery list, its texts and the choice widget: one small chunk of their own, loaded by the
// pages that show the choice (the visitor's form on /login too) without pulling "data" (Dexie).
const CEMETERIES_CHUNK =
  /[\\/]src[\\/](data[\\/]cemeteries[\\/](use-cemeteries|cemetery-calls)|domain[\\/]cemetery-messages|ui[\\/]cemetery-choice)\./;

// The cemetery plans on the device (src/data/plan/plan-offline.ts): drawn by the map and kept
// by the visit pack, both loaded on demand — never part of a page's first load.
const PLANS = /[\\/]src[\\/]data[\\/]plan[\\/]plan-offline\./;

// The grave's "Como chegar" (the map's placeholder, its lazy loader, the keeping of its code)
// rides with the record page, the QR landing: the work-order screens, which show it too, load
// that chunk (precached like them) rather than the landing asking for one chunk more.
const DETAIL_PAGE =
  /[\\/]src[\\/](app[\\/]pages[\\/]burial-detail-page|features[\\/]map[\\/](grave-location|keep-map-code))\./;

// A resource's door in src/data (src/data/<resource>/index.ts) only re-exports: importing it
// runs nothing of its own, so a screen's chunk gets the modules whose exports it uses and no
// other (without this, the navbar's import of one loader pulled Dexie into /login's first load).
const DATA_DOOR = /[\\/]src[\\/]data[\\/][^\\/]+[\\/]index\.tsx?$/;

// The rendered pages' loader (src/app/after-paint.ts): an entry of its own with nothing in it
// but itself, so it stays out of the boot chunk the app's entry starts with.
const AFTER_PAINT = /[\\/]src[\\/]app[\\/]after-paint\.ts$/;

const CHUNKS = {
  groups: [
    { name: 'burial-detail-page', test: DETAIL_PAGE, priority: 5 },
    {
      name: 'boot',
      tags: ['$initial' as const],
      test: (id: string) => !AFTER_PAINT.test(id),
      priority: 30,
    },
    { name: 'cemeteries', test: CEMETERIES_CHUNK, priority: 25 },
    { name: 'device', test: DEVICE_CHUNK, priority: 22 },
    {
      name: 'data',
      test: (id: string) =>
        PACK_OFFER.test(id) ||
        (DATA_CHUNK.test(id) && !NOT_DATA_CHUNK.test(id) && !SCREEN_CODE.test(id)),
      priority: 20,
    },
    {
      name: 'shared',
      // Feature code used by four pages or more; next, the small modules the QR landing (the
      // detail page) shares with a page or two, which otherwise came as six 1 KB requests.
      // Not the plans kept on the device: only the map (lazy) and the visit pack use them.
      test: (id: string) => SCREEN_CODE.test(id) && !PLANS.test(id),
      minShareCount: 4,
      priority: 10,
    },
    {
      name: 'detail-shared',
      test: DETAIL_SHARED,
      priority: 11,
    },
  ],
};

// Product and provider names come from configuration (VITE_PRODUCT_NAME, VITE_PROVIDER_NAME)
// so a municipality can brand the app without touching code.
// React Router's package exports only its development build (ENABLE_DEV_WARNINGS = true, and
// nothing a bundler's production mode can drop); its production build is the same code with
// the warnings off, so the minifier removes them. Both entries, or the two would share no chunk.
const ROUTER_PRODUCTION = [
  { find: /^react-router$/, file: 'index.mjs' },
  { find: /^react-router\/dom$/, file: 'dom-export.mjs' },
].map(({ find, file }) => ({
  find,
  replacement: fileURLToPath(
    new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url),
  ),
}));

// The server's render of the public pages (`vite build --ssr src/entry-server.tsx`): the same
// components, for Node, in dist/ssr beside the server's bundle; packages stay in node_modules
// (docs/decisions/0172-server-rendered-public-pages.md).
const SSR_BUILD = {
  outDir: 'dist/ssr',
  emptyOutDir: true,
  copyPublicDir: false,
  sourcemap: true,
  minify: false,
};

export default defineConfig(({ mode, command, isSsrBuild }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  const productName = env.VITE_PRODUCT_NAME || 'Memorial';
  const apiPort = env.VITE_DEV_API_PORT || '3001';
  const define = { 'import.meta.env.VITE_PRODUCT_NAME': JSON.stringify(productName) };
  const alias = command === 'build' ? ROUTER_PRODUCTION : [];
  if (isSsrBuild) return { define, resolve: { alias }, build: SSR_BUILD, plugins: [react()] };
  return {
    define,
    resolve: { alias },
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      sourcemap: false,
      // Which stylesheets and chunks a page's code needs: the server links them in the pages
      // it renders (server/modules/public-pages).
      manifest: true,
      // Without the modulepreload polyfill (its MutationObserver, in the boot chunk): browsers
      // with modulepreload (Chromium 66, Safari 17, Firefox 115) need none, and Vite's own
      // loader asks older ones for rel=preload instead. It gives the QR landing's 140 KB budget
      // room for the chunk names' hashes, which alone move its size by about ±0.1 KB.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        input: { index: 'index.html', 'after-paint': 'src/app/after-paint.ts' },
        output: { codeSplitting: CHUNKS },
        treeshake: { moduleSideEffects: [{ test: DATA_DOOR, sideEffects: false }] },
      },
    },
    server: {
      proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
    },
    plugins: [
      react(),
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        registerType: 'prompt',
        injectRegister: false,
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,png,jpg,ico,woff2,webmanifest}'],
          // emoji-picker-react's English emoji data: the app passes the Portuguese data instead
          // and never loads this chunk, so phones should not store it.
          // The map (Leaflet) and the emoji picker with its Portuguese data are not needed by a
          // first visit: they are cached when first used and by the visit pack
          // (sw/lazy-assets.ts, src/data/pack/pack-extras.ts), keeping the precache small. The
          // map's files stay in the manifest, which the worker filters (sw-protocol.ts
          // isMapCode): it fetches them itself when a record with a position is opened.
          globIgnores: ['**/emojis-*.js', '**/emoji-picker-*'],
          maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        },
        devOptions: { enabled: false },
        manifest: {
          id: '/',
          name: `${productName} — Cemitério Municipal`,
          short_name: productName,
          description: 'Encontre sepulturas, veja fotos e deixe homenagens, mesmo sem sinal.',
          lang: 'pt-BR',
          dir: 'ltr',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          orientation: 'portrait',
          background_color: '#f7f5f0',
          theme_color: '#3b4a3f',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            {
              src: '/icons/maskable-512.png',
              sizes: '512x512',
              type: 'image/png',
              purpose: 'maskable',
            },
          ],
        },
      }),
      precompress(),
    ],
  };
});
