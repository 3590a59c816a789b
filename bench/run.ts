/**
 * npm run bench: for PGlite and (when it answers) PostgreSQL, seeds a register with the seed
 * CLI, starts the real server on it, plus the bare baseline server, runs every scenario
 * against both in the same run, and writes bench/RESULTS.md.
 * Flags: --count N (records seeded first, default 100000; 0 skips), --duration S (per target,
 * default 10), --connections N (default 50), --only name[,name], --engines pglite,postgres,
 * --pg-database URL (an already seeded PostgreSQL database, used as is: not seeded, not
 * dropped; for quick repeated runs), --offline-rounds N (default 3), --offline-profile DIR
 * (keep the offline-search Chromium profile, and so its filled IndexedDB, between runs).
 * `finados` (PostgreSQL only): the Finados crowd mix at 100 connections on its own server with the
 * per-IP limits on, then at 3× (--finados-connections, --finados-seconds, --finados-overload,
 * --finados-phones, --finados-people, --finados-sync walk|delta, --finados-warmup, --finados-names; the records are the database's: --count or --pg-database).
 * `offline-search` runs once, without a server (Chromium + Dexie, --count records or 100000).
 * `import-legacy` runs once per engine on its own empty database (npm run import:legacy of a
 * generated export of the original app; --import-count N records, default 100000).
 * `soak` runs only when named (--only soak; --soak-seconds N, default 600): bench/scenarios/soak.ts.
 * `backup` runs only when named (--only backup; --backup-photos N, default 10000; --backup-scale
 * adds the --scale-count register on PostgreSQL): npm run backup / restore, bench/scenarios/backup.ts.
 * `scale` runs only when named (--only scale; --scale-count N, default 2000000; --scale-reuse):
 * its own seeded PostgreSQL database, bench/scenarios/scale.ts.
 * `graves` runs only when named (--only graves; --graves-count N, default 2000000; --graves-reuse;
 * --graves-samples N, default 500; --graves-no-migration; --graves-before: also a register seeded
 * the old way, one place per record, its detail and search in the same rounds): its own seeded PostgreSQL database,
 * grave page, deadlines, record detail and search through inject, the migration replayed,
 * bench/scenarios/graves.ts.
 * `audit` runs only when named (--only audit; --audit-writes N, --audit-entries N, --audit-records
 * N, --audit-samples N, --audit-reuse, --audit-no-scale): the trail's write cost per engine and
 * its reads at scale, bench/scenarios/audit.ts.
 * `pack-scale` too (--only pack-scale --engines postgres --pg-database URL of a database filled by
 * bench/pack-scale-seed.ts): the visit pack per cemetery at 100,000 and 1,500,000 records.
 * `work-orders` runs only when named (--only work-orders; --wo-orders N, default 3000; --wo-staff
 * N, default 30; --wo-runs N, default 200): bench/scenarios/work-orders.ts.
 * `work-orders-reconnect` too (--only work-orders-reconnect --count 0; --wo-reconnect-runs N,
 * default 3): 10 ticks and 3 photos made offline in Chromium, then sent over a 1.6 Mbit/s link.
 * `memory` runs only when named (--only memory; --memory-seconds, --memory-connections,
 * --memory-idle): the server's RSS at idle, at start and under the Finados mix, bench/RESULTS-memory.md.
 * `first-visit` runs once, on its own demo server, and writes bench/RESULTS-first-visit.md (with
 * the bundle report and the chunks each route loads); `bundle` writes only the chunk sizes.
 * `lighthouse` runs only when named (--only lighthouse; --lighthouse-runs N, default 3): the
 * public pages in Lighthouse 12 mobile on the demo server, bench/RESULTS-lighthouse.md.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type ServerProcess, startServer } from '../scripts/server-process';
import { bundleMarkdown, chunkSizes } from './lib/bundle-report';
import type { Row } from './lib/report';
import { writeReport } from './lib/report';
import { reportSections } from './lib/sections';
import type { BenchContext } from './lib/types';
import { auditScenario } from './scenarios/audit-bench';
import { backupScenario } from './scenarios/backup';
import { checkuserScenario } from './scenarios/checkuser';
import { finadosScenario } from './scenarios/finados';
import { firstVisitScenario } from './scenarios/first-visit';
import { gravesScenario } from './scenarios/graves';
import { importLegacyScenario } from './scenarios/import-legacy';
import { lighthouseScenario } from './scenarios/lighthouse';
import { memoryScenario } from './scenarios/memory';
import { offlineSearchScenario } from './scenarios/offline-search';
import { packScenario } from './scenarios/pack';
import { packScaleScenario } from './scenarios/pack-scale';
import { scaleScenario } from './scenarios/scale';
import { searchScenario } from './scenarios/search';
import { sepultadosScenario } from './scenarios/sepultados';
import { sheetScenario } from './scenarios/sheet';
import { soakScenario } from './scenarios/soak';
import { workOrdersScenario } from './scenarios/work-orders';
import { workOrdersReconnectScenario } from './scenarios/work-orders-reconnect';

type Scenario = (ctx: BenchContext) => Promise<Row[]>;
const SCENARIOS: Record<string, Scenario> = {
  checkuser: checkuserScenario,
  sepultados: sepultadosScenario,
  search: searchScenario,
  pack: packScenario,
  sheet: sheetScenario,
  // PostgreSQL only; its own server with the production limits (bench/scenarios/finados.ts).
  finados: finadosScenario,
};
// Long (10 min per engine by default): only with --only soak.
const OPT_IN: Record<string, Scenario> = {
  soak: soakScenario,
  'pack-scale': packScaleScenario,
  // The server's RSS (bench/scenarios/memory.ts): its own fresh demo server, then the Finados mix.
  memory: memoryScenario,
  // A month of work orders made through the API (bench/scenarios/work-orders.ts; --wo-orders,
  // --wo-staff, --wo-runs): the calendar's p99 and the crew's "Hoje" bytes.
  'work-orders': workOrdersScenario,
  // One phone's reconnect after offline field work, in Chromium through a 1.6 Mbit/s link
  // (bench/scenarios/work-orders-reconnect.ts; --wo-reconnect-runs; no seed needed: --count 0).
  'work-orders-reconnect': workOrdersReconnectScenario,
};

const BENCH_ADMIN = { email: 'admin@bench.memorial.local', password: 'Bench@Admin1' };
const ROOT = path.resolve(import.meta.dirname, '..');

/** Loads N records with the seed CLI into the database the server will open. */
function seed(count: number, env: Record<string, string>): number {
  if (count <= 0) return 0;
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'server/seed-cli.ts'), '--count', String(count)],
    { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`seed failed (exit code ${result.status})`);
  console.log(`seed: ${count} records in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return count;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresAvailable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function withPgDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const name = `memorial_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  }
}

async function main() {
  const load = {
    durationSeconds: Number(arg('duration') ?? 10),
    connections: Number(arg('connections') ?? 50),
  };
  const loadAtStart = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
  const count = Number(arg('count') ?? 100_000);
  const only = arg('only')?.split(',');
  const scenarios = [
    ...Object.entries(SCENARIOS).filter(([n]) => !only || only.includes(n)),
    ...Object.entries(OPT_IN).filter(([n]) => only?.includes(n)),
  ];
  const wanted = (arg('engines') ?? 'pglite,postgres').split(',');
  const engines: ('pglite' | 'postgres')[] = [];
  const reuse = arg('pg-database');
  if (scenarios.length > 0) {
    if (wanted.includes('pglite')) engines.push('pglite');
    if (wanted.includes('postgres') && (reuse || (await postgresAvailable()))) {
      engines.push('postgres');
    }
  }

  const bare = await startServer({ entry: path.resolve(import.meta.dirname, 'bare-server.ts') });
  const rows: Row[] = [];
  try {
    for (const engine of engines) {
      const run = async (databaseUrl?: string) => {
        let server: ServerProcess | null = null;
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memorial-bench-'));
        const dbEnv: Record<string, string> = databaseUrl
          ? { DATABASE_URL: databaseUrl, DATA_DIR: dataDir }
          : { DATA_DIR: dataDir };
        try {
          const seedCount = reuse && databaseUrl === reuse ? 0 : seed(count, dbEnv);
          server = await startServer({
            dataDir,
            timeoutMs: 180_000,
            env: {
              SEED: 'none',
              LOG_LEVEL: 'warn',
              // The load generator is one address: lift the per-IP search limit for the run.
              SEARCH_RATE_PER_MINUTE: '0',
              // These scenarios measure what a route costs at saturation, so nothing is shed
              // (checkuser's account lane holds 16 at once); shedding is the finados scenario's,
              // on its own server with the production settings.
              MAX_CONCURRENT: '0',
              // The soak's clients each send their own X-Forwarded-For, as a crowd would arrive.
              TRUST_PROXY: 'true',
              ADMIN_EMAIL: BENCH_ADMIN.email,
              ADMIN_PASSWORD: BENCH_ADMIN.password,
              ...dbEnv,
            },
          });
          process.env.BENCH_ADMIN_EMAIL = BENCH_ADMIN.email;
          process.env.BENCH_ADMIN_PASSWORD = BENCH_ADMIN.password;
          for (const [name, scenario] of scenarios) {
            console.log(`== ${name} on ${engine}`);
            const ctx = { engine, server, bare, load, seedCount, databaseUrl: databaseUrl ?? null };
            rows.push(...(await scenario(ctx)));
          }
        } finally {
          await server?.stop();
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      };
      if (engine === 'postgres' && reuse) await run(reuse);
      else if (engine === 'postgres') await withPgDatabase(run);
      else await run();
    }
  } finally {
    await bare.stop();
  }
  if (only?.includes('audit')) {
    rows.push(
      ...(await auditScenario({
        pgUrl: wanted.includes('postgres') && (await postgresAvailable()) ? PG_URL : null,
        writes: Number(arg('audit-writes') ?? 300),
        entries: Number(arg('audit-entries') ?? 10_000_000),
        records: Number(arg('audit-records') ?? 2_000_000),
        samples: Number(arg('audit-samples') ?? 500),
        reuse: process.argv.includes('--audit-reuse'),
        scale: !process.argv.includes('--audit-no-scale'),
      })),
    );
  }
  if (only?.includes('scale')) {
    console.log('== scale on postgres (its own database)');
    rows.push(
      ...(await scaleScenario({
        pgUrl: PG_URL,
        count: Number(arg('scale-count') ?? 2_000_000),
        reuse: process.argv.includes('--scale-reuse'),
        seconds: load.durationSeconds,
      })),
    );
  }
  if (only?.includes('graves')) {
    console.log('== graves on postgres (its own database)');
    rows.push(
      ...(await gravesScenario({
        pgUrl: PG_URL,
        count: Number(arg('graves-count') ?? 2_000_000),
        reuse: process.argv.includes('--graves-reuse'),
        samples: Number(arg('graves-samples') ?? 500),
        migration: !process.argv.includes('--graves-no-migration'),
        before: process.argv.includes('--graves-before'),
      })),
    );
  }
  if (only?.includes('backup')) {
    // Opt-in: npm run backup / restore as whole processes, on their own databases.
    const backupEngines: ('pglite' | 'postgres')[] = [];
    if (wanted.includes('pglite')) backupEngines.push('pglite');
    if (wanted.includes('postgres') && (await postgresAvailable())) backupEngines.push('postgres');
    rows.push(
      ...(await backupScenario({
        engines: backupEngines,
        count: count > 0 ? count : 100_000,
        photos: Number(arg('backup-photos') ?? 10_000),
        scaleCount: process.argv.includes('--backup-scale')
          ? Number(arg('scale-count') ?? 2_000_000)
          : null,
        withPgDatabase,
      })),
    );
  }
  if (!only || only.includes('import-legacy')) {
    console.log('== import-legacy (npm run import:legacy into an empty database)');
    const importEngines: ('pglite' | 'postgres')[] = [];
    if (wanted.includes('pglite')) importEngines.push('pglite');
    if (wanted.includes('postgres') && (await postgresAvailable())) importEngines.push('postgres');
    rows.push(
      ...(await importLegacyScenario({
        engines: importEngines,
        count: Number(arg('import-count') ?? 100_000),
        withPgDatabase,
      })),
    );
  }
  if (!only || only.includes('offline-search')) {
    console.log('== offline-search in Chromium');
    rows.push(
      ...(await offlineSearchScenario({
        count: count > 0 ? count : 100_000,
        rounds: Number(arg('offline-rounds') ?? 3),
        profile: arg('offline-profile'),
      })),
    );
  }
  if (!only || only.includes('bundle')) {
    // Static and cheap: every chunk's raw / gzip / brotli size (first-visit adds the routes).
    const file = path.join(ROOT, 'bench/RESULTS-bundle.md');
    fs.writeFileSync(file, `# Bundle\n\n${bundleMarkdown(chunkSizes())}\n`);
    console.log(`Report: ${file}`);
  }
  if (!only || only.includes('first-visit')) {
    console.log('== first-visit in Chromium (throttled)');
    rows.push(...(await firstVisitScenario()));
  }
  if (only?.includes('lighthouse')) {
    console.log('== lighthouse (mobile, simulated throttling)');
    rows.push(...(await lighthouseScenario()));
  }
  const loadAvg = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
  // A run of some scenarios (--only) gets its own file, so it never replaces the full report.
  const fileName = only ? `RESULTS-${only.join('-')}.md` : 'RESULTS.md';
  // first-visit and bundle write their own files; a run of only those writes nothing else.
  const ownReport = ['first-visit', 'bundle', 'lighthouse'];
  const scaleOnly = only?.length === 1 && only[0] === 'scale';
  const auditOnly = only?.length === 1 && only[0] === 'audit';
  const gravesOnly = only?.length === 1 && only[0] === 'graves';
  // The offline search alone runs no server: its data is the generated pack, said in its rows.
  const offlineOnly = only?.length === 1 && only[0] === 'offline-search';
  // The backup scenario runs its own commands, one process at a time, on its own databases.
  const backupOnly = only?.length === 1 && only[0] === 'backup';
  const reconnectOnly = only?.length === 1 && only[0] === 'work-orders-reconnect';
  if (!only || only.some((n) => !ownReport.includes(n))) {
    const file = writeReport(
      rows,
      {
        engines:
          scaleOnly || gravesOnly
            ? 'postgres'
            : auditOnly
              ? 'pglite, postgres'
              : offlineOnly
                ? 'none (Chromium only)'
                : backupOnly
                  ? wanted.join(', ')
                  : engines.join(', '),
        load:
          auditOnly || gravesOnly
            ? "one request at a time through inject (the server's own work, no HTTP)"
            : backupOnly
              ? 'none: npm run backup, then npm run restore, each a whole process, nothing else running on that database'
              : reconnectOnly
                ? 'one phone (Chromium, 390 px, service worker on) through a 1.6 Mbit/s link with 150 ms round trip'
                : scaleOnly
                  ? `one client at a time, ${load.durationSeconds} s per measure (× 3 for the interleaved search)`
                  : offlineOnly
                    ? 'one call at a time in the page'
                    : `${load.connections} connections, ${load.durationSeconds} s per target (autocannon)`,
        data: reconnectOnly
          ? 'per run: one concessionário, one record and one order with 10 milestones, made through the API'
          : gravesOnly
            ? `${Number(arg('graves-count') ?? 2_000_000).toLocaleString('en-US')} seeded burial records over 22 cemeteries, with their graves, concessions, fees and abandonment cases (npm run seed), in its own database`
            : auditOnly
              ? 'writes: 40 records made through the API per engine (in-process app); reads: the generated register and trail named in each row'
              : scaleOnly
                ? `${Number(arg('scale-count') ?? 2_000_000).toLocaleString('en-US')} seeded burial records over 22 cemeteries in database memorial_bench_scale (npm run seed)`
                : offlineOnly
                  ? `${(count > 0 ? count : 100_000).toLocaleString('en-US')} generated burial records (seed generator, seed 1) in one cemetery's visit pack on the device`
                  : reuse
                    ? // Not seeded here: the header must not claim --count's records (each scenario's own text says how many).
                      'the records already in the --pg-database database (used as is, not seeded), plus the benchmark users'
                    : `${count.toLocaleString('en-US')} seeded burial records per engine (npm run seed), plus the benchmark users`,
        'load average (1, 5, 15 min) at start': loadAtStart,
        'load average (1, 5, 15 min) at end': loadAvg,
      },
      reportSections,
      fileName,
    );
    console.log(`Report: ${file}`);
  }
  for (const r of rows) {
    console.log(
      `${r.scenario}\t${r.engine}\t${r.target}\t${Math.round(r.rps ?? 0)} req/s\tp50 ${r.p50} ms\tp99 ${r.p99} ms\t${r.ratio ?? ''}`,
    );
  }
}

await main();
