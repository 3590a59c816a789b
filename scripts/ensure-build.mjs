// Builds the PWA when dist/client is missing or older than its sources (npm start on a fresh
// clone), or always with --force (the end-to-end tests must run against the current code), and
// with it the server's render of the public pages (dist/ssr, from the same sources); the
// server's bundle (dist/server, scripts/build-server.mjs) likewise.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, serverBuildStale } from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'dist/client/index.html');
const ssrOut = path.join(root, 'dist/ssr/entry-server.js');
const force = process.argv.includes('--force');

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const built = fs.statSync(out, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const sources = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) =>
  newestMtime(path.join(root, p)),
);
if (force || serverBuildStale()) {
  console.log(
    force ? 'Construindo o servidor…' : 'Servidor ausente ou desatualizado: construindo…',
  );
  await buildServer();
}
const ssrBuilt = fs.statSync(ssrOut, { throwIfNoEntry: false })?.mtimeMs ?? 0;
if (!force && built > 0 && ssrBuilt >= built && built >= Math.max(...sources)) process.exit(0);

console.log(force ? 'Construindo o PWA…' : 'PWA ausente ou desatualizado: construindo…');
for (const args of [
  ['vite', 'build'],
  ['vite', 'build', '--ssr', 'src/entry-server.tsx'],
]) {
  const result = spawnSync('npx', args, { cwd: root, stdio: 'inherit', shell: false });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
