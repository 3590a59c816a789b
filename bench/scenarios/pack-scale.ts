/**
 * The visit pack per cemetery at scale (issue #17), opt-in: `npm run bench -- --only pack-scale
 * --engines postgres --pg-database URL` on a database filled by bench/pack-scale-seed.ts (a
 * 1,500,000-record cemetery and a 100,000-record one, interleaved in the stream). In Chromium,
 * on a page of the server (same origin), the app's own pack code (bench/pack-scale-entry.ts):
 * per cemetery, smallest first, the install (GET /api/sync/pack walk + token index), the bytes
 * received (what the browser counted, compressed), the IndexedDB space it added
 * (navigator.storage.estimate), the page's JS heap (sampled through the DevTools protocol every
 * 250 ms: peak during the install, after it, and during the searches), the offline search (50 +
 * total) and suggestions (8) over queries made from the pack's own records
 * (search-queries.ts), with every pack installed so far on the device, the first search in a
 * fresh tab, a no-change delta sync; at the end one pack removed and the space it freed.
 */
import path from 'node:path';
import { build } from 'esbuild';
import pg from 'pg';
import { type CDPSession, chromium, type Page } from 'playwright-core';
import type { PackRecord } from '../../src/domain/pack-format';
import type { Row } from '../lib/report';
import type { BenchContext } from '../lib/types';
import { searchQueries, suggestionQueries } from './search-queries';

interface Installed {
  ms: number;
  fetchMs: number;
  applyMs: number;
  indexMs: number;
  pages: number;
  records: number;
  bytes: number;
  /** The index build's phases: [name, ms from the install's start] (pack-index-build.ts). */
  phases?: [string, number][];
}

interface Timed {
  samples: number[];
  found: number;
  coldMs: number;
}

interface PackBench {
  install(pack: string, nome: string): Promise<Installed>;
  sample(pack: string, count: number): Promise<PackRecord[]>;
  time(queries: string[], rounds: number, kind: 'search' | 'suggest'): Promise<Timed>;
  remove(pack: string): Promise<void>;
}
type BenchWindow = { packBench: PackBench };

const ROUNDS = 3;
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function bundle(): Promise<string> {
  const out = await build({
    entryPoints: [path.join(import.meta.dirname, '..', 'pack-scale-entry.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    define: { 'import.meta.env.VITE_API_BASE': 'undefined' },
  });
  return out.outputFiles[0]?.text ?? '';
}

/**
 * Peak and last JS heap of the page while `work` runs. Garbage is collected first: a reload
 * keeps the tab's V8 heap, and what an earlier step left (the query sample reads a whole
 * pack) would otherwise count as this step's.
 */
async function heapDuring<T>(cdp: CDPSession, work: () => Promise<T>) {
  await cdp.send('HeapProfiler.collectGarbage');
  let peak = 0;
  let stop = false;
  /** Every sample, [ms since the start, bytes]: where in the work the heap grew. */
  const samples: [number, number][] = [];
  const t0 = Date.now();
  const sampler = (async () => {
    while (!stop) {
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      peak = Math.max(peak, usedSize);
      samples.push([Date.now() - t0, usedSize]);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  try {
    const value = await work();
    return { value, peak, samples, ms: Date.now() - t0 };
  } finally {
    stop = true;
    await sampler;
  }
}

/**
 * The install's heap by phase: the walk (fetch, JSON, store) until the index build began, and
 * the index build (the last `indexMs` of the install), with the largest sample of each.
 */
function heapByPhase(
  h: { samples: [number, number][]; ms: number },
  indexMs: number,
  phases: [string, number][],
): string {
  const start = h.ms - indexMs;
  const peakOf = (keep: (t: number) => boolean) =>
    h.samples.reduce((m, [t, b]) => (keep(t) ? Math.max(m, b) : m), 0);
  // The index build's own phases (its performance marks), each with its largest sample.
  const build = phases.map(([name, at], i) => {
    const end = phases[i + 1]?.[1] ?? h.ms;
    return `${name} ${(at / 1000).toFixed(1)} s ${mb(peakOf((t) => t >= at && t < end))}`;
  });
  return `heap peak in the walk ${mb(peakOf((t) => t < start))}, in the index build ${mb(peakOf((t) => t >= start))}${build.length ? ` [${build.join('; ')}]` : ''}`;
}

async function usage(page: Page): Promise<number> {
  return (await page.evaluate(
    '(async () => (await navigator.storage.estimate()).usage || 0)()',
  )) as number;
}

interface Cemetery {
  id: string;
  nome: string;
  n: number;
}

async function cemeteries(url: string): Promise<Cemetery[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<Cemetery>(
      `SELECT c.id, c.nome, count(*)::int AS n FROM cemiterios c
       JOIN sepultados s ON s.cemiterio_id = c.id AND s.deleted_at IS NULL
       GROUP BY c.id, c.nome ORDER BY n`,
    );
    return rows;
  } finally {
    await c.end();
  }
}

export async function packScaleScenario(ctx: BenchContext): Promise<Row[]> {
  if (!ctx.databaseUrl) throw new Error('pack-scale: PostgreSQL only (--engines postgres)');
  const base = ctx.server.url;
  const js = await bundle();
  const list = await cemeteries(ctx.databaseUrl);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const rows: Row[] = [];
  const row = (target: string, note: string, p50?: number, p99?: number): Row => ({
    scenario: 'pack-scale',
    engine: ctx.engine,
    target,
    ...(p50 === undefined ? {} : { p50 }),
    ...(p99 === undefined ? {} : { p99 }),
    note,
  });
  try {
    // The app's CSP forbids inline scripts; the bench injects its bundle into a page of the origin.
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    const encodings = new Set<string>();
    page.on('response', (r) => {
      if (r.url().includes('/api/sync/pack'))
        encodings.add(r.headers()['content-encoding'] ?? 'none');
    });
    const open = async () => {
      await page.goto(`${base}/api/sync/info`);
      await page.addScriptTag({ content: js });
      await page.waitForFunction(() => 'packBench' in globalThis);
    };
    await open();
    let cdp = await context.newCDPSession(page);
    const spaceBefore = await usage(page);
    const installed: (Cemetery & { space: number })[] = [];
    for (const cem of list) {
      console.log(`pack-scale: ${cem.nome} (${cem.n})`);
      const before = await usage(page);
      const inst = await heapDuring(cdp, () =>
        page.evaluate(
          ([id, nome]) => (globalThis as unknown as BenchWindow).packBench.install(id, nome),
          [cem.id, cem.nome] as const,
        ),
      );
      const space = (await usage(page)) - before;
      installed.push({ ...cem, space });
      const heapAfter = (await cdp.send('Runtime.getHeapUsage')).usedSize;
      const i = inst.value;
      const label = `${cem.n.toLocaleString('en-US')} records`;
      rows.push(
        row(
          `pack ${label}: on the wire`,
          `${mb(i.bytes)} (${(i.bytes / cem.n).toFixed(1)} B/record) in ${i.pages} pages, ${[...encodings].join('/')} as Chromium asked; aim ≤ 30 B/record`,
        ),
        row(
          `pack ${label}: install (walk + index)`,
          `${(i.ms / 1000).toFixed(1)} s: fetch + JSON ${(i.fetchMs / 1000).toFixed(1)} s (overlapped with storing), store ${(i.applyMs / 1000).toFixed(1)} s, index ${(i.indexMs / 1000).toFixed(1)} s; JS heap peak ${mb(inst.peak)} (${heapByPhase(inst, i.indexMs, i.phases ?? [])}), after ${mb(heapAfter)}; aim ≤ 150 s and ≤ 150 MB of heap at 1.5 M`,
          i.ms,
        ),
        row(
          `pack ${label}: IndexedDB space`,
          `${mb(space)} (${(space / cem.n).toFixed(0)} B/record; navigator.storage.estimate() before/after); aim ≤ 200 B/record`,
        ),
      );

      const graves = await page.evaluate(
        ([id]) => (globalThis as unknown as BenchWindow).packBench.sample(id, 60),
        [cem.id] as const,
      );
      const lists = { search: searchQueries(graves), suggest: suggestionQueries(graves) };
      // A fresh tab: the first search reads the directory and rows from IndexedDB.
      await page.reload();
      await page.addScriptTag({ content: js });
      await page.waitForFunction(() => 'packBench' in globalThis);
      cdp = await context.newCDPSession(page);
      for (const kind of ['search', 'suggest'] as const) {
        const t = await heapDuring(cdp, () =>
          page.evaluate(
            ([q, r, k]) => (globalThis as unknown as BenchWindow).packBench.time(q, r, k),
            [lists[kind], ROUNDS, kind] as const,
          ),
        );
        const sorted = [...t.value.samples].sort((a, b) => a - b);
        const what = kind === 'search' ? 'offline search (50 + total)' : 'suggestions (8)';
        rows.push(
          row(
            `pack ${label}: ${what}, ${installed.length} pack(s) on the device`,
            `median ${pct(sorted, 50).toFixed(1)} ms, p95 ${pct(sorted, 95).toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms over ${sorted.length} calls (${ROUNDS} rounds), with hits ${t.value.found}/${sorted.length}; first call in a fresh tab ${t.value.coldMs.toFixed(0)} ms; JS heap peak ${mb(t.peak)}`,
            pct(sorted, 50),
            pct(sorted, 99),
          ),
        );
      }
      const d = await page.evaluate(
        ([id, nome]) => (globalThis as unknown as BenchWindow).packBench.install(id, nome),
        [cem.id, cem.nome] as const,
      );
      rows.push(
        row(
          `pack ${label}: no-change delta sync`,
          `${d.pages} request(s), ${d.bytes} bytes, ${d.ms.toFixed(0)} ms`,
          d.ms,
        ),
      );
    }
    const first = installed[0];
    if (first && installed.length > 1) {
      const before = await usage(page);
      await page.evaluate(([id]) => (globalThis as unknown as BenchWindow).packBench.remove(id), [
        first.id,
      ] as const);
      rows.push(
        row(
          'remove one pack',
          `${first.nome}: ${mb(before - (await usage(page)))} freed (${mb(first.space)} when installed); ${mb(spaceBefore)} before any pack`,
        ),
      );
    }
  } finally {
    await browser.close();
  }
  return rows;
}
