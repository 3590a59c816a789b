/**
 * npm run bench: starts the real server on PGlite and (when it answers) PostgreSQL, plus the
 * bare baseline server, runs every scenario against both in the same run, and writes
 * bench/RESULTS.md. Flags: --duration S (per target, default 10), --connections N (default 50),
 * --only name[,name], --engines pglite,postgres.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { type ServerProcess, startServer } from '../scripts/server-process';
import type { Row } from './lib/report';
import { writeReport } from './lib/report';
import type { BenchContext } from './lib/types';
import { checkuserScenario } from './scenarios/checkuser';

type Scenario = (ctx: BenchContext) => Promise<Row[]>;
const SCENARIOS: Record<string, Scenario> = { checkuser: checkuserScenario };

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
  const only = arg('only')?.split(',');
  const scenarios = Object.entries(SCENARIOS).filter(([n]) => !only || only.includes(n));
  const wanted = (arg('engines') ?? 'pglite,postgres').split(',');
  const engines: ('pglite' | 'postgres')[] = [];
  if (wanted.includes('pglite')) engines.push('pglite');
  if (wanted.includes('postgres') && (await postgresAvailable())) engines.push('postgres');

  const bare = await startServer({ entry: path.resolve(import.meta.dirname, 'bare-server.ts') });
  const rows: Row[] = [];
  try {
    for (const engine of engines) {
      const run = async (databaseUrl?: string) => {
        let server: ServerProcess | null = null;
        try {
          server = await startServer({
            env: {
              SEED: 'none',
              LOG_LEVEL: 'warn',
              ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
            },
          });
          for (const [name, scenario] of scenarios) {
            console.log(`== ${name} on ${engine}`);
            rows.push(...(await scenario({ engine, server, bare, load, seedCount: 0 })));
          }
        } finally {
          await server?.stop();
        }
      };
      if (engine === 'postgres') await withPgDatabase(run);
      else await run();
    }
  } finally {
    await bare.stop();
  }
  const file = writeReport(rows, {
    engines: engines.join(', '),
    load: `${load.connections} connections, ${load.durationSeconds} s per target (autocannon)`,
    data: 'empty database plus the benchmark user',
  });
  console.log(`Relatório: ${file}`);
  for (const r of rows) {
    console.log(
      `${r.scenario}\t${r.engine}\t${r.target}\t${Math.round(r.rps ?? 0)} req/s\tp50 ${r.p50} ms\tp99 ${r.p99} ms\t${r.ratio ?? ''}`,
    );
  }
}

await main();
