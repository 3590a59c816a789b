/**
 * What starting the server costs, from source through tsx (development) and built
 * (dist/server/main.js, production): time until /api/health answers, and the resident memory
 * (VmRSS) after 10 s idle. Each mode starts RUNS times on a fresh DATA_DIR (the first start
 * applies the migrations; SEED=none) and once more on that same directory; medians printed.
 *
 *   npm run build && npx tsx bench/start-cost.ts [--runs 3]
 * With DATABASE_URL set, every start uses that PostgreSQL database instead (migrated by the first
 * start): what is left is the server's own start, without PGlite's.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, SERVER_NODE_FLAGS } from '../scripts/server-process';

const ROOT = path.resolve(import.meta.dirname, '..');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 3;
const IDLE_MS = 10_000;

const MODES = {
  tsx: ['--import', 'tsx', path.join(ROOT, 'server/main.ts')],
  built: [...SERVER_NODE_FLAGS, path.join(ROOT, 'dist/server/main.js')],
} as const;

function rssKiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
}

async function startOnce(args: readonly string[], dataDir: string) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...args], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const startMs = performance.now() - started;
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const rss = rssKiB(child.pid ?? 0);
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return { startMs, rssMiB: rss / 1024 };
}

interface Sample {
  startMs: number;
  rssMiB: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

// The modes take turns within each run, so a machine's changing load falls on both alike.
const results = new Map<string, { fresh: Sample[]; again: Sample[] }>();
for (let i = 0; i < RUNS; i++) {
  for (const [mode, args] of Object.entries(MODES)) {
    const r = results.get(mode) ?? { fresh: [], again: [] };
    results.set(mode, r);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memorial-start-'));
    r.fresh.push(await startOnce(args, dir));
    r.again.push(await startOnce(args, dir));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const f = (xs: Sample[]) =>
  `start ${median(xs.map((x) => x.startMs)).toFixed(0)} ms, RSS ${median(xs.map((x) => x.rssMiB)).toFixed(1)} MiB`;
const each = (xs: Sample[]) =>
  xs.map((x) => `${x.startMs.toFixed(0)} ms/${x.rssMiB.toFixed(1)} MiB`).join(', ');
for (const [mode, r] of results) {
  console.log(
    `${mode.padEnd(6)} fresh DATA_DIR: ${f(r.fresh)} | existing: ${f(r.again)}  (${RUNS} runs, medians)`,
  );
  console.log(`       every start: fresh ${each(r.fresh)}; existing ${each(r.again)}`);
}
