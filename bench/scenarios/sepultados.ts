/**
 * The burial register under load, meant for a server with `npm run seed -- --count
 * 100000` loaded: GET /api/sepultados/:id on random ids spread over the register, GET
 * /api/sepultados (home list), and the bare route, same connections and duration, same run;
 * then one 4000×3000 JPEG upload: time to answer and the server's memory (VmRSS sampled every
 * 10 ms during the request, and VmHWM, the process's lifetime peak, from /proc/<pid>/status).
 *
 * Admin credentials (for the upload): options.admin, else BENCH_ADMIN_EMAIL/BENCH_ADMIN_PASSWORD,
 * else the first-admin block the server printed; without any, the upload row is left out.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { type LoadOptions, runLoad } from '../lib/load';
import type { Row } from '../lib/report';
import type { BenchContext } from '../lib/types';

export interface BurialsBenchOptions {
  engine: string;
  /** The real server, e.g. http://127.0.0.1:3101 */
  baseUrl: string;
  /** The baseline route, e.g. http://127.0.0.1:3999/bare */
  bareUrl: string;
  /** Server process id, for /proc/<pid>/status (0: no memory figures). */
  pid: number;
  load: LoadOptions;
  admin?: { email: string; password: string } | null;
  /** The server's output so far, to find the printed first-admin credentials. */
  serverOutput?: string;
}

interface Credentials {
  email: string;
  password: string;
}

function findCredentials(options: BurialsBenchOptions): Credentials | null {
  if (options.admin) return options.admin;
  const { BENCH_ADMIN_EMAIL: email, BENCH_ADMIN_PASSWORD: password } = process.env;
  if (email && password) return { email, password };
  const printed = /e-mail: (\S+)\s+senha:\s+(\S+)/.exec(options.serverOutput ?? '');
  return printed?.[1] && printed[2] ? { email: printed[1], password: printed[2] } : null;
}

async function login(baseUrl: string, c: Credentials): Promise<string> {
  const res = await fetch(`${baseUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(c),
  });
  if (!res.ok) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

async function getJson<T>(url: string, token?: string): Promise<T> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Deterministic shuffle (mulberry32), so two runs hit the ids in the same order. */
function shuffled<T>(items: T[], seed = 7): T[] {
  let a = seed;
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * ~2000 ids spread evenly over the whole register (old and new records alike, so the detail
 * read is not only served from the hottest pages): walks the home list by keyset, 100 a page.
 */
async function sampleIds(baseUrl: string, wanted = 2000): Promise<string[]> {
  const all: string[] = [];
  let before = '';
  for (let page = 0; page < 2000; page++) {
    const url = `${baseUrl}/api/sepultados?limit=100${before ? `&before=${before}` : ''}`;
    const cards = await getJson<{ id: string }[]>(url);
    for (const c of cards) all.push(c.id);
    before = cards.at(-1)?.id ?? '';
    if (cards.length < 100) break;
  }
  const step = Math.max(1, Math.floor(all.length / wanted));
  return shuffled(all.filter((_, i) => i % step === 0));
}

function memoryKb(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return null;
  }
}

/** A photo-like 4000×3000 JPEG: gradients plus grain, so it compresses like a real photo. */
export async function makeLargeJpeg(width = 4000, height = 3000): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><radialGradient id="g"><stop offset="0" stop-color="#e8d3a8"/><stop offset="1" stop-color="#2f4a3a"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect x="${width * 0.4}" y="${height * 0.3}" width="${width * 0.2}" height="${height * 0.45}" rx="200" fill="#9a958e"/>
  </svg>`;
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 18 },
    },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

export interface UploadFigures {
  bytes: number;
  ms: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  hwmMb: number;
}

/** One create with one big photo; memory sampled while it runs; the record is removed after. */
export async function measureUpload(
  baseUrl: string,
  token: string,
  pid: number,
  jpeg: Buffer,
): Promise<UploadFigures> {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    nome: 'Bench Upload',
    dtFal: '2024-01-01',
    quadra: '1',
    chapa: '0001',
  })) {
    form.append(k, v);
  }
  form.append('images', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'grande.jpg');
  const before = memoryKb(pid);
  let peak = before?.rss ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, memoryKb(pid)?.rss ?? 0);
  }, 10);
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/sepultados/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const ms = performance.now() - started;
  clearInterval(timer);
  const body = (await res.json()) as { sepultado?: { id: string }; message?: string };
  if (res.status !== 201 || !body.sepultado)
    throw new Error(`upload: ${res.status} ${body.message}`);
  const after = memoryKb(pid);
  await fetch(`${baseUrl}/api/sepultados/${body.sepultado.id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  });
  const mb = (kb: number) => Math.round(kb / 1024);
  return {
    bytes: jpeg.length,
    ms,
    rssBeforeMb: mb(before?.rss ?? 0),
    rssPeakMb: mb(Math.max(peak, after?.rss ?? 0)),
    hwmMb: mb(after?.hwm ?? 0),
  };
}

export async function runBurialsBench(options: BurialsBenchOptions): Promise<Row[]> {
  const { baseUrl, engine, load } = options;
  const credentials = findCredentials(options);
  const token = credentials ? await login(baseUrl, credentials) : null;
  const ids = await sampleIds(baseUrl);
  if (ids.length === 0) throw new Error('no records on the server: run npm run seed first');

  const bare = await runLoad(options.bareUrl, load);
  const detail = await runLoad(`${baseUrl}/api/sepultados/${ids[0]}`, {
    ...load,
    paths: ids.map((id) => `/api/sepultados/${id}`),
  });
  const list = await runLoad(`${baseUrl}/api/sepultados`, load);
  for (const [name, r] of [
    ['detail', detail],
    ['list', list],
  ] as const) {
    if (r.non2xx > 0 || r.errors > 0) {
      throw new Error(`${name} answered ${r.non2xx} non-2xx and ${r.errors} errors`);
    }
  }
  const ratio = (rps: number) => `${((rps / bare.rps) * 100).toFixed(0)}% of bare`;
  const rows: Row[] = [
    { scenario: 'sepultados', engine, target: 'bare route', ...bare },
    {
      scenario: 'sepultados',
      engine,
      target: 'GET /api/sepultados/:id',
      ...detail,
      ratio: ratio(detail.rps),
      note: `${ids.length} random ids`,
    },
    {
      scenario: 'sepultados',
      engine,
      target: 'GET /api/sepultados',
      ...list,
      ratio: ratio(list.rps),
    },
  ];

  if (token) {
    const jpeg = await makeLargeJpeg();
    const runs: UploadFigures[] = [];
    for (let i = 0; i < 3; i++) runs.push(await measureUpload(baseUrl, token, options.pid, jpeg));
    const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
    const last = runs[runs.length - 1];
    rows.push({
      scenario: 'sepultados',
      engine,
      target: `upload 4000×3000 JPEG (${(jpeg.length / 2 ** 20).toFixed(1)} MB)`,
      note:
        `answer median ${Math.round(ms[1] ?? 0)} ms (min ${Math.round(ms[0] ?? 0)}, max ${Math.round(ms[2] ?? 0)}); ` +
        `server RSS ${runs[0]?.rssBeforeMb} MB before, peak ${Math.max(...runs.map((r) => r.rssPeakMb))} MB during, VmHWM ${last?.hwmMb} MB`,
    });
  }
  return rows;
}

/** The harness's entry point (bench/run.ts). */
export async function sepultadosScenario(ctx: BenchContext): Promise<Row[]> {
  return runBurialsBench({
    engine: ctx.engine,
    baseUrl: ctx.server.url,
    bareUrl: `${ctx.bare.url}/bare`,
    pid: ctx.server.pid,
    load: ctx.load,
    serverOutput: ctx.server.output(),
  });
}
