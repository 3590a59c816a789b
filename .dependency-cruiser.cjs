// The import rules of the repository, as data (dependency-cruiser; `npm run lint` runs it).
//
// Client layers, one way:
//   src/domain  pure rules and shapes shared by browser, service worker and server; imports
//               nothing but `typebox`
//     ← src/lib, src/ui   shared libraries and UI widgets
//       ← src/data        the one door to storage (Dexie and the HTTP client are private to it)
//         ← src/features/<x>   never imports another feature or the app
//           ← src/app (and src/main.tsx)   routes, shell, composition
// sw/ may import src/domain, src/lib and src/data.
// server/ may import src/domain only from the client side. Inside it db/, lib/ and plugins/
// never import modules/, and a module reaches another module only through that module's
// declared door, `server/modules/<m>/public.ts`.
// Product code never imports tests/, bench/ or scripts/.
// No cycle anywhere, type-only imports included (`tsPreCompilationDeps`).
//
// Rules are written as path patterns so that new features and modules are covered without
// touching this file.

/** Storage internals only src/data (and the service worker) may import. */
const PRIVATE_DATA = '^src/data/(db|api)\\.ts$';
/** A resource's door: the one module of src/data a screen may import (it only re-exports). */
const DATA_DOOR = '^src/data/[^/]+/index\\.tsx?$';
const PRIVATE_PACKAGES = '^node_modules/(dexie|dexie-react-hooks|ky)/';

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle, type-only imports included: split the shared part out.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to no file (or a package that is not installed).',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'not-to-dev-dep-from-product',
      severity: 'error',
      comment:
        'Product code (src, sw, server) imports a devDependency: it would be missing from a production install.',
      from: { path: '^(src|sw|server)/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'product-not-to-tests-bench-scripts',
      severity: 'error',
      comment: 'Product code never depends on tests, benchmarks or scripts.',
      from: { path: '^(src|sw|server)/' },
      to: { path: '^(tests|bench|scripts)/' },
    },

    // ---------------------------------------------------------------- client
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'src/domain imports nothing outside itself except typebox.',
      from: { path: '^src/domain/' },
      to: {
        pathNot: ['^src/domain/', '^node_modules/typebox/'],
      },
    },
    {
      name: 'lib-ui-only-down',
      severity: 'error',
      comment: 'src/lib and src/ui import only src/domain, src/lib and src/ui.',
      from: { path: '^src/(lib|ui)/' },
      to: { path: '^(src|sw|server)/', pathNot: '^src/(domain|lib|ui)/' },
    },
    {
      name: 'lib-not-ui',
      severity: 'error',
      comment: 'src/lib has no UI: it never imports src/ui.',
      from: { path: '^src/lib/' },
      to: { path: '^src/ui/' },
    },
    {
      name: 'data-only-down',
      severity: 'error',
      comment: 'src/data imports only src/domain, src/lib and itself.',
      from: { path: '^src/data/' },
      to: { path: '^(src|sw|server)/', pathNot: '^src/(domain|lib|data)/' },
    },
    {
      name: 'feature-not-to-app-or-other-feature',
      severity: 'error',
      comment: 'A feature imports shared layers only: never the app, never another feature.',
      from: { path: '^src/features/([^/]+)/' },
      to: {
        path: '^(src|sw|server)/',
        pathNot: ['^src/(domain|lib|ui|data)/', '^src/features/$1/'],
      },
    },
    {
      name: 'app-stays-in-client',
      severity: 'error',
      comment: 'The app composes the client only.',
      from: { path: '^src/(app/|main\\.tsx$)' },
      to: { path: '^(sw|server)/' },
    },
    {
      name: 'screens-through-doors',
      severity: 'error',
      comment:
        "Screens (src/features, src/app, src/ui, src/*.tsx) reach src/data only through a resource's door, src/data/<resource>/index.ts, or the shared src/data/failure.ts.",
      from: { path: '^src/', pathNot: '^src/(data|domain|lib)/' },
      to: { path: '^src/data/', pathNot: [DATA_DOOR, '^src/data/failure\\.ts$'] },
    },
    {
      name: 'doors-open-on-their-own-folder',
      severity: 'error',
      comment: "A door re-exports its own folder's modules, nothing else.",
      from: { path: '^src/data/([^/]+)/index\\.tsx?$' },
      to: { path: '^(src|sw|server)/', pathNot: '^src/data/$1/' },
    },
    {
      name: 'data-inside-not-through-doors',
      severity: 'error',
      comment:
        'Inside src/data (and the service worker), a module imports the file it needs, never a door: through a door it would depend on the whole folder, and cycles hide there.',
      from: { path: '^(src/data|sw)/' },
      to: { path: DATA_DOOR },
    },
    {
      name: 'no-folder-cycle-in-data',
      severity: 'error',
      comment:
        "No cycle between src/data's folders: each resource's folder leans on lower ones only (its own low-level parts go down, not across).",
      scope: 'folder',
      from: { path: '^src/data' },
      to: { path: '^src/data', circular: true },
    },
    {
      name: 'data-root-is-the-floor',
      severity: 'error',
      comment:
        "src/data's own files (the Dexie store, the HTTP client, failures, the token, row shapes) are the floor every folder stands on: they import no folder.",
      from: { path: '^src/data/[^/]+$' },
      to: { path: '^src/data/[^/]+/' },
    },
    {
      name: 'storage-private-to-data',
      severity: 'error',
      comment: 'Dexie and the HTTP client are private to src/data (and the service worker).',
      from: { path: '^src/', pathNot: '^src/data/' },
      to: { path: [PRIVATE_DATA, PRIVATE_PACKAGES] },
    },

    // ---------------------------------------------------------------- service worker
    {
      name: 'sw-only-down',
      severity: 'error',
      comment: 'The service worker imports only src/domain, src/lib, src/data and itself.',
      from: { path: '^sw/' },
      to: { path: '^(src|sw|server)/', pathNot: ['^src/(domain|lib|data)/', '^sw/'] },
    },
    {
      name: 'client-not-to-sw-or-server',
      severity: 'error',
      comment: 'The browser code never imports the worker or the server.',
      from: { path: '^src/' },
      to: { path: '^(sw|server)/' },
    },

    // ---------------------------------------------------------------- server
    {
      name: 'server-only-domain-from-client',
      severity: 'error',
      comment: 'The server shares src/domain with the client and nothing else of it.',
      from: { path: '^server/' },
      to: { path: '^(src|sw)/', pathNot: '^src/domain/' },
    },
    {
      name: 'server-infrastructure-not-to-modules',
      severity: 'error',
      comment: 'db/, lib/ and plugins/ are below the modules: they never import one.',
      from: { path: '^server/(db|lib|plugins)/' },
      to: { path: '^server/modules/' },
    },
    {
      name: 'db-not-to-plugins',
      severity: 'error',
      comment: 'The database layer knows nothing of HTTP plugins.',
      from: { path: '^server/db/' },
      to: { path: '^server/plugins/' },
    },
    {
      name: 'modules-meet-through-public',
      severity: 'error',
      comment:
        "A module reaches another module only through that module's door, server/modules/<m>/public.ts.",
      from: { path: '^server/modules/([^/]+)/' },
      to: {
        path: '^server/modules/',
        pathNot: ['^server/modules/$1/', '^server/modules/[^/]+/public\\.ts$'],
      },
    },
    {
      name: 'modules-not-to-composition',
      severity: 'error',
      comment:
        'Modules never import the composition root (app.ts, main.ts, the CLIs); context.ts and config.ts are shared.',
      from: { path: '^server/(modules|db|lib|plugins)/' },
      to: { path: '^server/[^/]+$', pathNot: '^server/(context|config)\\.ts$' },
    },
    {
      name: 'sql-through-the-runner',
      severity: 'error',
      comment:
        'A statement is typed raw SQL through the runner (docs/decisions/0179-one-sql-style.md): Drizzle is leaving. The files that still import it are listed in .dependency-cruiser-known-violations.json; that list only shrinks.',
      from: { path: '^(server|tests|bench|scripts)/' },
      to: { path: '^node_modules/drizzle-orm/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|coverage|node_modules/\\.vite)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    moduleSystems: ['es6', 'cjs'],
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
