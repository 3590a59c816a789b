/**
 * The bundle report: every built chunk (JS, CSS) with its raw, gzip and brotli size, from the
 * copies the build wrote beside it (scripts/precompress.ts), and whether the service worker
 * precaches it. Which chunks each route loads comes from a browser run (first-visit scenario).
 */
import fs from 'node:fs';
import path from 'node:path';
import { isMapCode } from '../../src/domain/sw-protocol';

export interface ChunkSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
  precached: boolean;
}

const size = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);

export function chunkSizes(clientDir = path.resolve('dist/client')): ChunkSize[] {
  const assets = path.join(clientDir, 'assets');
  const sw = fs.readFileSync(path.join(clientDir, 'sw.js'), 'utf8');
  return fs
    .readdirSync(assets)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => {
      const full = path.join(assets, f);
      return {
        file: f,
        raw: size(full),
        gzip: size(`${full}.gz`),
        brotli: size(`${full}.br`),
        // The map's files are named in the manifest but not precached (sw/sw.ts).
        precached: sw.includes(`assets/${f}`) && !isMapCode(`assets/${f}`),
      };
    })
    .sort((a, b) => b.brotli - a.brotli);
}

const kb = (n: number) => (n / 1024).toFixed(1);

export function bundleMarkdown(chunks: ChunkSize[], routes: Record<string, string[]> = {}): string {
  const lines = [
    '## Bundle',
    '',
    '| chunk | raw KB | gzip KB | brotli KB | precached |',
    '|---|---|---|---|---|',
    ...chunks.map(
      (c) =>
        `| ${c.file} | ${kb(c.raw)} | ${kb(c.gzip)} | ${kb(c.brotli)} | ${c.precached ? 'yes' : 'no (runtime + pack)'} |`,
    ),
  ];
  const names = Object.keys(routes);
  if (names.length > 0) {
    lines.push('', '| route | chunks loaded (cold, before the page is usable) |', '|---|---|');
    for (const name of names) lines.push(`| ${name} | ${(routes[name] ?? []).join(', ')} |`);
  }
  return lines.join('\n');
}
