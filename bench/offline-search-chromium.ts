/**
 * The offline search in the browser, as the app runs it today: the visit pack of one cemetery
 * (src/data/pack-store: compact pages and a token index) holding `--count` generated records
 * (the seed generator, seed 1: the same records and queries as the Dexie-rows bench this
 * replaced, whose figures issue #17 gives as the baseline), installed in Debian's Chromium by
 * the app's own pack walk, then the app's own device search (device-search.ts searchDevice: 50
 * cards + total) and suggestions (suggestDevice: 8) timed over queries families type
 * (search-queries.ts). `npm run bench` runs it as the `offline-search` scenario
 * (scenarios/offline-search.ts).
 *
 *   npx tsx bench/offline-search-chromium.ts [--count 100000] [--rounds 3] [--profile DIR]
 *
 * --profile keeps the Chromium profile (and so the installed pack) in DIR between runs. The
 * page is then served on a fixed port, since IndexedDB belongs to an origin.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { generateBurial, seededRandom } from '../server/modules/seed/seed-generator';
import { encodePackRecords, type PackRecord } from '../src/domain/pack-format';
import { PACK_PAGE_LIMIT, type PackAnswer } from '../src/domain/sync-types';
import { searchQueries, suggestionQueries } from './scenarios/search-queries';

const PROFILE_PORT = 47_316;
const CEMETERY = 'Cemitério Municipal';

/** The generated register (seed 1: the same records the Dexie-rows bench searched). */
function records(count: number): PackRecord[] {
  const rand = seededRandom(1);
  return Array.from({ length: count }, (_, i) => {
    const g = generateBurial(rand);
    return {
      id: (0x65f0a1b2 + i).toString(16).padStart(24, '0'),
      nome: g.nome,
      rua: g.rua,
      quadra: g.quadra,
      chapa: g.chapa,
      dtFal: g.dtFal,
      image: null,
      thumb: null,
      homenagens: 0,
      latitude: g.latitude,
      longitude: g.longitude,
    };
  });
}

/** The pack's stream as the server would send a first walk: pages of 5000, cursor = next page. */
function pages(data: PackRecord[]): PackAnswer[] {
  const out: PackAnswer[] = [];
  for (let i = 0; i < data.length; i += PACK_PAGE_LIMIT) {
    out.push({
      cursor: String(out.length + 1),
      hasMore: i + PACK_PAGE_LIMIT < data.length,
      reset: false,
      deleted: [],
      again: [],
      ...encodePackRecords(data.slice(i, i + PACK_PAGE_LIMIT)),
    });
  }
  return out;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export interface OfflineFigure {
  kind: 'search' | 'suggest';
  calls: number;
  p50: number;
  p95: number;
  p99: number;
  found: number;
}

export interface OfflineRun {
  count: number;
  /** Milliseconds the pack's install took (walk + index; 0 when a kept profile held it). */
  fillMs: number;
  /** Of which building the index. */
  indexMs: number;
  rounds: number;
  chromium: string;
  figures: OfflineFigure[];
}

export interface OfflineOptions {
  count: number;
  rounds: number;
  /** Chromium profile directory to keep between runs; a fresh temporary one when absent. */
  profile?: string;
}

async function bundle(): Promise<string> {
  const out = await build({
    entryPoints: [path.join(import.meta.dirname, 'offline-search-entry.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    define: { 'import.meta.env.VITE_API_BASE': 'undefined' },
  });
  return out.outputFiles[0]?.text ?? '';
}

export async function runOfflineSearch(options: OfflineOptions): Promise<OfflineRun> {
  const js = await bundle();
  const server = http.createServer((req, res) => {
    if (req.url === '/bench.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
    } else {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<script src="/bench.js"></script>');
    }
  });
  const port = options.profile ? PROFILE_PORT : 0;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  const profile = options.profile ?? path.join(os.tmpdir(), `memorial-offline-${process.pid}`);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`http://127.0.0.1:${actual}/`);
    await page.waitForFunction(() => 'bench' in globalThis);
    const data = records(options.count);
    let fillMs = 0;
    let indexMs = 0;
    const held = await page.evaluate(() => (globalThis as unknown as BenchWindow).bench.count());
    if (held !== options.count) {
      for (const p of pages(data)) {
        await page.evaluate((a) => (globalThis as unknown as BenchWindow).bench.add(a), p);
      }
      const installed = await page.evaluate(
        (nome) => (globalThis as unknown as BenchWindow).bench.install(nome),
        CEMETERY,
      );
      if (installed.records !== options.count) {
        throw new Error(`pack holds ${installed.records} of ${options.count} records`);
      }
      fillMs = installed.ms;
      indexMs = installed.indexMs;
    }
    const step = Math.max(1, Math.floor(options.count / 60));
    const graves = data.filter((_, i) => i % step === 0).slice(0, 60);
    const lists = { search: searchQueries(graves), suggest: suggestionQueries(graves) };
    const figures: OfflineFigure[] = [];
    for (const kind of ['search', 'suggest'] as const) {
      const { samples, found } = await page.evaluate(
        ([q, r, k]) => (globalThis as unknown as BenchWindow).bench.time(q, r, k),
        [lists[kind], options.rounds, kind] as const,
      );
      const sorted = [...samples].sort((a, b) => a - b);
      figures.push({
        kind,
        calls: samples.length,
        p50: pct(sorted, 50),
        p95: pct(sorted, 95),
        p99: pct(sorted, 99),
        found,
      });
    }
    return {
      count: options.count,
      fillMs,
      indexMs,
      rounds: options.rounds,
      chromium: context.browser()?.version() ?? 'chromium',
      figures,
    };
  } finally {
    await context.close();
    server.close();
    if (!options.profile) fs.rmSync(profile, { recursive: true, force: true });
  }
}

interface BenchWindow {
  bench: {
    count(): Promise<number>;
    add(page: PackAnswer): void;
    install(nome: string): Promise<{ ms: number; indexMs: number; records: number }>;
    time(
      queries: readonly string[],
      rounds: number,
      kind: 'search' | 'suggest',
    ): Promise<{ samples: number[]; found: number }>;
  };
}

async function main() {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const run = await runOfflineSearch({
    count: Number(arg('count') ?? 100_000),
    rounds: Number(arg('rounds') ?? 3),
    profile: arg('profile'),
  });
  const lines = [
    `records: ${run.count} (pack installed in ${run.fillMs.toFixed(0)} ms, index ${run.indexMs.toFixed(0)} ms), rounds: ${run.rounds}`,
  ];
  for (const f of run.figures) {
    lines.push(
      `${f.kind}: ${f.calls} calls, p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, ` +
        `p99 ${f.p99.toFixed(1)} ms, with hits ${f.found}/${f.calls}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await main();
}
