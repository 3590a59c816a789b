/**
 * Work orders (issue "the crew's day"): a busy Vila-Formosa-like month in one cemetery —
 * --wo-orders N orders (default 3,000: 60 burials and 40 other orders a day for 30 days from
 * today), --wo-staff N concessionários (default 30), two per order — made through the API, then:
 *  - the office's month calendar of that cemetery, one request at a time (--wo-runs, default
 *    200): p50/p99 (target p99 ≤ 100 ms);
 *  - one person's GET /api/ordens/hoje: bytes on the wire, gzip as a browser asks (target
 *    ≤ 50 KB), and the no-change request with If-None-Match: its 304's size (target < 1 KB).
 * The seeded register's graves are the orders' places (the seed must have run: --count).
 */
import crypto from 'node:crypto';
import type { Row } from '../lib/report';
import type { BenchContext } from '../lib/types';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function wallDay(offsetDays: number): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(d);
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Runs fn over items, `width` at a time. */
async function pool<T>(items: T[], width: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await fn(item);
      }
    }),
  );
}

export async function workOrdersScenario(ctx: BenchContext): Promise<Row[]> {
  const base = ctx.server.url;
  const orders = Number(arg('wo-orders') ?? 3000);
  const staffCount = Number(arg('wo-staff') ?? 30);
  const runs = Number(arg('wo-runs') ?? 200);
  const days = 30;
  const perDay = Math.max(1, Math.ceil(orders / days));
  const { BENCH_ADMIN_EMAIL: email, BENCH_ADMIN_PASSWORD: password } = process.env;
  const login = async (e: string, p: string) =>
    (
      await json<{ token: string }>(
        await fetch(`${base}/api/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: e, password: p }),
        }),
        'login',
      )
    ).token;
  const admin = { authorization: `Bearer ${await login(email ?? '', password ?? '')}` };
  const jsonHeaders = { ...admin, 'content-type': 'application/json' };

  // The cemetery with the most graves among the first page, and its graves.
  const first = await json<{ sepulturas: { cemiterioId: string }[] }>(
    await fetch(`${base}/api/sepulturas?limit=200`, { headers: admin }),
    'graves',
  );
  const cemiterioId = first.sepulturas[0]?.cemiterioId;
  if (!cemiterioId) throw new Error('work-orders: no grave (run with a seeded register)');
  const graves: string[] = [];
  for (let page = 1; graves.length < orders; page++) {
    const list = await json<{ sepulturas: { id: string }[]; pages: number }>(
      await fetch(`${base}/api/sepulturas?cemiterioId=${cemiterioId}&limit=200&page=${page}`, {
        headers: admin,
      }),
      'graves',
    );
    graves.push(...list.sepulturas.map((g) => g.id));
    if (page >= list.pages) break;
  }

  const staffPassword = 'Bench@Equipe1';
  const staff: { id: string; email: string }[] = [];
  for (let i = 0; i < staffCount; i++) {
    const mail = `equipe.${crypto.randomBytes(4).toString('hex')}@bench.memorial.local`;
    const made = await json<{ user: { _id: string } }>(
      await fetch(`${base}/api/users/admin-create`, {
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({
          name: `Equipe ${i + 1}`,
          cpf: validCpf(i),
          email: mail,
          phone: '11987654321',
          role: 'concessionario',
          password: staffPassword,
          confirmpassword: staffPassword,
        }),
      }),
      'staff',
    );
    staff.push({ id: made.user._id, email: mail });
  }

  const jobs = Array.from({ length: orders }, (_, i) => i);
  const seedStarted = performance.now();
  await pool(jobs, 8, async (i) => {
    const dayIndex = Math.floor(i / perDay) % days;
    const slot = i % perDay;
    const hour = 7 + (slot % 10);
    const minute = (slot * 7) % 60;
    const who = [staff[i % staff.length]?.id, staff[(i + 1) % staff.length]?.id];
    const res = await fetch(`${base}/api/ordens`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({
        // 60 burials and 40 other works a day (exhumations need a record: vistorias stand in).
        tipo: slot < perDay * 0.6 ? 'sepultamento' : 'vistoria',
        agendadaPara: `${wallDay(dayIndex)}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
        sepulturaId: graves[i % graves.length],
        responsaveis: [...new Set(who)],
      }),
    });
    if (res.status !== 201) throw new Error(`order: ${res.status} ${await res.text()}`);
  });
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const calendarUrl = `${base}/api/ordens/calendario?de=${wallDay(0)}&ate=${wallDay(days - 1)}&cemiterioId=${cemiterioId}`;
  // Timed until the body is read (the client's JSON parse is not the server's time): as a
  // browser asks (brotli), and uncompressed, which tells the compression's share apart.
  const calendarTimes = async (encoding: string) => {
    const out: number[] = [];
    let text = '';
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const res = await fetch(calendarUrl, {
        headers: { ...admin, 'accept-encoding': encoding },
      });
      text = await res.text();
      out.push(performance.now() - t);
    }
    return { sorted: out.sort((a, b) => a - b), text };
  };
  const br = await calendarTimes('br');
  const plain = await calendarTimes('identity');
  const times = br.sorted;
  const entries = (JSON.parse(br.text) as { ordens: unknown[] }).ordens.length;

  // One person's day, with the headers a browser sends; bytes as they cross the wire.
  const person = staff[0] as { email: string };
  const crewAuth = { authorization: `Bearer ${await login(person.email, staffPassword)}` };
  const wire = async (headers: Record<string, string>) => {
    const res = await fetch(`${base}/api/ordens/hoje`, {
      headers: { ...crewAuth, 'accept-encoding': 'gzip, br', ...headers },
      // Node's fetch decodes; the wire size is the content-length (or the raw body read).
    });
    const raw = new Uint8Array(await res.arrayBuffer());
    const declared = Number(res.headers.get('content-length') ?? raw.length);
    let headerBytes = 0;
    res.headers.forEach((v, k) => {
      headerBytes += k.length + v.length + 4;
    });
    return {
      status: res.status,
      etag: res.headers.get('etag') ?? '',
      body: declared,
      headerBytes,
      raw,
    };
  };
  const full = await wire({});
  const hojeCount = (JSON.parse(new TextDecoder().decode(full.raw)) as { ordens: unknown[] }).ordens
    .length;
  const same = await wire({ 'if-none-match': full.etag });
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return [
    {
      scenario: 'work-orders',
      engine: ctx.engine,
      target: `GET /api/ordens/calendario (one cemetery, ${days} days, ${entries} orders)`,
      p50: pct(times, 50),
      p99: pct(times, 99),
      note: `p99 target ≤ 100 ms; ${runs} requests one at a time, brotli as a browser asks, timed until the body is read; seeded ${orders} orders, ${staffCount} staff in ${seedSeconds.toFixed(1)} s`,
    },
    {
      scenario: 'work-orders',
      engine: ctx.engine,
      target: `GET /api/ordens/calendario, uncompressed (${kb(Buffer.byteLength(plain.text))})`,
      p50: pct(plain.sorted, 50),
      p99: pct(plain.sorted, 99),
      note: `the same requests with accept-encoding: identity: the compression's share is the difference`,
    },
    {
      scenario: 'work-orders',
      engine: ctx.engine,
      target: `GET /api/ordens/hoje (one person, ${hojeCount} orders)`,
      note: `${kb(full.body + full.headerBytes)} on the wire (body ${kb(full.body)}; target ≤ 50 KB)`,
    },
    {
      scenario: 'work-orders',
      engine: ctx.engine,
      target: 'GET /api/ordens/hoje, no change (If-None-Match)',
      note: `${same.status}, ${same.body + same.headerBytes} bytes with headers (target < 1 KB)`,
    },
  ];
}

/** A valid CPF per index (check digits computed), for the staff accounts. */
export function validCpf(i: number): string {
  const seed = 100_000_000 + (((Date.now() % 1_000_000) * 100 + i) % 800_000_000);
  const base = String(seed).slice(0, 9).split('').map(Number);
  const d1 = ((base.reduce((s, n, k) => s + n * (10 - k), 0) * 10) % 11) % 10;
  const d2 = (([...base, d1].reduce((s, n, k) => s + n * (11 - k), 0) * 10) % 11) % 10;
  return [...base, d1, d2].join('');
}
