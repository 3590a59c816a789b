/**
 * The visit pack of the largest cemetery on a server holding `npm run seed -- --count 100000`
 * (the app downloads one cemetery's pack: src/data/pack, src/data/pack-store):
 * - record part on the wire: a full walk of GET /api/sync/pack?cemiterio= in the client's pages
 *   (PACK_PAGE_LIMIT), gzip as a browser asks, compressed bytes summed (raw socket bytes);
 * - thumbnails: the seed CLI stores no photos, so PACK_PHOTOS records with a synthetic photo
 *   (coarse noise, 1200 × 900 JPEG, through the real upload pipeline) are added first; their
 *   count and bytes from GET /api/sync/info, and the thumbnail phase's time in Chromium;
 * - install in Chromium: the built app's /offline, a click on "Baixar cemitério para uso
 *   offline" until the records are in ("Atualizado em") and until the pack is done (thumbnails
 *   too), timed, with the IndexedDB space after it (navigator.storage.estimate) and where the
 *   records' time went (fetch+JSON vs Dexie, kept by the pack itself);
 * - a no-change delta sync: "Atualizar agora" once the pack is in — bytes and time.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import {
  PACK_PAGE_LIMIT as PAGE_LIMIT,
  type PackAnswer,
  type SyncInfo,
} from '../../src/domain/sync-types';
import type { Row } from '../lib/report';
import type { BenchContext } from '../lib/types';

interface RawAnswer {
  status: number;
  wireBytes: number;
  body: Buffer;
}

/** GET with gzip accepted, counting the body bytes as they came off the socket. */
function getRaw(url: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const gz = res.headers['content-encoding'] === 'gzip';
          const body = gz ? zlib.gunzipSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, wireBytes: raw.length, body });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

interface SyncTiming {
  ms: number;
  transfer: number;
  body: number;
}

const SYNC_TIMINGS = `performance.getEntriesByType('resource')
  .filter((e) => e.name.includes('/api/sync/pack'))
  .map((e) => ({ ms: e.responseEnd - e.startTime, transfer: e.transferSize, body: e.encodedBodySize }))`;

// Records the packs on the device hold (PackMeta.records).
const ROW_COUNT = `new Promise((resolve) => {
  const open = indexedDB.open('memorial');
  open.onsuccess = () => {
    const c = open.result.transaction('packs').objectStore('packs').getAll();
    c.onsuccess = () => resolve(c.result.reduce((s, m) => s + m.records, 0));
  };
})`;

// The pack's own split of the records' time (PackState.timing in Dexie meta).
const packTiming = (id: string) => `new Promise((resolve) => {
  const open = indexedDB.open('memorial');
  open.onsuccess = () => {
    const g = open.result.transaction('meta').objectStore('meta').get('pack.state.${id}');
    g.onsuccess = () => resolve((g.result && g.result.value.timing) || null);
  };
})`;

const PACK_PHOTOS = 100;

async function addPhotos(base: string, count: number): Promise<void> {
  const { BENCH_ADMIN_EMAIL: email, BENCH_ADMIN_PASSWORD: password } = process.env;
  if (!email || !password) throw new Error('pack: BENCH_ADMIN_EMAIL/PASSWORD ausentes');
  const login = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { token } = (await login.json()) as { token: string };
  for (let i = 0; i < count; i += 1) {
    // Coarse noise scaled up: texture that survives the 320 px thumbnail like a photo's
    // (~15 kB as WebP, in the range of real grave photos), unlike fine noise or a flat image.
    const coarse = await sharp({
      create: {
        width: 80,
        height: 60,
        channels: 3,
        background: { r: 0, g: 0, b: 0 },
        noise: { type: 'gaussian', mean: 110 + (i % 40), sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    const jpeg = await sharp(coarse)
      .resize(1200, 900, { kernel: 'cubic' })
      .jpeg({ quality: 82 })
      .toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries({
      nome: `Registro Com Foto ${i}`,
      dtFal: '2024-01-01',
      quadra: String(1 + (i % 30)),
      chapa: String(9000 + i),
    })) {
      form.append(k, v);
    }
    form.append('images', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'foto.jpg');
    const res = await fetch(`${base}/api/sepultados/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (res.status !== 201) throw new Error(`pack: upload ${res.status} ${await res.text()}`);
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

async function walkWire(base: string, cemiterio: string) {
  let since = '';
  let bytes = 0;
  let raw = 0;
  let pages = 0;
  let records = 0;
  const started = performance.now();
  for (;;) {
    const url = `${base}/api/sync/pack?cemiterio=${cemiterio}&limit=${PAGE_LIMIT}${since ? `&since=${since}` : ''}`;
    const res = await getRaw(url);
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    const answer = JSON.parse(res.body.toString()) as PackAnswer;
    bytes += res.wireBytes;
    raw += res.body.length;
    pages += 1;
    records += answer.nomes.length;
    since = answer.cursor;
    if (!answer.hasMore) break;
  }
  return { bytes, raw, pages, records, ms: performance.now() - started };
}

export async function installInChromium(base: string, cemetery: { id: string; nome: string }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'pt-BR',
    });
    const page = await context.newPage();
    await page.goto(`${base}/offline`);
    const card = page.getByRole('article', { name: cemetery.nome });
    await card.getByText(/registros \(~/).waitFor({ timeout: 60_000 });
    const button = card.getByRole('button', { name: 'Baixar cemitério para uso offline' });
    const t0 = Date.now();
    await button.click();
    // "Atualizado em" shows when the records are in; the pack is done after the thumbnails.
    await card.getByText(/^Atualizado em /).waitFor({ timeout: 600_000 });
    const recordsMs = Date.now() - t0;
    await card.getByText('Cemitério disponível offline neste aparelho.').waitFor({
      timeout: 600_000,
    });
    const installMs = Date.now() - t0;
    // Page-side code as strings: this file is type-checked without the DOM library.
    const timings = (await page.evaluate(SYNC_TIMINGS)) as SyncTiming[];
    const usage = (await page.evaluate(
      '(async () => (await navigator.storage.estimate()).usage || 0)()',
    )) as number;
    const rows = (await page.evaluate(ROW_COUNT)) as number;
    const split = (await page.evaluate(packTiming(cemetery.id))) as Split;

    // No-change delta: "Atualizar agora" with the pack in place.
    await page.evaluate('performance.clearResourceTimings()');
    const d0 = Date.now();
    await page.getByRole('button', { name: 'Atualizar agora' }).click();
    await page.getByRole('button', { name: 'Atualizar agora' }).waitFor();
    await page.waitForFunction(
      "[...document.querySelectorAll('.pack-actions .btn')].every((b) => !b.disabled)",
    );
    const deltaMs = Date.now() - d0;
    const delta = (await page.evaluate(SYNC_TIMINGS)) as SyncTiming[];
    return { installMs, recordsMs, timings, usage, rows, deltaMs, delta, split };
  } finally {
    await browser.close();
  }
}

type Split = { fetchMs: number; applyMs: number; indexMs?: number; thumbsMs?: number } | null;

const split = (t: Split) =>
  t
    ? `; the pack's split: ${(t.fetchMs / 1000).toFixed(1)} s fetch + JSON, ${(t.applyMs / 1000).toFixed(1)} s Dexie, ${((t.indexMs ?? 0) / 1000).toFixed(1)} s index`
    : '';

export async function packScenario(ctx: BenchContext): Promise<Row[]> {
  const base = ctx.server.url;
  await addPhotos(base, PACK_PHOTOS);
  // The largest cemetery (the seed puts ¾ of the records in one).
  const list = (await (await fetch(`${base}/api/cemiterios`)).json()) as {
    id: string;
    nome: string;
    total: number;
  }[];
  const largest = list.reduce((a, b) => (b.total > a.total ? b : a));
  const info = (await (
    await fetch(`${base}/api/sync/info?cemiterio=${largest.id}`)
  ).json()) as SyncInfo;
  const wire = await walkWire(base, largest.id);
  const chromiumRun = await installInChromium(base, largest);
  const netMs = chromiumRun.timings.reduce((s, t) => s + t.ms, 0);
  const deltaBytes = chromiumRun.delta.reduce((s, d) => s + d.transfer, 0);
  const deltaBody = chromiumRun.delta.reduce((s, d) => s + d.body, 0);
  const row = (target: string, note: string, p50?: number): Row => ({
    scenario: 'pack',
    engine: ctx.engine,
    target,
    ...(p50 === undefined ? {} : { p50 }),
    note,
  });
  return [
    row(
      'pack: record part on the wire (gzip)',
      `${largest.nome} (${list.length} cemeteries): ${mb(wire.bytes)} for ${wire.records} records in ${wire.pages} pages of ${PAGE_LIMIT} (${mb(wire.raw)} as JSON; /sync/info estimated ${mb(info.recordBytesEstimate)}); walk from Node ${(wire.ms / 1000).toFixed(1)} s; aim < 10 MB`,
    ),
    row(
      'pack: thumbnails',
      `${info.thumbs} thumbnails, ${mb(info.thumbBytes)} (${(info.thumbBytes / Math.max(1, info.thumbs) / 1024).toFixed(1)} kB each; GET /api/sync/info), of ${PACK_PHOTOS} synthetic photos added by the bench (the seed CLI stores none); thumbnail phase in Chromium ${((chromiumRun.split?.thumbsMs ?? 0) / 1000).toFixed(1)} s (4 in parallel)`,
    ),
    row(
      'pack: install in Chromium (click → done)',
      `${(chromiumRun.installMs / 1000).toFixed(1)} s in all for ${chromiumRun.rows} records and their thumbnails, the records in ${(chromiumRun.recordsMs / 1000).toFixed(1)} s; ${chromiumRun.timings.length} sync responses (${(netMs / 1000).toFixed(1)} s in resource timing)${split(chromiumRun.split)}; aim < 60 s`,
      chromiumRun.installMs,
    ),
    row(
      'pack: IndexedDB space after install',
      `${mb(chromiumRun.usage)} (navigator.storage.estimate().usage)`,
    ),
    row(
      'pack: no-change delta sync ("Atualizar agora")',
      `${chromiumRun.delta.length} request(s), ${deltaBytes} bytes transferred (body ${deltaBody} bytes), ${chromiumRun.deltaMs} ms click → done`,
      chromiumRun.deltaMs,
    ),
  ];
}
