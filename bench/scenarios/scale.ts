/**
 * A register of millions (issue #17, item 4): `npm run bench -- --only scale`.
 *
 * Seeds its own PostgreSQL database (memorial_bench_scale on the bench's server) with
 * `npm run seed -- --count N` (default 2,000,000: 22 cemeteries, 1,500,000 in the largest),
 * timing the seed, unless --scale-reuse finds it already holding N records. Then, on the real
 * server over that database, one client at a time (what one family waits):
 *  - search and suggestions over the whole register, with the queries of the search benchmark
 *    (search-queries.ts, from the newest graves), interleaved with the unindexed baseline the
 *    search benchmark uses (search-baseline.ts), so the gain compares with the 100,000 one;
 *    then the same search and suggestions alone, one after the other, as a family waits
 *    them: at 2,000,000 each baseline sample is ~0.9 s of sequential scan, and the searches
 *    timed between those samples were ~1.4 ms slower at p50 than the same searches alone
 *    (measured with 128 MB and with 6 GB of shared_buffers alike);
 *  - the same narrowed to the largest cemetery (?cemiterio=<id>), queries from its graves;
 *  - one common word and Enter (wordQueries: first names and last surnames of those graves),
 *    a word cut short and Enter (shortQueries: "a", "jo", "maria s"), and two words cut short
 *    at a pause and at Enter (cutPairQueries: "jo s", "jo sa", "mar s");
 *  - the detail and the home list;
 *  - sync pages (the largest, 2,000 records) from the start and from the middle of the stream;
 *  - the smallest cemetery's whole visit pack, first download (smallPackWalk);
 * and the sizes: the database, the table, each index (pg_relation_size / pg_indexes_size).
 * Flags: --scale-count N, --scale-reuse (keep the database between runs), --duration S.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import type { ServerProcess } from '../../scripts/server-process';
import { startServer } from '../../scripts/server-process';
import { CITY_CEMETERIES } from '../../server/modules/seed/seed-cemeteries';
import type { PackAnswer } from '../../src/domain/sync-types';
import { httpGet } from '../lib/http-get';
import type { Row } from '../lib/report';
import { reportSections } from '../lib/sections';
import { interleaved, type Latency, summary, type Task } from './search';
import { postgresBaseline } from './search-baseline';
import {
  cutPairQueries,
  type GraveSample,
  sampleGraves,
  searchQueries,
  shortQueries,
  suggestionQueries,
  wordQueries,
} from './search-queries';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The 2 M database; another --scale-count gets its own (both can be kept with --scale-reuse). */
const dbName = (count: number) =>
  count === 2_000_000 ? 'memorial_bench_scale' : `memorial_bench_scale_${count}`;

export interface ScaleOptions {
  /** The bench's PostgreSQL (any database on the server): the scale database is made beside. */
  pgUrl: string;
  count: number;
  reuse: boolean;
  seconds: number;
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** The scale database's URL, seeded with `count` records (or reused when it has them). */
async function prepareDatabase(
  o: ScaleOptions,
): Promise<{ url: string; seedSeconds: number | null }> {
  const DB_NAME = dbName(o.count);
  const url = new URL(o.pgUrl);
  url.pathname = `/${DB_NAME}`;
  const exists = await withClient(o.pgUrl, async (c) => {
    const r = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
    return (r.rowCount ?? 0) > 0;
  });
  if (o.reuse && exists) {
    const n = await withClient(url.toString(), async (c) => {
      const r = await c.query<{ n: string }>(
        "SELECT count(*) AS n FROM sepultados WHERE to_regclass('sepultados') IS NOT NULL",
      );
      return Number(r.rows[0]?.n ?? 0);
    }).catch(() => 0);
    if (n === o.count) return { url: url.toString(), seedSeconds: null };
  }
  await withClient(o.pgUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${DB_NAME}`);
  });
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'server/seed-cli.ts'), '--count', String(o.count)],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url.toString() },
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error(`seed failed (exit code ${result.status})`);
  return { url: url.toString(), seedSeconds: (Date.now() - started) / 1000 };
}

interface Sizes {
  database: number;
  table: number;
  indexes: number;
  each: { name: string; bytes: number }[];
  /** The server's settings that move these figures most (README, deployment). */
  settings: { sharedBuffers: string; autovacuum: string };
}

async function sizes(url: string): Promise<Sizes> {
  return withClient(url, async (c) => {
    const [t] = (
      await c.query<{ database: string; table: string; indexes: string }>(
        `SELECT pg_database_size(current_database()) AS database,
           pg_table_size('sepultados') AS table, pg_indexes_size('sepultados') AS indexes`,
      )
    ).rows;
    const each = await c.query<{ name: string; bytes: string }>(
      `SELECT c.relname AS name, pg_relation_size(c.oid) AS bytes FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = 'sepultados'::regclass
       ORDER BY pg_relation_size(c.oid) DESC`,
    );
    const setting = async (name: string) =>
      (await c.query<{ v: string }>('SELECT current_setting($1) AS v', [name])).rows[0]?.v ?? '?';
    return {
      database: Number(t?.database),
      table: Number(t?.table),
      indexes: Number(t?.indexes),
      each: each.rows.map((r) => ({ name: r.name, bytes: Number(r.bytes) })),
      settings: {
        sharedBuffers: await setting('shared_buffers'),
        autovacuum: await setting('autovacuum'),
      },
    };
  });
}

/** The largest cemetery's id and its newest graves (as the home list would show them). */
async function largest(url: string): Promise<{ id: string; nome: string; graves: GraveSample[] }> {
  return withClient(url, async (c) => {
    const [top] = (
      await c.query<{ id: string; nome: string }>(
        'SELECT id, nome FROM cemiterios WHERE nome = $1',
        [CITY_CEMETERIES[0]],
      )
    ).rows;
    if (!top) throw new Error('largest cemetery missing: seeded with npm run seed?');
    const graves = await c.query<GraveSample>(
      `SELECT id, nome, rua, quadra, chapa FROM sepultados
       WHERE cemiterio_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 300`,
      [top.id],
    );
    return { ...top, graves: graves.rows };
  });
}

/**
 * The smallest cemetery's whole visit pack, first download, pages of 2,000 (what a family
 * visiting one of the 21 small cemeteries waits on): before migration 0019 each page read the
 * whole register's change stream and dropped the other cemeteries' rows.
 */
async function smallPackWalk(url: string, base: string): Promise<Row> {
  const small = await withClient(url, async (c) => {
    const r = await c.query<{ id: string; nome: string }>(
      `SELECT c.id, c.nome FROM sepultados s JOIN cemiterios c ON c.id = s.cemiterio_id
       WHERE s.deleted_at IS NULL GROUP BY c.id, c.nome ORDER BY count(*), c.id LIMIT 1`,
    );
    const [row] = r.rows;
    if (!row) throw new Error('no cemetery holds records');
    return row;
  });
  const times: number[] = [];
  let since = '';
  let records = 0;
  const started = performance.now();
  for (;;) {
    const t0 = performance.now();
    const path = `/api/sync/pack?cemiterio=${small.id}&limit=2000${since ? `&since=${encodeURIComponent(since)}` : ''}`;
    const page = JSON.parse((await getOk(base, path)).toString('utf8')) as PackAnswer;
    times.push(performance.now() - t0);
    records += page.nomes.length;
    since = page.cursor;
    if (!page.hasMore) break;
  }
  const walk = summary(times);
  return {
    scenario: 'scale',
    engine: 'postgres',
    target: `GET /sync/pack?cemiterio=<the smallest>&limit=2000 (whole first download, 1 client)`,
    rps: walk.rps,
    p50: walk.p50,
    p99: walk.p99,
    note: `${small.nome}: ${records.toLocaleString('en-US')} records in ${times.length} pages, ${((performance.now() - started) / 1000).toFixed(2)} s in all`,
  };
}

async function getOk(base: string, p: string): Promise<Buffer> {
  return httpGet(base + p);
}

/** One client, one request after the other, over `inputs` until `seconds` have passed. */
async function serial(seconds: number, inputs: string[], fn: Task): Promise<Latency> {
  const times: number[] = [];
  const started = performance.now();
  let i = 0;
  do {
    const t0 = performance.now();
    await fn(inputs[i % inputs.length] as string);
    times.push(performance.now() - t0);
    i++;
  } while (performance.now() - started < seconds * 1000 || i < inputs.length);
  return summary(times);
}

const searchUrl = (q: string, suggestions: boolean, cemiterio?: string) =>
  `/api/sepultados/pesquisa?q=${encodeURIComponent(q)}${suggestions ? '&suggestions=true' : ''}${cemiterio ? `&cemiterio=${cemiterio}` : ''}`;

export async function scaleScenario(o: ScaleOptions): Promise<Row[]> {
  const { url, seedSeconds } = await prepareDatabase(o);
  const rows: Row[] = [];
  const engine = 'postgres';
  const data = `${o.count.toLocaleString('en-US')} records`;
  if (seedSeconds !== null) {
    rows.push({
      scenario: 'scale',
      engine,
      target: `npm run seed -- --count ${o.count}`,
      note: `${seedSeconds.toFixed(0)} s (COPY on 2 connections, indexes rebuilt after, VACUUM ANALYZE)`,
    });
  }
  let server: ServerProcess | null = null;
  try {
    server = await startServer({
      timeoutMs: 300_000,
      // SEARCH_CACHE off: the warm-up and the timed passes repeat the same queries within the
      // cache's 5 s, which would time that memory instead of the register's search.
      env: {
        DATABASE_URL: url,
        SEED: 'none',
        LOG_LEVEL: 'warn',
        SEARCH_RATE_PER_MINUTE: '0',
        SEARCH_CACHE: 'off',
        // Likewise the held pack pages (sync/pack-held.ts): the pack walk times the register.
        PACK_HOLD: 'off',
      },
    });
    const base = server.url;
    const whole = await sampleGraves(base);
    const big = await largest(url);
    const sets = [
      { label: 'whole register', graves: whole, cemiterio: undefined },
      { label: `${big.nome} only`, graves: big.graves, cemiterio: big.id },
    ];
    const baseline = await postgresBaseline(url);
    let narrowedBaseline: Latency | null = null;
    try {
      for (const set of sets) {
        const searches = searchQueries(set.graves);
        const suggestions = suggestionQueries(set.graves);
        const search: Task = async (q) => {
          await getOk(base, searchUrl(q, false, set.cemiterio));
        };
        const suggest: Task = async (q) => {
          await getOk(base, searchUrl(q, true, set.cemiterio));
        };
        // Warm-up: plans, caches; the first pass over 2 M pages the indexes in.
        for (const q of searches) await search(q);
        for (const q of suggestions) await suggest(q);
        if (!narrowedBaseline) for (const q of searches.slice(0, 3)) await baseline.run(q);
        // The baseline is the whole register's in both sets (as the search benchmark's): timed
        // interleaved with the first set only; the narrowed set is timed on its own.
        const one: { baseline: Latency; ours: Latency[] } = narrowedBaseline
          ? {
              baseline: narrowedBaseline,
              ours: [
                await serial(o.seconds * 2, searches, search),
                await serial(o.seconds, suggestions, suggest),
              ],
            }
          : await interleaved(
              o.seconds * 3,
              {
                inputs: searches,
                fn: async (q) => {
                  await baseline.run(q);
                },
              },
              [
                { inputs: searches, fn: search },
                { inputs: suggestions, fn: suggest },
              ],
            );
        narrowedBaseline = one.baseline;
        const [s1, g1] = one.ours as [Latency, Latency];
        // The whole register's figures alone as well (the narrowed set's are alone already).
        const alone = set.cemiterio
          ? null
          : {
              search: await serial(o.seconds * 2, searches, search),
              suggest: await serial(o.seconds, suggestions, suggest),
            };
        const old = one.baseline;
        const times = (a: number, b: number) => `${(a / Math.max(b, 0.001)).toFixed(1)}×`;
        rows.push(
          {
            scenario: 'scale',
            engine,
            target: `baseline: substring without index (${set.label}, 1 client, interleaved)`,
            rps: old.rps,
            p50: old.p50,
            p99: old.p99,
            note: `always the whole register (as in search); ${old.samples} samples${set.cemiterio ? ' (those of the first set)' : ''}`,
          },
          {
            scenario: 'scale',
            engine,
            target: `GET /pesquisa?q (${set.label}, 1 client)`,
            rps: s1.rps,
            p50: s1.p50,
            p99: s1.p99,
            ratio: `${times(old.p50, s1.p50)} p50, ${times(old.p99, s1.p99)} p99 vs baseline`,
            note: `${data}; ${searches.length} queries, ${s1.samples} samples, over HTTP`,
          },
          {
            scenario: 'scale',
            engine,
            target: `GET /pesquisa?suggestions (${set.label}, 1 client)`,
            rps: g1.rps,
            p50: g1.p50,
            p99: g1.p99,
            ratio: `${times(old.p50, g1.p50)} p50 vs baseline`,
            note: `${suggestions.length} prefixes, ${g1.samples} samples`,
          },
        );
        if (alone) {
          rows.push(
            {
              scenario: 'scale',
              engine,
              target: `GET /pesquisa?q (${set.label}, 1 client, without the interleaved baseline)`,
              rps: alone.search.rps,
              p50: alone.search.p50,
              p99: alone.search.p99,
              note: `the same ${searches.length} queries, one after the other; ${alone.search.samples} samples`,
            },
            {
              scenario: 'scale',
              engine,
              target: `GET /pesquisa?suggestions (${set.label}, 1 client, without the interleaved baseline)`,
              rps: alone.suggest.rps,
              p50: alone.suggest.p50,
              p99: alone.suggest.p99,
              note: `the same ${suggestions.length} prefixes; ${alone.suggest.samples} samples`,
            },
          );
        }
      }
      // The whole register's search, one query after the other, as one row.
      const enterRow = async (
        what: string,
        queries: string[],
        described: string,
        suggestions = false,
      ) => {
        const t = await serial(o.seconds, queries, async (q) => {
          await getOk(base, searchUrl(q, suggestions, undefined));
        });
        rows.push({
          scenario: 'scale',
          engine,
          target: `GET /pesquisa?${suggestions ? 'suggestions&q' : 'q'}=<${what}> (whole register, 1 client)`,
          rps: t.rps,
          p50: t.p50,
          p99: t.p99,
          note: `${queries.length} ${described} (${queries.slice(0, 4).join(', ')}…), ${t.samples} samples`,
        });
      };
      // One common word and Enter (not in the issue's table; 0.6–1.3 s each before the
      // top-k's newest-first read and broad-range page).
      await enterRow('one common word', wordQueries(whole), 'words, first name and last surname');
      // A word cut short and Enter ("a", "jo", "maria s"): not in the issue's table either.
      await enterRow('word cut short', shortQueries(whole), 'queries');
      // Two words cut short ("jo sa"), at a pause (suggestions) and at Enter.
      const cutPairs = cutPairQueries(whole);
      await enterRow('two words cut short', cutPairs, 'queries', true);
      await enterRow('two words cut short', cutPairs, 'queries');
    } finally {
      await baseline.close();
    }

    // Detail and home list, each request a different record or page: the server keeps the
    // answers it gave in memory (server/lib/read-cache.ts), so repeating a few ids would time the
    // cache, not the database. Records drawn from the whole register.
    const ids = await withClient(url, async (c) => {
      const r = await c.query<{ id: string }>(
        'SELECT id FROM sepultados TABLESAMPLE SYSTEM (1) REPEATABLE (7) WHERE deleted_at IS NULL LIMIT 2000',
      );
      return r.rows.map((x) => x.id);
    });
    const detail = await serial(0, ids, async (id) => {
      await getOk(base, `/api/sepultados/${id}`);
    });
    const befores = ids.slice(0, 500);
    const list = await serial(0, befores, async (before) => {
      await getOk(base, `/api/sepultados?limit=20&before=${before}`);
    });
    rows.push(
      {
        scenario: 'scale',
        engine,
        target: 'GET /sepultados/:id (1 client)',
        rps: detail.rps,
        p50: detail.p50,
        p99: detail.p99,
        note: `${ids.length} random records, each read once (without the server's cache)`,
      },
      {
        scenario: 'scale',
        engine,
        target: 'GET /sepultados?limit=20&before=<id> (home page list, 1 client)',
        rps: list.rps,
        p50: list.p50,
        p99: list.p99,
        note: `${befores.length} pages, each after a random record (no cache)`,
      },
    );

    // Sync pages of 2,000: the first ones, then from the middle of the stream (a cursor read
    // from the database, as a phone holding half the register would send).
    const middle = await withClient(url, async (c) => {
      const r = await c.query<{ cursor: string }>(
        `SELECT (SELECT epoch FROM sync_state) || '.' || change_xid::text || '.' || change_seq::text
           AS cursor FROM sepultados ORDER BY change_xid, change_seq OFFSET $1 LIMIT 1`,
        [Math.floor(o.count / 2)],
      );
      return r.rows[0]?.cursor ?? '';
    });
    const pageTimes: number[] = [];
    let bytes = 0;
    for (const start of ['', middle]) {
      let cursor = start;
      for (let p = 0; p < 10; p++) {
        const t0 = performance.now();
        const body = await getOk(
          base,
          `/api/sync/sepultados?limit=2000${cursor ? `&since=${encodeURIComponent(cursor)}` : ''}`,
        );
        pageTimes.push(performance.now() - t0);
        bytes += body.length;
        cursor = (JSON.parse(body.toString('utf8')) as { cursor: string }).cursor;
      }
    }
    const sync = summary(pageTimes);
    rows.push({
      scenario: 'scale',
      engine,
      target: 'GET /sync/sepultados?limit=2000 (1 client)',
      rps: sync.rps,
      p50: sync.p50,
      p99: sync.p99,
      note: `10 pages from the start and 10 from the middle of the stream; ${(bytes / pageTimes.length / 1024).toFixed(0)} KB of JSON a page`,
    });
    rows.push(await smallPackWalk(url, base));
  } finally {
    await server?.stop();
  }

  const s = await sizes(url);
  reportSections.push(
    [
      `Command: \`npm run bench -- ${process.argv.slice(2).join(' ')}\``,
      '',
      `## Sizes (${data}, PostgreSQL)`,
      '',
      `- database (pg_database_size): ${mb(s.database)}`,
      `- sepultados table, with TOAST (pg_table_size): ${mb(s.table)}`,
      `- sepultados indexes (pg_indexes_size): ${mb(s.indexes)}`,
      `- the server's shared_buffers: ${s.settings.sharedBuffers}; autovacuum: ${s.settings.autovacuum}`,
      '',
      '| index | pg_relation_size |',
      '|---|---:|',
      ...s.each.map((i) => `| ${i.name} | ${mb(i.bytes)} |`),
      '',
    ].join('\n'),
  );
  rows.push({
    scenario: 'scale',
    engine,
    target: 'tamanho',
    note: `database ${mb(s.database)}; table ${mb(s.table)}; indexes ${mb(s.indexes)}; shared_buffers ${s.settings.sharedBuffers}`,
  });
  return rows;
}
