/**
 * Finados day (issue [E]): the crowd at the gates on one machine. Its own server process on the
 * run's PostgreSQL database, with the production defaults — per-IP limits ON (search 120 / min
 * per address, tributes 20 / min per address and 5 / min per person), TRUST_PROXY, load
 * shedding at MAX_CONCURRENT — and every simulated phone sends its own address
 * (X-Forwarded-For), as a crowd behind a reverse proxy arrives.
 *
 * The mix (--finados-connections, default 100, closed loop): 60 % suggestions and search
 * (half each, queries from search-queries.ts), 25 % record pages, 8 % tribute lists, 5 % sync
 * pages — what the app asks (GET /api/sync/pack, PACK_PAGE_LIMIT records a page, of a cemetery
 * chosen by its share of the records): with --finados-sync walk (the default) a first visit's
 * download, from the start and following each cursor, a phone done starting another; with
 * --finados-sync delta a phone that holds the pack asking what changed since its cursor (taken
 * from a whole walk before the mix) — 2 % tribute posts by logged-in, verified people (each paced under 5 / min; when every
 * person is still within their minute, a record page goes instead and is counted as one).
 * The bare route is measured in the same run with the same connections; --finados-warmup s
 * (default 15) of the mix before the measure are not counted (warm-up; its answered and shed
 * are reported). Then the same mix at
 * --finados-overload × the connections (default 3; 0 skips): what the server sheds (503) and
 * the latency of what it keeps.
 *
 * Records: whatever the database holds (reported; --count seeds 100,000 by default, a database
 * filled with 2,000,000 for issue [D] is reused with --pg-database URL). Other flags:
 * --finados-seconds (default 30), --finados-phones (default 5000), --finados-people (200),
 * --finados-names (1000: the graves whose names are searched and typed).
 * PostgreSQL only (the issue's target); on PGlite it is left out.
 */
import http from 'node:http';
import os from 'node:os';
import zlib from 'node:zlib';
import pg from 'pg';
import { startServer } from '../../scripts/server-process';
import { seededRandom } from '../../server/modules/seed/seed-generator';
import { newId } from '../../src/domain/ids';
import { PACK_PAGE_LIMIT } from '../../src/domain/sync-types';
import { runLoad } from '../lib/load';
import type { Row } from '../lib/report';
import { reportSections } from '../lib/sections';
import { OpStats } from '../lib/soak-stats';
import type { BenchContext } from '../lib/types';
import { sampleGraves, searchQueries, suggestionQueries } from './search-queries';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

type Op = 'suggestions' | 'search' | 'record page' | 'tribute list' | 'sync page' | 'tribute post';
/** Cumulative shares of the mix. */
const MIX: [Op, number][] = [
  ['suggestions', 0.3],
  ['search', 0.6],
  ['record page', 0.85],
  ['tribute list', 0.93],
  ['sync page', 0.98],
  ['tribute post', 1],
];
const TRIBUTE_PACE_MS = 12_500; // under 5 / min per person

interface Answer {
  status: number;
  raw: Buffer;
  encoding: string | undefined;
  retryAfter: number;
}

/** The body as text, gunzipped when it came gzipped (read only where the phone needs it). */
function text(answer: Answer): string {
  return (answer.encoding === 'gzip' ? zlib.gunzipSync(answer.raw) : answer.raw).toString('utf8');
}

function request(
  agent: http.Agent,
  base: URL,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path,
        headers: body
          ? {
              ...headers,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            }
          : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            raw: Buffer.concat(chunks),
            encoding: res.headers['content-encoding'],
            retryAfter: Number(res.headers['retry-after'] ?? 0),
          }),
        );
        res.on('error', () =>
          resolve({ status: 0, raw: Buffer.alloc(0), encoding: undefined, retryAfter: 0 }),
        );
      },
    );
    req.setTimeout(30_000, () => req.destroy());
    req.on('error', () =>
      resolve({ status: 0, raw: Buffer.alloc(0), encoding: undefined, retryAfter: 0 }),
    );
    req.end(body);
  });
}

/** Phone n's address: 10.x.y.z, one per simulated phone. */
const phoneIp = (n: number) => `10.${100 + ((n >> 16) & 0x7f)}.${(n >> 8) & 0xff}.${n & 0xff}`;

export async function people(base: URL, count: number): Promise<string[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const json = async (path: string, ip: string, payload: unknown, token?: string) => {
    const res = await request(
      agent,
      base,
      'POST',
      path,
      { 'x-forwarded-for': ip, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      JSON.stringify(payload),
    );
    if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${text(res)}`);
    return JSON.parse(text(res)) as { token?: string };
  };
  const admin = await json('/api/users/login', '10.99.0.1', {
    email: process.env.BENCH_ADMIN_EMAIL,
    password: process.env.BENCH_ADMIN_PASSWORD,
  });
  const stamp = Date.now().toString(36);
  const tokens: string[] = [];
  const one = async (i: number) => {
    const email = `finados.${stamp}.${i}@exemplo.com.br`;
    const password = 'Finados@2026';
    // admin-create makes a verified account (only verified people post tributes).
    await json(
      '/api/users/admin-create',
      '10.99.0.1',
      {
        name: `Visitante ${i}`,
        cpf: cpfOf(Date.now() * 1000 + i),
        email,
        phone: '11987654321',
        role: 'usuario',
        password,
        confirmpassword: password,
      },
      admin.token,
    );
    const login = await json('/api/users/login', phoneIp(200_000 + i), { email, password });
    tokens.push(login.token ?? '');
  };
  for (let i = 0; i < count; i += 4) {
    await Promise.all([0, 1, 2, 3].filter((k) => i + k < count).map((k) => one(i + k)));
  }
  agent.destroy();
  return tokens;
}

/** A CPF with valid check digits from a number (distinct per n). */
function cpfOf(n: number): string {
  const base = String(n % 1_000_000_000)
    .padStart(9, '3')
    .split('')
    .map(Number);
  const d1 = ((base.reduce((s, d, k) => s + d * (10 - k), 0) * 10) % 11) % 10;
  const d2 = (([...base, d1].reduce((s, d, k) => s + d * (11 - k), 0) * 10) % 11) % 10;
  return [...base, d1, d2].join('');
}

interface MixResult {
  seconds: number;
  /** Per operation, the answers other than 503 (what the people the server kept waited). */
  stats: Map<Op, OpStats>;
  /** Per operation, how many were refused with 503. */
  shedOf: Map<Op, number>;
  /** Latencies of the answers refused with 503 (load shedding), all operations. */
  shed: OpStats;
  /** Latencies of every other answer (what the crowd the server kept waited). */
  kept: OpStats;
}

export async function runMix(
  base: URL,
  connections: number,
  seconds: number,
  input: {
    ids: string[];
    searches: string[];
    suggestions: string[];
    tokens: string[];
    /**
     * When each person last posted (ms), shared by the warm-up, the mix and the overload run:
     * a pace restarted at each run let a person post twice within 12.5 s across the boundary,
     * over 5 / min after a long warm-up (429s that were the bench's, not the server's).
     */
    lastPost: number[];
    /** Cemetery ids, each as often as its share of the records (per mille). */
    packs: string[];
    /** delta: each cemetery's cursor after a whole walk (the phone holds the pack). */
    held?: Map<string, string>;
    /**
     * A record page as a QR scan now asks it: the page the server renders, /sepultados/:id,
     * which carries the record (the app hydrates from it and does not ask the API again).
     * Without it, the app's own read, /api/sepultados/:id.
     */
    renderedPages?: boolean;
  },
  phones: number,
  seed: number,
): Promise<MixResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const stats = new Map<Op, OpStats>(MIX.map(([op]) => [op, new OpStats()]));
  const shed = new OpStats();
  const kept = new OpStats();
  const shedOf = new Map<Op, number>(MIX.map(([op]) => [op, 0]));
  const { lastPost } = input;
  let nextPerson = 0;
  const endAt = performance.now() + seconds * 1000;
  const started = performance.now();

  const loop = async (n: number) => {
    const rand = seededRandom(seed + n);
    const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)] as T;
    let pack = pick(input.packs);
    let cursor = input.held?.get(pack) ?? '';
    while (performance.now() < endAt) {
      const r = rand();
      let op: Op = MIX.find(([, upTo]) => r < upTo)?.[0] ?? 'search';
      const ip = phoneIp(Math.floor(rand() * phones));
      const headers: Record<string, string> = { 'x-forwarded-for': ip, 'accept-encoding': 'gzip' };
      let method = 'GET';
      let path: string;
      let body: string | undefined;
      let person = -1;
      if (op === 'tribute post') {
        const now = Date.now();
        for (let k = 0; k < input.tokens.length; k++) {
          const p = (nextPerson + k) % input.tokens.length;
          if (now - (lastPost[p] ?? 0) >= TRIBUTE_PACE_MS) {
            person = p;
            break;
          }
        }
        if (person < 0) op = 'record page';
        else {
          nextPerson = person + 1;
          lastPost[person] = now;
        }
      }
      switch (op) {
        case 'suggestions':
          path = `/api/sepultados/pesquisa?q=${encodeURIComponent(pick(input.suggestions))}&suggestions=true`;
          break;
        case 'search':
          path = `/api/sepultados/pesquisa?q=${encodeURIComponent(pick(input.searches))}`;
          break;
        case 'record page':
          path = `${input.renderedPages ? '' : '/api'}/sepultados/${pick(input.ids)}`;
          break;
        case 'tribute list':
          path = `/api/sepultados/${pick(input.ids)}/comentarios`;
          break;
        case 'sync page':
          path = `/api/sync/pack?limit=${PACK_PAGE_LIMIT}&cemiterio=${pack}${cursor ? `&since=${encodeURIComponent(cursor)}` : ''}`;
          break;
        default:
          method = 'POST';
          path = `/api/sepultados/${pick(input.ids)}/comentarios`;
          headers.authorization = `Bearer ${input.tokens[person]}`;
          headers['idempotency-key'] = newId();
          // The person's own phone: their address stays theirs (per-address tribute limit).
          headers['x-forwarded-for'] = phoneIp(200_000 + person);
          body = JSON.stringify({ comentario: `Saudades eternas — ${n}-${Date.now()}` });
      }
      const t0 = performance.now();
      const res = await request(agent, base, method, path, headers, body);
      const ms = performance.now() - t0;
      if (res.status === 503) {
        shed.record(res.status, ms);
        shedOf.set(op, (shedOf.get(op) ?? 0) + 1);
        // The app honours Retry-After (src/data/busy-retry.ts, the outbox): so does the phone.
        await new Promise((r) => setTimeout(r, (res.retryAfter || 2) * 1000));
        continue;
      }
      kept.record(res.status, ms);
      (stats.get(op) as OpStats).record(res.status, ms);
      if (op === 'sync page' && res.status === 200) {
        try {
          const page = JSON.parse(text(res)) as { cursor?: string; hasMore?: boolean };
          // A phone holding the pack keeps its cursor (the app does); a walk ends with the pack.
          cursor = (page.hasMore || input.held) && page.cursor ? page.cursor : '';
        } catch {
          cursor = '';
        }
        // This phone has its pack: the next one starts another.
        if (!cursor) {
          pack = pick(input.packs);
          cursor = input.held?.get(pack) ?? '';
        }
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, n) => loop(n)));
  agent.destroy();
  return { seconds: (performance.now() - started) / 1000, stats, shedOf, shed, kept };
}

/** Each cemetery's cursor after walking its whole pack (--finados-sync delta). */
async function wholeWalks(base: URL, cemeteries: Set<string>): Promise<Map<string, string>> {
  const agent = new http.Agent({ keepAlive: true });
  const out = new Map<string, string>();
  for (const id of cemeteries) {
    let cursor = '';
    for (;;) {
      const since = cursor ? `&since=${encodeURIComponent(cursor)}` : '';
      const path = `/api/sync/pack?limit=${PACK_PAGE_LIMIT}&cemiterio=${id}${since}`;
      const res = await request(agent, base, 'GET', path, { 'accept-encoding': 'gzip' });
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
      const page = JSON.parse(text(res)) as { cursor: string; hasMore: boolean };
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    out.set(id, cursor);
  }
  agent.destroy();
  return out;
}

export function all(result: MixResult): OpStats {
  const total = new OpStats();
  for (const s of result.stats.values()) {
    total.ms.push(...s.ms);
    total.ok += s.ok;
    total.client4xx += s.client4xx;
    total.throttled += s.throttled;
    total.server5xx += s.server5xx;
    total.errors += s.errors;
  }
  return total;
}

const round = (n: number) => Math.round(n * 10) / 10;
const notOk = (s: OpStats) => s.client4xx + s.throttled + s.server5xx + s.errors;
const counts = (s: OpStats) =>
  `${s.ms.length} req; ${s.client4xx} 4xx, ${s.throttled} 429, ${s.server5xx} 5xx, ${s.errors} network errors`;

export async function finadosScenario(ctx: BenchContext): Promise<Row[]> {
  if (ctx.engine !== 'postgres' || !ctx.databaseUrl) {
    console.log('finados: PostgreSQL only, left out on', ctx.engine);
    return [];
  }
  const connections = arg('finados-connections', 100);
  const seconds = arg('finados-seconds', 30);
  const warmup = arg('finados-warmup', 15);
  const names = arg('finados-names', 1000);
  const phones = arg('finados-phones', 5000);
  const overload = arg('finados-overload', 3);
  const syncAt = process.argv.indexOf('--finados-sync');
  const syncMode = syncAt >= 0 && process.argv[syncAt + 1] === 'delta' ? 'delta' : 'walk';
  const db = new pg.Client({ connectionString: ctx.databaseUrl });
  await db.connect();
  const records = Number((await db.query('SELECT count(*)::int AS n FROM sepultados')).rows[0].n);
  const ids = (
    await db.query<{ id: string }>('SELECT id FROM sepultados ORDER BY random() LIMIT 5000')
  ).rows.map((r) => r.id);
  const cemeteries = (
    await db.query<{ id: string; n: number }>(
      'SELECT cemiterio_id AS id, count(*)::int AS n FROM sepultados WHERE deleted_at IS NULL GROUP BY 1',
    )
  ).rows;
  const packs = cemeteries.flatMap((c) =>
    Array.from({ length: Math.max(1, Math.round((c.n / records) * 1000)) }, () => c.id),
  );
  await db.end();

  // Its own server on the same database, with the production limits (run.ts lifts the search
  // limit for the other scenarios).
  const server = await startServer({
    timeoutMs: 180_000,
    env: {
      DATABASE_URL: ctx.databaseUrl,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      ADMIN_EMAIL: process.env.BENCH_ADMIN_EMAIL ?? '',
      ADMIN_PASSWORD: process.env.BENCH_ADMIN_PASSWORD ?? '',
    },
    // e.g. FINADOS_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to see where the
    // server's time goes (NODE_OPTIONS refuses --cpu-prof).
    nodeArgs: process.env.FINADOS_SERVER_NODE_ARGS?.split(' ').filter(Boolean),
  });
  try {
    const base = new URL(server.url);
    // The names asked: the newest `names` graves (--finados-names, default 1,000), one search
    // and one typed prefix each. How often they repeat decides how much the held answers carry.
    const graves = await sampleGraves(server.url, Math.ceil(names / 100));
    const tokens = await people(base, arg('finados-people', 200));
    const input = {
      ids,
      searches: searchQueries(graves, names),
      suggestions: suggestionQueries(graves, names),
      tokens,
      lastPost: new Array<number>(tokens.length).fill(0),
      packs,
      ...(syncMode === 'delta' ? { held: await wholeWalks(base, new Set(packs)) } : {}),
    };
    const loadAtStart = os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ');
    const bare = await runLoad(`${ctx.bare.url}/bare`, {
      connections,
      durationSeconds: Math.min(seconds, 10),
    });
    // Not counted (--finados-warmup, default 15 s): the server's caches and its admission bound
    // start cold, as they never are once a crowd has built up. At 2,000,000 records 5 s were not
    // enough: the first pass of the 2,000 distinct queries misses at 150–270 ms each, the
    // bound falls to its floor and sheds for ~10 s. The warm-up's own figures are reported.
    const warm = await runMix(base, connections, warmup, input, phones, 99);
    const warmAnswered = [...warm.stats.values()].reduce((n, s) => n + s.ms.length, 0);
    const mix = await runMix(base, connections, seconds, input, phones, 1);
    const loadAfterMix = os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ');
    const rows: Row[] = [
      { scenario: 'finados', engine: ctx.engine, target: 'bare route', ...bare },
    ];
    const total = all(mix);
    rows.push({
      scenario: 'finados',
      engine: ctx.engine,
      target: `mix, ${connections} connections (all operations, answered)`,
      rps: total.ms.length / mix.seconds,
      p50: round(total.percentile(50)),
      p99: round(total.percentile(99)),
      ratio: `${((total.ms.length / mix.seconds / bare.rps) * 100).toFixed(0)}% of bare`,
      note: `${counts(total)}; ${mix.shed.ms.length} shed (503); target ≥ 1,000 req/s, p99 ≤ 150 ms, 0 errors`,
    });
    for (const [op, s] of mix.stats) {
      rows.push({
        scenario: 'finados',
        engine: ctx.engine,
        target: `  ${op}`,
        rps: s.ms.length / mix.seconds,
        p50: round(s.percentile(50)),
        p99: round(s.percentile(99)),
        note: `${counts(s)}, ${mix.shedOf.get(op) ?? 0} shed (503)`,
      });
    }
    let overloadLine = '';
    if (overload > 0) {
      const heavy = await runMix(base, connections * overload, seconds, input, phones, 7);
      const served = heavy.kept.ms.length;
      const offered = served + heavy.shed.ms.length;
      rows.push({
        scenario: 'finados',
        engine: ctx.engine,
        target: `mix at ${overload}× (${connections * overload} connections): answered`,
        rps: served / heavy.seconds,
        p50: round(heavy.kept.percentile(50)),
        p99: round(heavy.kept.percentile(99)),
        note: `${served} answered; ${heavy.kept.throttled} 429, ${heavy.kept.server5xx} other 5xx, ${heavy.kept.errors} network errors`,
      });
      rows.push({
        scenario: 'finados',
        engine: ctx.engine,
        target: `mix at ${overload}×: shed (503 + Retry-After)`,
        rps: heavy.shed.ms.length / heavy.seconds,
        p50: round(heavy.shed.percentile(50)),
        p99: round(heavy.shed.percentile(99)),
        note: `${heavy.shed.ms.length} of ${offered} requests (${((heavy.shed.ms.length / Math.max(1, offered)) * 100).toFixed(0)} %)`,
      });
      overloadLine = ` Overload run: ${connections * overload} connections, ${served} answered, ${heavy.shed.ms.length} shed.`;
    }
    const loadAtEnd = os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ');
    reportSections.push(
      `## Finados on ${ctx.engine}`,
      '',
      `${records.toLocaleString('en-US')} records in the database; ${connections} connections for ${seconds} s; ${phones.toLocaleString('en-US')} phone addresses (X-Forwarded-For), per-IP limits on; sync pages: ${syncMode === 'delta' ? 'phones holding the pack ask for its changes since their cursor (--finados-sync delta)' : `visit pack downloads, ${PACK_PAGE_LIMIT.toLocaleString('en-US')} records a page, of a cemetery chosen by its share of the records (--finados-sync walk)`}; ${input.tokens.length} logged-in people posting tributes (≤ 5 / min each); searches and suggestions from ${input.searches.length.toLocaleString('en-US')} names (--finados-names). Errors = anything but 2xx/3xx (429 and 503 included). Load average (1, 5, 15 min) before the mix: ${loadAtStart}; after it: ${loadAfterMix}; at the end: ${loadAtEnd} (2 shared cores).${overloadLine} Warm-up before the mix (not counted, ${warmup} s): ${warmAnswered} answered, ${warm.shed.ms.length} shed. Mix totals: ${notOk(total) + mix.shed.ms.length} errors (${mix.shed.ms.length} of them 503). A phone refused with 503 waits its Retry-After before its next request, as the app does.`,
      '',
    );
    return rows;
  } finally {
    await server.stop();
  }
}
