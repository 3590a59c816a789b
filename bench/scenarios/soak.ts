/**
 * Soak: a crowd of 50 clients for a long while (default 10 min, `--soak-seconds N`), mixing
 * what visitors read (search, suggestions, record pages, tribute lists, sync pages) with what
 * logged-in people write (tributes, paced under the per-person limit, and record edits by the
 * admin), each client from its own address (X-Forwarded-For; run.ts starts the server with
 * TRUST_PROXY). Samples the server process's RSS every 5 s and reports growth after warm-up
 * (the first fifth of the run), p50/p99 per operation, errors and 5xx (targets: growth ≤ 10 %,
 * no 5xx; docs/decisions.md "Caches").
 */

import { seededRandom } from '../../server/modules/seed/seed-generator';
import { newId } from '../../src/domain/ids';
import type { Row } from '../lib/report';
import { reportSections } from '../lib/sections';
import { median, OpStats, rssMiB } from '../lib/soak-stats';
import type { BenchContext } from '../lib/types';
import { sampleGraves, searchQueries, suggestionQueries } from './search-queries';

const CLIENTS = 50;
const TRIBUTE_EVERY_MS = 25_000; // under 5 / min and 30 / h per person
const EDIT_EVERY_MS = 10_000;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function json<T>(url: string, init: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const headersFor = (ip: string, token?: string): Record<string, string> => ({
  'x-forwarded-for': ip,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

async function people(base: string, count: number): Promise<string[]> {
  const adminEmail = process.env.BENCH_ADMIN_EMAIL ?? '';
  const adminPassword = process.env.BENCH_ADMIN_PASSWORD ?? '';
  const login = (email: string, password: string, ip: string) =>
    json<{ token: string }>(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headersFor(ip) },
      body: JSON.stringify({ email, password }),
    });
  const admin = (await login(adminEmail, adminPassword, '10.200.0.1')).token;
  const tokens = [admin];
  for (let i = 1; i < count; i++) {
    const email = `soak.${Date.now()}.${i}@exemplo.com.br`;
    const cpf = validCpf(i);
    await json(`${base}/api/users/admin-create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headersFor('10.200.0.1', admin) },
      body: JSON.stringify({
        name: `Visitante ${i}`,
        cpf,
        email,
        phone: '11987654321',
        role: 'usuario',
        password: 'Soak@1234',
        confirmpassword: 'Soak@1234',
      }),
    });
    tokens.push((await login(email, 'Soak@1234', `10.200.1.${i}`)).token);
  }
  return tokens;
}

/** A CPF with valid check digits from a number (distinct per i and per run). */
function validCpf(i: number): string {
  const base = String((Date.now() % 10_000_000) * 100 + i)
    .padStart(9, '7')
    .slice(-9)
    .split('')
    .map(Number);
  const d1 = ((base.reduce((s, n, k) => s + n * (10 - k), 0) * 10) % 11) % 10;
  const d2 = (([...base, d1].reduce((s, n, k) => s + n * (11 - k), 0) * 10) % 11) % 10;
  return [...base, d1, d2].join('');
}

export async function soakScenario(ctx: BenchContext): Promise<Row[]> {
  const base = ctx.server.url;
  const seconds = Number(arg('soak-seconds') ?? 600);
  const graves = await sampleGraves(base, 10);
  const ids = graves.map((g) => g.id);
  const searches = searchQueries(graves, 200);
  const suggestions = suggestionQueries(graves, 200);
  const tokens = await people(base, CLIENTS);
  const adminToken = tokens[0] ?? '';
  const stats = new Map<string, OpStats>();
  const statsOf = (op: string) => {
    let s = stats.get(op);
    if (!s) {
      s = new OpStats();
      stats.set(op, s);
    }
    return s;
  };
  const started = Date.now();
  const endAt = started + seconds * 1000;

  const timed = async (op: string, url: string, init: RequestInit = {}) => {
    const t0 = performance.now();
    let status = 0;
    try {
      const res = await fetch(url, init);
      await res.arrayBuffer();
      status = res.status;
    } catch {
      status = 0;
    }
    statsOf(op).record(status, performance.now() - t0);
  };

  const client = async (n: number) => {
    const rand = seededRandom(1000 + n);
    const ip = `10.201.${n}.${1 + Math.floor(rand() * 250)}`;
    const token = tokens[n % tokens.length] ?? '';
    let lastTribute = started - rand() * TRIBUTE_EVERY_MS;
    let lastEdit = started - rand() * EDIT_EVERY_MS;
    let cursor = '';
    const pick = <T>(list: T[]): T => list[Math.floor(rand() * list.length)] as T;
    while (Date.now() < endAt) {
      const now = Date.now();
      const h = headersFor(ip);
      if (now - lastTribute > TRIBUTE_EVERY_MS) {
        lastTribute = now;
        await timed('tribute post', `${base}/api/sepultados/${pick(ids)}/comentarios`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'idempotency-key': newId(),
            ...headersFor(ip, token),
          },
          body: JSON.stringify({ comentario: `Saudades eternas ${n}-${now}`, emojis: ['🌹'] }),
        });
        continue;
      }
      if (n < 10 && now - lastEdit > EDIT_EVERY_MS) {
        lastEdit = now;
        await timed('record edit', `${base}/api/sepultados/${pick(ids)}`, {
          method: 'PATCH',
          headers: {
            'content-type': 'application/json',
            'idempotency-key': newId(),
            ...headersFor(ip, adminToken),
          },
          body: JSON.stringify({ epitafio: `Saudades de todos — ${n}-${now}` }),
        });
        continue;
      }
      const r = rand();
      if (r < 0.22) {
        await timed(
          'search',
          `${base}/api/sepultados/pesquisa?q=${encodeURIComponent(pick(searches))}`,
          { headers: h },
        );
      } else if (r < 0.44) {
        const q = encodeURIComponent(pick(suggestions));
        await timed('suggestions', `${base}/api/sepultados/pesquisa?q=${q}&suggestions=true`, {
          headers: h,
        });
      } else if (r < 0.72) {
        await timed('record page', `${base}/api/sepultados/${pick(ids)}`, { headers: h });
      } else if (r < 0.92) {
        await timed('tribute list', `${base}/api/sepultados/${pick(ids)}/comentarios`, {
          headers: h,
        });
      } else {
        const t0 = performance.now();
        let status = 0;
        try {
          const res = await fetch(
            `${base}/api/sync/sepultados?limit=500${cursor ? `&since=${cursor}` : ''}`,
            {
              headers: { ...h, 'accept-encoding': 'gzip' },
            },
          );
          status = res.status;
          const page = (await res.json()) as { cursor?: string; hasMore?: boolean };
          cursor = page.hasMore && page.cursor ? page.cursor : '';
        } catch {
          // a network error (status 0) or an answer that was not JSON; counted below
        }
        statsOf('sync page').record(status, performance.now() - t0);
      }
    }
  };

  const samples: Array<{ s: number; rss: number }> = [];
  const sample = () => {
    const rss = rssMiB(ctx.server.pid);
    if (rss !== null) samples.push({ s: Math.round((Date.now() - started) / 1000), rss });
  };
  sample();
  const sampler = setInterval(sample, 5000);
  try {
    await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
  } finally {
    clearInterval(sampler);
  }
  sample();

  const warm = seconds / 5;
  const atWarm = median(
    samples.filter((x) => x.s >= warm - 10 && x.s <= warm + 10).map((x) => x.rss),
  );
  const atEnd = median(samples.filter((x) => x.s >= seconds * 0.9).map((x) => x.rss));
  const growth = atWarm > 0 ? ((atEnd - atWarm) / atWarm) * 100 : 0;
  const peak = Math.max(...samples.map((x) => x.rss));
  const total5xx = [...stats.values()].reduce((s, x) => s + x.server5xx, 0);
  const totalErrors = [...stats.values()].reduce((s, x) => s + x.errors, 0);
  const every = Math.max(1, Math.round(samples.length / 24));
  reportSections.push(
    `## Soak on ${ctx.engine}: RSS of the server process over ${seconds} s`,
    '',
    `RSS after warm-up (${warm.toFixed(0)} s): ${atWarm.toFixed(1)} MiB; last tenth: ${atEnd.toFixed(1)} MiB; growth ${growth.toFixed(1)} % (target ≤ 10 %); peak ${peak.toFixed(1)} MiB; 5xx: ${total5xx}; network errors: ${totalErrors}.`,
    '',
    '| s | RSS MiB |',
    '|---:|---:|',
    ...samples
      .filter((_, i) => i % every === 0 || i === samples.length - 1)
      .map((x) => `| ${x.s} | ${x.rss.toFixed(1)} |`),
    '',
  );
  const rows: Row[] = [];
  for (const [op, s] of stats) {
    rows.push({
      scenario: 'soak',
      engine: ctx.engine,
      target: op,
      rps: s.ms.length / seconds,
      p50: Math.round(s.percentile(50) * 10) / 10,
      p99: Math.round(s.percentile(99) * 10) / 10,
      note: `${s.ms.length} req; ${s.ok} 2xx/3xx, ${s.client4xx} 4xx, ${s.throttled} 429, ${s.server5xx} 5xx, ${s.errors} errors`,
    });
  }
  rows.push({
    scenario: 'soak',
    engine: ctx.engine,
    target: 'server RSS',
    note: `${atWarm.toFixed(1)} → ${atEnd.toFixed(1)} MiB after warm-up (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %), peak ${peak.toFixed(1)} MiB`,
  });
  return rows;
}
