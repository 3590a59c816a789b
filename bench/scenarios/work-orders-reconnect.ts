/**
 * The crew's reconnect (issue "the crew's day"): a concessionário's phone — Chromium at 390 px,
 * the built app and its real service worker — gets "Hoje" with signal, loses it, ticks 10
 * milestones of one order and adds 3 photos (~4 MB camera-sized JPEGs, re-encoded by the app
 * before queuing), then finds a 1.6 Mbit/s link each way with 150 ms round trip
 * (scripts/slow-link.ts, which the page and the service worker both cross). Timed from the
 * signal's return to the last acknowledged write: the device's outbox holds nothing unsent and
 * the server (asked as admin, off the slow link) has exactly 10 ticks and 3 photos.
 * --wo-reconnect-runs N (default 3), each on a fresh order, person and browser context.
 * Two kinds of photo, each its own row: "noise" (the worst case: detail that does not compress)
 * and "smooth" (coarser, closer to a photo of stone and sky); --wo-reconnect-photos picks one.
 */
import crypto from 'node:crypto';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { startSlowLink } from '../../scripts/slow-link';
import type { Order } from '../../src/domain/work-order-types';
import { median } from '../lib/page-metrics';
import type { Row } from '../lib/report';
import { reportSections } from '../lib/sections';
import type { BenchContext } from '../lib/types';
import { validCpf } from './work-orders';

const TICKS = 10;
const PHOTOS = 3;
const LINK = { bytesPerSecond: 200_000, roundTripMs: 150 };
const PASSWORD = 'Bench@Equipe1';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

/**
 * Camera-sized photos (4032×3024, JPEG quality 90) that do not compress to nothing: noise at
 * 1/8 of the size, scaled up (about 3.7 MB; far more detail than a grave and a sky), or at 1/32
 * (about 1.6 MB; smooth areas with texture, as a photo's).
 */
const PHOTO_KINDS = { noise: 8, smooth: 32 } as const;
type PhotoKind = keyof typeof PHOTO_KINDS;

async function cameraPhoto(kind: PhotoKind): Promise<Buffer> {
  const w = Math.round(4032 / PHOTO_KINDS[kind]);
  const h = Math.round(3024 / PHOTO_KINDS[kind]);
  return sharp(crypto.randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
    .resize(4032, 3024)
    .jpeg({ quality: 90 })
    .toBuffer();
}

interface HeldItem {
  state: string;
  kind: string;
  attempts: number;
  /** A photo's Blob size and type as queued (after the app's re-encoding), else 0 and ''. */
  bytes: number;
  type: string;
}

/**
 * The outbox as the device holds it (IndexedDB "memorial"), read in the page. A script string:
 * this file is type-checked without the DOM library (tsconfig.server).
 */
function readOutbox(page: Page): Promise<HeldItem[]> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('memorial');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const all = open.result.transaction('outbox').objectStore('outbox').getAll();
      all.onsuccess = () => {
        open.result.close();
        resolve(all.result.map((i) => ({
          state: i.state, kind: i.kind, attempts: i.attempts, bytes: i.payload?.blob?.size ?? 0,
          type: i.payload?.blob?.type ?? '',
        })));
      };
      all.onerror = () => reject(all.error);
    };
  })`);
}

async function api<T>(base: string, method: string, url: string, token: string, body?: unknown) {
  const res = await fetch(`${base}/api/${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function workOrdersReconnectScenario(ctx: BenchContext): Promise<Row[]> {
  const picked = arg('wo-reconnect-photos');
  const kinds = (Object.keys(PHOTO_KINDS) as PhotoKind[]).filter((k) => !picked || k === picked);
  const rows: Row[] = [];
  for (const kind of kinds) rows.push(await reconnectWith(ctx, kind));
  return rows;
}

async function reconnectWith(ctx: BenchContext, kind: PhotoKind): Promise<Row> {
  const base = ctx.server.url;
  const runs = Number(arg('wo-reconnect-runs') ?? 3);
  const admin = (
    await api<{ token: string }>(base, 'POST', 'users/login', '', {
      email: process.env.BENCH_ADMIN_EMAIL,
      password: process.env.BENCH_ADMIN_PASSWORD,
    })
  ).token;
  const link = await startSlowLink(base, LINK);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-dev-shm-usage'],
  });
  const photos = await Promise.all(Array.from({ length: PHOTOS }, () => cameraPhoto(kind)));
  const results: Awaited<ReturnType<typeof oneRun>>[] = [];

  /** One phone's day: its own person, order and browser context. */
  async function oneRun(i: number) {
    const email = `reconnect.${crypto.randomBytes(4).toString('hex')}@bench.memorial.local`;
    const person = await api<{ user: { _id: string } }>(base, 'POST', 'users/admin-create', admin, {
      name: `Equipe Reconexão ${i + 1}`,
      cpf: validCpf(900 + i),
      email,
      phone: '11987654321',
      role: 'concessionario',
      password: PASSWORD,
      confirmpassword: PASSWORD,
    });
    const nome = `Reconexão ${i + 1} ${crypto.randomBytes(3).toString('hex')}`;
    const rec = await api<{ sepultado: { id: string; sepulturaId: string } }>(
      base,
      'POST',
      'sepultados/create',
      admin,
      { nome, dtFal: '10/10/2001', quadra: '12', chapa: String(700 + i), rua: 'Rua 3' },
    );
    const order = await api<Order>(base, 'POST', 'ordens', admin, {
      tipo: 'limpeza',
      agendadaPara: `${today()}T09:00`,
      sepultadoId: rec.sepultado.id,
      sepulturaId: rec.sepultado.sepulturaId,
      responsaveis: [person.user._id],
      marcos: Array.from({ length: TICKS }, (_, k) => ({ nome: `Etapa ${k + 1}` })),
    });

    const context: BrowserContext = await browser.newContext({
      baseURL: link.url,
      viewport: { width: 390, height: 844 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      serviceWorkers: 'allow',
    });
    try {
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ latitude: -23.5613, longitude: -46.5208 });
      const page = await context.newPage();
      // Which context sends the writes: the page's own requests show on its CDP session, the
      // service worker's (a Background Sync drain) do not. Each write the page got an answer
      // to after the signal returned, with when it left and when its answer was read (ms).
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      let started = Number.POSITIVE_INFINITY;
      const writes = new Map<string, { kind: string; sent: number; done?: number }>();
      cdp.on('Network.requestWillBeSent', (e) => {
        const path = new URL(e.request.url).pathname;
        if (e.request.method !== 'POST' || !path.startsWith(`/api/ordens/${order.id}/`)) return;
        if (performance.now() < started) return;
        const kind = path.includes('/fotos') ? 'photo' : 'tick';
        writes.set(e.requestId, { kind, sent: performance.now() - started });
      });
      cdp.on('Network.loadingFinished', (e) => {
        const w = writes.get(e.requestId);
        if (w) w.done = performance.now() - started;
      });

      await page.goto('/login');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await waitForWorker(page);
      await page.goto('/hoje');
      await page.locator('.orders-row', { hasText: nome }).waitFor({ timeout: 60_000 });

      await context.setOffline(true);
      await page.locator('.orders-row', { hasText: nome }).click();
      await page.getByRole('heading', { name: 'Limpeza/reforma', level: 1 }).waitFor();
      for (let k = 1; k <= TICKS; k++) {
        await page.getByRole('button', { name: 'Marcar como feito' }).first().click();
        await until(
          async () => (await page.locator('.order-milestone .order-local-pending').count()) >= k,
        );
      }
      for (let k = 1; k <= PHOTOS; k++) {
        await page.getByLabel('Escolher foto').setInputFiles({
          name: `foto-${k}.jpg`,
          mimeType: 'image/jpeg',
          buffer: photos[k - 1] as Buffer,
        });
        await until(async () => (await readOutbox(page)).length >= TICKS + k);
      }
      // Attempts made offline (each queuing asks for a drain, which finds no signal) are not
      // the reconnect's: only those after it count towards "exactly once".
      const queued = await readOutbox(page);
      const attemptsOffline = queued.reduce((sum, q) => sum + q.attempts, 0);
      const photoBytes = queued.reduce((sum, q) => sum + q.bytes, 0);
      const photoTypes = [...new Set(queued.filter((q) => q.type).map((q) => q.type))].join(', ');

      // The signal returns: on a slow link from here, as the phone's 'online' event says.
      link.reset();
      link.throttle(true);
      started = performance.now();
      await context.setOffline(false);
      await page.evaluate(`window.dispatchEvent(new Event('online'))`);
      const outboxEmpty = until(
        async () =>
          (await readOutbox(page)).every((q) => q.state === 'sent') && performance.now() - started,
        120_000,
      );
      const serverHasAll = until(async () => {
        const o = await api<Order>(base, 'GET', `ordens/${order.id}`, admin);
        const done = o.marcos.filter((m) => m.feitoEm !== null).length;
        return done === TICKS && o.fotos.length === PHOTOS && performance.now() - started;
      }, 120_000);
      const [acked, stored] = await Promise.all([outboxEmpty, serverHasAll]);
      const bytes = link.bytes();
      link.throttle(false);

      // Exactly once: after the drains settle, the server's rows are counted again.
      await page.waitForTimeout(2_000);
      const final = await api<Order>(base, 'GET', `ordens/${order.id}`, admin);
      const outbox = await readOutbox(page);
      return {
        seconds: Math.max(acked, stored) / 1000,
        ackedSeconds: acked / 1000,
        storedSeconds: stored / 1000,
        ticks: final.marcos.filter((m) => m.feitoEm !== null).length,
        photos: final.fotos.length,
        photoIds: new Set(final.fotos.map((f) => f.id)).size,
        sent: outbox.filter((q) => q.state === 'sent').length,
        attempts: outbox.reduce((sum, q) => sum + q.attempts, 0) - attemptsOffline,
        photoBytes,
        photoTypes,
        up: bytes.up,
        down: bytes.down,
        pageWrites: [...writes.values()].filter((w) => w.done !== undefined).length,
        timeline: timeline([...writes.values()]),
      };
    } finally {
      await context.close();
    }
  }

  try {
    for (let i = 0; i < runs; i++) {
      const r = await oneRun(i);
      console.log(`work-orders-reconnect ${kind} run ${i + 1}:`, JSON.stringify(r));
      results.push(r);
    }
  } finally {
    await browser.close();
    await link.close();
  }

  const times = results.map((r) => r.seconds * 1000);
  // Counted on the server: a duplicate photo would be a fourth row; ticks are idempotent there.
  const once = results.every(
    (r) =>
      r.ticks === TICKS &&
      r.photos === PHOTOS &&
      r.photoIds === PHOTOS &&
      r.sent === TICKS + PHOTOS,
  );
  const retries = results.reduce((sum, r) => sum + r.attempts - (TICKS + PHOTOS), 0);
  const mb = (n: number) => `${(n / 1_000_000).toFixed(2)} MB`;
  reportSections.push(
    `## Reconnect runs on ${ctx.engine}, ${kind} photos (work-orders-reconnect)`,
    '',
    `Link: ${LINK.bytesPerSecond / 1000} KB/s each way (1.6 Mbit/s), ${LINK.roundTripMs} ms round trip, one pipe per direction shared by every connection, between Chromium (page and service worker alike) and the server. Photos as picked (${kind}): ${photos.map((p) => mb(p.length)).join(', ')} JPEG 4032×3024; queued by the app as ${results[0]?.photoTypes || '—'}.`,
    '',
    "| run | to last ack | outbox empty | server has all | ticks | photos (distinct) | items sent / attempts online | photo bytes queued | bytes up / down | writes sent by the page | the page's writes, from the signal's return |",
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...results.map(
      (r, i) =>
        `| ${i + 1} | ${r.seconds.toFixed(2)} s | ${r.ackedSeconds.toFixed(2)} s | ${r.storedSeconds.toFixed(2)} s | ${r.ticks} | ${r.photos} (${r.photoIds}) | ${r.sent} / ${r.attempts} | ${mb(r.photoBytes)} | ${mb(r.up)} / ${mb(r.down)} | ${r.pageWrites} of ${TICKS + PHOTOS} | ${r.timeline} |`,
    ),
    '',
  );
  return {
    scenario: 'work-orders-reconnect',
    engine: ctx.engine,
    target: `reconnect: ${TICKS} milestone ticks + ${PHOTOS} ${kind} photos at 1.6 Mbit/s, 150 ms RTT`,
    p50: median(times),
    p99: Math.max(...times),
    note: `p99 column = max of ${runs}; target ≤ 15 s; ${once ? `every write arrived exactly once (${TICKS} ticks, ${PHOTOS} photos counted on the server)` : 'NOT exactly once (see the runs)'}, ${retries} retries; uploaded ${mb(median(results.map((r) => r.up)))} (photos ${mb(median(results.map((r) => r.photoBytes)))} after the phone's re-encoding, ${results[0]?.photoTypes || '—'})`,
  };
}

/** Where the time went, from the page's writes: first sent, ticks done, each photo's span. */
function timeline(writes: { kind: string; sent: number; done?: number }[]) {
  const s = (ms: number | undefined) => `${((ms ?? Number.NaN) / 1000).toFixed(2)}`;
  const ticks = writes.filter((w) => w.kind === 'tick' && w.done !== undefined);
  const photos = writes.filter((w) => w.kind === 'photo' && w.done !== undefined);
  const lastTick = Math.max(...ticks.map((w) => w.done ?? 0));
  const perTick = ticks.length > 0 ? (lastTick - (ticks[0]?.sent ?? 0)) / ticks.length : 0;
  return [
    `first write ${s(writes[0]?.sent)} s`,
    `${ticks.length} ticks done ${s(lastTick)} s (${Math.round(perTick)} ms each)`,
    ...photos.map((w) => `photo ${s(w.sent)}→${s(w.done)} s`),
  ].join('; ');
}

/** Polls `check` every 100 ms until it answers something else than false, or throws. */
async function until<T>(check: () => Promise<T | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => false as const);
    if (value !== false) return value;
    if (Date.now() > deadline) throw new Error('work-orders-reconnect: timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The page is controlled by an active service worker (so it works offline). */
async function waitForWorker(page: Page) {
  await until(
    async () =>
      Boolean(
        await page.evaluate(`navigator.serviceWorker.getRegistration().then((reg) =>
        reg?.active?.state === 'activated' && Boolean(navigator.serviceWorker.controller))`),
      ) || false,
  );
}
