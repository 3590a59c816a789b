/**
 * A groundskeeper's work without signal survives the browser, and each change reaches the
 * server exactly once. Chromium reaches the server only through a TCP relay
 * (scripts/slow-link.ts) that the page and the service worker both cross: "no signal" is the
 * relay refusing every connection, so no drain — the page's or a Background Sync in the worker —
 * can reach the server behind the test's back, and its log of request lines says how often
 * each write was sent. A persistent profile (launchPersistentContext) is the phone's storage
 * across restarts, always opened on the relay's address (the worker's origin stays the same).
 *  1. Link down: a milestone ticked and a photo added; the browser closed and opened again,
 *     still without signal: both still waiting, nothing on the server. Link up: each sent once.
 *  2. A photo on a slow link, and the browser killed (SIGKILL) twice while sending it: once
 *     before the server has it (the upload on its way), once after the server stored it but
 *     before the answer came back. Opened again with signal, the phone sends it once more and
 *     the server keeps exactly one photo: the Idempotency-Key (the item's id) makes the repeat
 *     the same write.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { startSlowLink } from '../../scripts/slow-link';
import type { Order } from '../../src/domain/work-order-types';
import {
  adminLogin,
  callApi,
  chromiumPath,
  createRecord,
  createStaff,
  logIn,
  outboxItems,
  startAppServer,
  waitForServiceWorker,
} from './harness';

const CONC = {
  name: 'Rosa Reinício Campos',
  cpf: '39053344705',
  phone: '31966665555',
  email: 'rosa.reinicio@exemplo.com.br',
  password: 'Quadra@2026',
};
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
  new Date(),
);
/** A photo of about 500 KB (under the size the phone re-encodes, so it is sent as chosen). */
async function photo(): Promise<Buffer> {
  const [w, h] = [1100, 825];
  const noise = Buffer.alloc(w * h * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The browser process of this profile (not its renderers and helpers, which have --type=). */
function browserPids(profile: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (args.includes(`--user-data-dir=${profile}`) && !args.some((a) => a.startsWith('--type='))) {
      pids.push(Number(entry));
    }
  }
  return pids;
}

describe("a groundskeeper's offline work across browser restarts", () => {
  let server: ServerProcess;
  let link: Awaited<ReturnType<typeof startSlowLink>>;
  let profile: string;
  let context: BrowserContext | null = null;
  let adminToken = '';
  const orders = { day: '', upload: '' };

  const api = <T>(method: string, url: string, token: string, body?: unknown) =>
    callApi<T>(server.url, method, url, token, body);
  /** The order as the server has it, asked off the relay. */
  const onServer = async (id: string) => (await api<Order>('GET', `ordens/${id}`, adminToken)).body;
  /** How often a write to this order crossed the link towards the server since the last reset. */
  const sent = (id: string, what: 'marcos' | 'fotos') =>
    link.requests().filter((r) => r.startsWith(`POST /api/ordens/${id}/${what}`)).length;

  /** The phone's browser, opened on the same profile and the relay's address every time. */
  async function openPhone(): Promise<Page> {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-dev-shm-usage'],
      baseURL: link.url,
      viewport: { width: 390, height: 844 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      serviceWorkers: 'allow',
      permissions: ['geolocation'],
      geolocation: { latitude: -23.5613, longitude: -46.5208 },
    });
    return context.pages()[0] ?? (await context.newPage());
  }

  /**
   * The phone dies (SIGKILL, no shutdown) and in the same turn of the event loop the link is
   * cut: what the relay had read and not yet delivered was still on the phone's side of the
   * radio, and it dies with the phone.
   */
  async function killPhone() {
    const closed = new Promise<void>((resolve) => context?.once('close', () => resolve()));
    const pids = browserPids(profile);
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    link.setDown(true);
    await closed;
    context = null;
  }

  /** The signal is back, as the phone says it (the relay's cut is not the OS's). */
  async function linkUp(page: Page) {
    link.setDown(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
  }

  /** The outbox as IndexedDB holds it (committed items only): kind and state. */
  const storedItems = async (page: Page) =>
    (await outboxItems(page)).map((i) => [i.kind, i.state]).sort();

  /** "Envios" (/pendentes): each item's title and state, as the person reads them. */
  async function outboxPage(page: Page): Promise<string[]> {
    const items = page.locator('.outbox-item');
    const out: string[] = [];
    for (const item of await items.all()) {
      const title = (await item.locator('h2').textContent())?.split(' · ')[0] ?? '';
      out.push(`${title}: ${await item.locator('.outbox-state strong').textContent()}`);
    }
    return out.sort();
  }

  async function addPhoto(page: Page, orderId: string, name: string) {
    await page.goto(`/ordens/${orderId}`);
    await page.getByRole('heading', { name: 'Limpeza/reforma', level: 1 }).waitFor();
    await page
      .getByLabel('Escolher foto')
      .setInputFiles({ name, mimeType: 'image/jpeg', buffer: await photo() });
    await page.locator('.order-photos li').getByText('Aguardando conexão').waitFor();
    // Saved when "Guardando a foto…" leaves: the list shows the item before its transaction
    // commits.
    await page.getByText('Guardando a foto…').waitFor({ state: 'hidden' });
  }

  beforeAll(async () => {
    profile = fs.mkdtempSync(path.join(os.tmpdir(), 'memorial-phone-'));
    server = await startAppServer();
    link = await startSlowLink(server.url, { bytesPerSecond: 40_000, roundTripMs: 200 });
    adminToken = await adminLogin(server.url);
    const concId = await createStaff(server.url, adminToken, CONC);
    for (const [key, nome, chapa] of [
      ['day', 'Olegário Reis Campos', '0902'],
      ['upload', 'Idalina Reis Campos', '0903'],
    ] as const) {
      const record = await createRecord(server.url, adminToken, {
        nome,
        dtFal: '02/02/2002',
        quadra: '14',
        chapa,
      });
      const order = await api<Order>('POST', 'ordens', adminToken, {
        tipo: 'limpeza',
        agendadaPara: `${today}T08:00`,
        sepultadoId: record.id,
        sepulturaId: record.sepulturaId,
        responsaveis: [concId],
      });
      expect(order.status, JSON.stringify(order.body)).toBe(201);
      orders[key] = order.body.id;
    }
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await link?.close();
    await server?.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  });

  it('ticked and photographed without signal: kept through a restart, then sent once', async () => {
    // With signal: logged in, the worker in charge, the day on the phone.
    let page = await openPhone();
    await logIn(page, CONC);
    await waitForServiceWorker(page);
    await page.goto('/hoje');
    await page.locator('.orders-row', { hasText: 'Olegário Reis Campos' }).waitFor();
    await page.locator('.orders-row', { hasText: 'Idalina Reis Campos' }).waitFor();

    // No signal: a milestone ticked, a photo added.
    link.setDown(true);
    link.reset();
    await page.goto(`/ordens/${orders.day}`);
    await page.getByRole('heading', { name: 'Limpeza/reforma', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Marcar como feito' }).first().click();
    await page.locator('.order-milestone .order-local-pending').waitFor();
    await addPhoto(page, orders.day, 'tumulo.jpg');
    expect(await storedItems(page)).toEqual([
      ['order-photo', 'pending'],
      ['order-tick', 'pending'],
    ]);

    // The browser closed and opened again, still without signal: both wait, listed as such.
    await context?.close();
    page = await openPhone();
    await page.goto('/pendentes');
    await page.getByRole('heading', { name: 'Envios', level: 1 }).waitFor();
    await expect
      .poll(() => outboxPage(page), { timeout: 30_000 })
      .toEqual(['Etapa marcada: Aguardando conexão', 'Foto: Aguardando conexão']);
    const before = await onServer(orders.day);
    expect(before.marcos.filter((m) => m.feitoEm !== null)).toHaveLength(0);
    expect(before.fotos).toHaveLength(0);
    expect(link.requests()).toEqual([]);

    // Signal: each change reaches the server, and crossed the link exactly once.
    await linkUp(page);
    await expect
      .poll(() => outboxPage(page), { timeout: 60_000 })
      .toEqual(['Etapa marcada: Enviado', 'Foto: Enviado']);
    const after = await onServer(orders.day);
    expect(after.marcos.filter((m) => m.feitoEm !== null)).toHaveLength(1);
    expect(after.marcos[0]?.feitoPorNome).toBe(CONC.name);
    expect(after.fotos).toHaveLength(1);
    expect(sent(orders.day, 'marcos')).toBe(1);
    expect(sent(orders.day, 'fotos')).toBe(1);
  }, 240_000);

  it('a photo whose upload the browser died in: sent again, stored once', async () => {
    // The phone of the first test, still open and logged in: a session only seconds old may not
    // be on disk yet when Chromium is killed (it writes localStorage some seconds later), and
    // that is not what this test is about.
    let page = context?.pages()[0] ?? (await openPhone());
    link.setDown(true);
    await addPhoto(page, orders.upload, 'cova.jpg');

    // 1. Slow link (about 12 s for the photo): the browser dies while the upload is on its way.
    link.throttle(true, { bytesPerSecond: 40_000, roundTripMs: 200 });
    link.reset();
    await linkUp(page);
    await expect.poll(() => sent(orders.upload, 'fotos'), { timeout: 60_000 }).toBe(1);
    await killPhone();
    expect((await onServer(orders.upload)).fotos).toHaveLength(0);

    // Opened again without signal: the photo still waits.
    page = await openPhone();
    await page.goto('/pendentes');
    await expect
      .poll(() => outboxPage(page), { timeout: 30_000 })
      .toContain('Foto: Aguardando conexão');

    // 2. Fast link, slow answers (5 s each way): the server stores the photo and the browser
    // dies before the answer reaches it.
    link.throttle(true, { bytesPerSecond: 1_000_000, roundTripMs: 10_000 });
    link.reset();
    await linkUp(page);
    await expect
      .poll(async () => (await onServer(orders.upload)).fotos.length, {
        timeout: 60_000,
        interval: 100,
      })
      .toBe(1);
    await killPhone();
    expect(sent(orders.upload, 'fotos')).toBe(1);

    // Opened again without signal: the phone never heard, so the photo still waits.
    page = await openPhone();
    await page.goto('/pendentes');
    await expect
      .poll(() => outboxPage(page), { timeout: 30_000 })
      .toContain('Foto: Aguardando conexão');

    // 3. Signal, nothing in the way: sent once more, and the server keeps the one photo.
    link.throttle(false);
    link.reset();
    await linkUp(page);
    await expect
      .poll(() => outboxPage(page), { timeout: 60_000 })
      .toEqual(['Etapa marcada: Enviado', 'Foto: Enviado', 'Foto: Enviado']);
    expect(sent(orders.upload, 'fotos')).toBe(1);
    expect((await onServer(orders.upload)).fotos).toHaveLength(1);
    // The phone shows the server's one photo, nothing of its own left.
    await page.goto(`/ordens/${orders.upload}`);
    await expect.poll(() => page.locator('.order-photos li').count()).toBe(1);
    expect(await page.locator('.order-photos .order-local').count()).toBe(0);
  }, 240_000);
});
