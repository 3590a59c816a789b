/**
 * A small server (issue [K] point 5): the server process's memory as the kernel counts it
 * (VmRSS / VmHWM from /proc, bench/lib/proc-memory.ts), not what Node reports of itself.
 * - On PGlite, the embedded default as a newcomer meets it: `server/main.ts` on a fresh DATA_DIR
 *   with the demo seed, its start-up peak (VmHWM, and that of the short initdb child it runs)
 *   and its RSS once idle (--memory-idle s after it answers, default 10).
 * - On either engine, the run's server on the seeded register (--count, 100,000 by default): its
 *   start-up peak and idle RSS, then the Finados mix (bench/scenarios/finados.ts: suggestions,
 *   searches, record pages — the page the server renders, as a QR scan asks it —, tribute
 *   lists, visit pack pages, tribute posts) at
 *   --memory-connections (default 100) for --memory-seconds (default 60), RSS sampled every
 *   200 ms: the highest sample, VmHWM after it, and the RSS once idle again.
 * The servers run built (dist/server/main.js, `scripts/server-process.ts`), as `npm start` runs
 * the embedded default.
 * Targets: the embedded default idles at ≤ 300 MiB and stays ≤ 600 MiB under the mix.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../scripts/server-process';
import { procMemory, sampleRss } from '../lib/proc-memory';
import type { Row } from '../lib/report';
import { reportSections } from '../lib/sections';
import type { BenchContext } from '../lib/types';
import { all, people, runMix } from './finados';
import { sampleGraves, searchQueries, suggestionQueries } from './search-queries';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mib = (n: number) => `${Math.round(n)} MiB`;

/** The highest VmHWM of the processes whose command line names `marker` while `until` runs. */
async function childPeak<T>(marker: string, until: Promise<T>): Promise<[T, number]> {
  let peak = 0;
  let done = false;
  const watch = (async () => {
    while (!done) {
      for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
        try {
          const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
          if (cmd.includes('pglite-init') && cmd.includes(marker)) {
            peak = Math.max(peak, procMemory(Number(pid)).hwmMiB);
          }
        } catch {
          // gone meanwhile
        }
      }
      await sleep(100);
    }
  })();
  try {
    return [await until, peak];
  } finally {
    done = true;
    await watch;
  }
}

/** The embedded default on a fresh DATA_DIR with the demo seed: start-up peak and idle RSS. */
async function freshDemo(idleMs: number): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memorial-bench-memory-'));
  const started = Date.now();
  const [server, initdbPeak] = await childPeak(
    dataDir,
    startServer({ dataDir, timeoutMs: 300_000, env: { LOG_LEVEL: 'warn' } }),
  );
  const startSeconds = (Date.now() - started) / 1000;
  try {
    const ready = procMemory(server.pid);
    await sleep(idleMs);
    const idle = procMemory(server.pid);
    const target = (n: number, max: number) => `${mib(n)} (target ≤ ${max})`;
    return [
      {
        scenario: 'memory',
        engine: 'pglite',
        target: 'embedded default, fresh DATA_DIR + demo: idle RSS',
        note: `${target(idle.rssMiB, 300)}; ${mib(ready.rssMiB)} when it first answered, ${startSeconds.toFixed(0)} s after the spawn`,
      },
      {
        scenario: 'memory',
        engine: 'pglite',
        target: 'embedded default, fresh DATA_DIR + demo: start-up peak',
        note: `${target(idle.hwmMiB, 600)} (VmHWM); the initdb child: ${initdbPeak ? mib(initdbPeak) : 'not seen'} (VmHWM, its own process, ended before the server listens)`,
      },
    ];
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function memoryScenario(ctx: BenchContext): Promise<Row[]> {
  const idleMs = arg('memory-idle', 10) * 1000;
  const connections = arg('memory-connections', 100);
  const seconds = arg('memory-seconds', 60);
  const rows: Row[] = [];
  if (ctx.engine === 'pglite') rows.push(...(await freshDemo(idleMs)));

  const pid = ctx.server.pid;
  const base = new URL(ctx.server.url);
  await sleep(idleMs);
  const before = procMemory(pid);
  const cemeteries = (await (await fetch(`${ctx.server.url}/api/cemiterios`)).json()) as {
    id: string;
    total: number;
  }[];
  const records = cemeteries.reduce((n, c) => n + c.total, 0);
  const packs = cemeteries
    .filter((c) => c.total > 0)
    .flatMap((c) =>
      Array.from({ length: Math.max(1, Math.round((c.total / records) * 1000)) }, () => c.id),
    );
  const graves = await sampleGraves(ctx.server.url, 10);
  const tokens = await people(base, 50);
  const input = {
    ids: graves.map((g) => g.id),
    searches: searchQueries(graves, 1000),
    suggestions: suggestionQueries(graves, 1000),
    tokens,
    lastPost: new Array<number>(tokens.length).fill(0),
    packs,
    renderedPages: true,
  };
  // The record pages must be the server's render, not the shell it falls back to.
  const landing = await (await fetch(`${ctx.server.url}/sepultados/${input.ids[0]}`)).text();
  if (!landing.includes('<div id="root"><')) throw new Error('memory: record page not rendered');
  const sampler = sampleRss(pid);
  const mix = await runMix(base, connections, seconds, input, 5000, 1);
  const during = sampler.stop();
  const after = procMemory(pid);
  await sleep(idleMs);
  const settled = procMemory(pid);
  const total = all(mix);
  const register = `${records.toLocaleString('en-US')} records`;
  rows.push(
    {
      scenario: 'memory',
      engine: ctx.engine,
      target: `server on ${register}: start-up peak, idle RSS`,
      note: `${mib(before.hwmMiB)} peak (VmHWM), ${mib(before.rssMiB)} idle`,
    },
    {
      scenario: 'memory',
      engine: ctx.engine,
      target: `Finados mix, ${connections} connections, ${seconds} s: peak RSS`,
      rps: total.ms.length / mix.seconds,
      p50: Math.round(total.percentile(50) * 10) / 10,
      p99: Math.round(total.percentile(99) * 10) / 10,
      note: `${mib(during.maxMiB)} highest sample, VmHWM ${mib(after.hwmMiB)} (target ≤ 600 on PGlite); ${mib(settled.rssMiB)} idle ${idleMs / 1000} s after; ${total.ms.length} answers, ${total.server5xx + total.errors} 5xx or network errors`,
    },
  );
  reportSections.push(
    `## Memory on ${ctx.engine}`,
    '',
    `Server RSS from /proc/PID/status (VmRSS, VmHWM = the highest since the process started), the built server. Register: ${register}. Per-IP limits lifted and nothing shed (the run's server). Load average at the end: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')} (2 shared cores).`,
    '',
  );
  return rows;
}
