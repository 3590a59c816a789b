// The import layers, checked (run by `npm run lint`):
//
//   src/domain  pure rules and shapes, shared by browser, service worker and server
//     ← src/lib, src/ui   shared libraries and UI widgets
//       ← src/data        the one door to storage (Dexie and the HTTP client are private to it)
//         ← src/features/<x>   never import another feature
//           ← src/app     routes, shell, composition
//
// server/** may import src/domain only; sw/** may import src/domain, src/lib and src/data.
// A module may never (transitively) import itself: cycles fail too.
//
// The import specifiers are read with a regular expression (static `import … from`,
// `export … from`, side-effect `import '…'` and dynamic `import('…')`); every import in this
// repository is relative, so resolving them needs no alias table.
// `--report` prints the counts and exits 0 whatever it finds.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const reportOnly = process.argv.includes('--report');
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];

function walk(dir) {
  const out = [];
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else if (SOURCE.test(name)) out.push(full);
  }
  return out;
}

const IMPORT =
  /(?:^|[\s;}])(?:import|export)\s+(type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(file) {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1');
  const found = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[2] ?? m[3];
    found.push({ spec, typeOnly: Boolean(m[1]) });
  }
  return found;
}

function resolveSpec(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return base;
}

const rel = (p) => relative(root, p).split('\\').join('/');

/** Which layer a repository path belongs to, and for features which one. */
function layerOf(path) {
  if (path.startsWith('src/domain/')) return { layer: 'domain' };
  if (path.startsWith('src/lib/')) return { layer: 'lib' };
  if (path.startsWith('src/ui/')) return { layer: 'ui' };
  if (path.startsWith('src/data/')) return { layer: 'data' };
  if (path.startsWith('src/features/')) return { layer: 'feature', feature: path.split('/')[2] };
  if (path.startsWith('src/')) return { layer: 'app' };
  if (path.startsWith('sw/')) return { layer: 'sw' };
  if (path.startsWith('server/')) return { layer: 'server' };
  return { layer: 'other' };
}

/** Storage internals only src/data (and the service worker) may import. */
const PRIVATE_DATA = ['src/data/db.ts', 'src/data/api.ts'];
const PRIVATE_PACKAGES = ['dexie', 'dexie-react-hooks', 'ky'];

const ALLOWED = {
  domain: ['domain'],
  lib: ['domain', 'lib'],
  ui: ['domain', 'lib', 'ui'],
  data: ['domain', 'lib', 'data'],
  feature: ['domain', 'lib', 'ui', 'data', 'feature'],
  app: ['domain', 'lib', 'ui', 'data', 'feature', 'app'],
  sw: ['domain', 'lib', 'data', 'sw'],
  server: ['domain', 'server'],
};

const files = ['src', 'sw', 'server'].flatMap((d) => walk(join(root, d)));
const counts = {
  'feature → app': 0,
  'feature → feature': 0,
  'shared (domain/lib/ui/data/sw) → app or feature': 0,
  'other wrong direction': 0,
  'screens → Dexie db / HTTP client': 0,
  'import cycles': 0,
};
const problems = [];
const graph = new Map();

for (const file of files) {
  const from = rel(file);
  const src = layerOf(from);
  const edges = [];
  for (const { spec, typeOnly } of importsOf(file)) {
    if (!spec.startsWith('.')) {
      const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
      if (
        PRIVATE_PACKAGES.includes(pkg) &&
        (src.layer === 'feature' ||
          src.layer === 'app' ||
          src.layer === 'ui' ||
          src.layer === 'lib')
      ) {
        counts['screens → Dexie db / HTTP client']++;
        problems.push(`${from}: imports '${spec}' (storage is private to src/data)`);
      }
      continue;
    }
    const target = rel(resolveSpec(file, spec));
    if (!typeOnly) edges.push(target);
    const dst = layerOf(target);
    if (dst.layer === 'other') continue;
    if (PRIVATE_DATA.includes(target) && (src.layer === 'feature' || src.layer === 'app')) {
      counts['screens → Dexie db / HTTP client']++;
      problems.push(`${from}: imports ${target} (storage is private to src/data)`);
    }
    if (src.layer === 'feature' && dst.layer === 'feature' && src.feature !== dst.feature) {
      counts['feature → feature']++;
      problems.push(
        `${from}: feature '${src.feature}' imports feature '${dst.feature}' (${target})`,
      );
      continue;
    }
    if (src.layer === 'feature' && dst.layer === 'app') {
      counts['feature → app']++;
      problems.push(`${from}: a feature imports src/app (${target})`);
      continue;
    }
    if (!ALLOWED[src.layer]?.includes(dst.layer)) {
      const key =
        dst.layer === 'app' || dst.layer === 'feature'
          ? 'shared (domain/lib/ui/data/sw) → app or feature'
          : 'other wrong direction';
      if (src.layer === 'server' && (dst.layer === 'app' || dst.layer === 'feature')) {
        counts['other wrong direction']++;
      } else counts[key]++;
      problems.push(`${from}: ${src.layer} imports ${dst.layer} (${target})`);
    }
  }
  graph.set(from, edges);
}

// Cycles among runtime imports (type-only imports vanish at build time): Tarjan's strongly
// connected components; each component with more than one module, or a self-import, is one cycle.
let index = 0;
const stack = [];
const meta = new Map();
const cycles = [];
function strong(v) {
  meta.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of graph.get(v) ?? []) {
    if (!graph.has(w)) continue;
    if (!meta.has(w)) {
      strong(w);
      meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
    } else if (meta.get(w).onStack) {
      meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
    }
  }
  if (meta.get(v).low === meta.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      meta.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component);
  }
}
for (const v of graph.keys()) if (!meta.has(v)) strong(v);
counts['import cycles'] = cycles.length;
for (const c of cycles) problems.push(`import cycle: ${c.sort().join(' ↔ ')}`);

const total = Object.values(counts).reduce((a, b) => a + b, 0);
if (total > 0) for (const p of problems) console.error(p);
console.log(`check-imports: ${files.length} modules`);
for (const [k, v] of Object.entries(counts)) console.log(`  ${k}: ${v}`);
if (total > 0 && !reportOnly) {
  console.error(`check-imports: ${total} import(s) break the layers`);
  process.exit(1);
}
