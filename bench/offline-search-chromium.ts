/**
 * Offline search in the browser (issue 6: "offline search over 100k records in Chromium
 * (Dexie): median under 30 ms"). Fills the app's IndexedDB database in Debian's Chromium with
 * `--count` generated records (the seed generator, same rows as `npm run seed`), then times
 * the app's own offline search and suggestions over queries families type (search-queries.ts).
 *
 *   npx tsx bench/offline-search-chromium.ts [--count 100000] [--rounds 3]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { generateSepultado, seededRandom } from '../server/services/seed-generator';
import type { LocalSepultado } from '../src/data/db';
import { locationKeys, nameTokens } from '../src/domain/search-text';
import { searchQueries, suggestionQueries } from './scenarios/search-queries';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const COUNT = arg('count', 100_000);
const ROUNDS = arg('rounds', 3);
const CHUNK = 5_000;

function rows(count: number): LocalSepultado[] {
  const rand = seededRandom(1);
  return Array.from({ length: count }, (_, i) => {
    const g = generateSepultado(rand);
    const id = (0x65f0a1b2 + i).toString(16).padStart(24, '0');
    return {
      _id: id,
      id,
      nome: g.nome,
      rua: g.rua,
      quadra: g.quadra,
      chapa: g.chapa,
      dtFal: g.dtFal,
      images: [],
      thumbs: [],
      full: false,
      storedAt: i,
      nameTokens: nameTokens(g.nome),
      locationKeys: locationKeys(g),
    };
  });
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main() {
  const bundle = await build({
    entryPoints: ['bench/offline-search-entry.ts'],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    define: { 'import.meta.env.VITE_API_BASE': 'undefined' },
  });
  const js = bundle.outputFiles[0]?.text ?? '';
  const server = http.createServer((req, res) => {
    if (req.url === '/bench.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
    } else {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<script src="/bench.js"></script>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => 'bench' in globalThis);
    const data = rows(COUNT);
    const fillStart = Date.now();
    for (let i = 0; i < data.length; i += CHUNK) {
      const chunk = data.slice(i, i + CHUNK);
      await page.evaluate((r) => (globalThis as unknown as BenchWindow).bench.put(r), chunk);
    }
    const fillMs = Date.now() - fillStart;
    const graves = data.filter((_, i) => i % Math.floor(COUNT / 60) === 0).slice(0, 60);
    const lists = { search: searchQueries(graves), suggest: suggestionQueries(graves) };
    const lines = [`records: ${COUNT} (filled in ${fillMs} ms), rounds: ${ROUNDS}`];
    for (const kind of ['search', 'suggest'] as const) {
      const { samples, found } = await page.evaluate(
        ([q, r, k]) => (globalThis as unknown as BenchWindow).bench.time(q, r, k),
        [lists[kind], ROUNDS, kind] as const,
      );
      const sorted = [...samples].sort((a, b) => a - b);
      lines.push(
        `${kind}: ${samples.length} calls, p50 ${pct(sorted, 50).toFixed(1)} ms, ` +
          `p99 ${pct(sorted, 99).toFixed(1)} ms, with hits ${found}/${samples.length}`,
      );
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await browser.close();
    server.close();
  }
}

interface BenchWindow {
  bench: {
    put(rows: LocalSepultado[]): Promise<number>;
    time(
      queries: readonly string[],
      rounds: number,
      kind: 'search' | 'suggest',
    ): Promise<{ samples: number[]; found: number }>;
  };
}

await main();
