// Builds the server for production: server/main.ts and everything it imports (src/domain
// included) bundled by esbuild into dist/server/main.js, packages left to node_modules; the SQL
// migrations copied beside it (server/db/migrate.ts reads them next to its own module, which is
// this bundle once built). `--if-stale` builds only when the bundle is missing or older than
// its sources (npm start, the end-to-end tests and the benchmarks call it so).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'dist/server');
const outFile = path.join(outDir, 'main.js');
const SOURCES = ['server', 'src/domain', 'package.json', 'scripts/build-server.mjs'];

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Whether dist/server is missing or older than any of its sources. */
export function serverBuildStale() {
  const built = fs.statSync(outFile, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return built === 0 || built < Math.max(...SOURCES.map((p) => newestMtime(path.join(root, p))));
}

export async function buildServer() {
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
    // pglite-init and first-start are also run by file name as child processes of main.
    entryPoints: ['server/main.ts', 'server/db/pglite-init.ts', 'server/first-start.ts'].map((f) =>
      path.join(root, f),
    ),
    outdir: outDir,
    entryNames: '[name]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    // Node keeps every source map it loads in memory (--enable-source-maps): the mappings are
    // what a stack trace needs, not a copy of every source file.
    sourcesContent: false,
    logLevel: 'warning',
  });
  fs.cpSync(path.join(root, 'server/db/migrations'), path.join(outDir, 'migrations'), {
    recursive: true,
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.argv.includes('--if-stale') || serverBuildStale()) {
    await buildServer();
    console.log('Servidor construído em dist/server');
  }
}
