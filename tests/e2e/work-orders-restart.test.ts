/**
 * A photo of an order in the outbox survives the browser: a groundskeeper adds it without signal
 * and the browser is closed; reopened, the photo is still waiting. Then the browser dies twice in
 * the middle of its upload — once before the server has it (the request never arrives), once
 * after the server stored it but before the phone heard the answer — and each time it is opened
 * again the phone sends it once more. The server ends with exactly one photo: the Idempotency-Key
 * (the item's id) makes the repeat of a write it already has the same write.
 * A persistent profile (launchPersistentContext) is the phone's storage across the restarts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page, type Route } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import type { Order } from '../../src/domain/work-order-types';
import {
  ADMIN,
  callApi,
  chromiumPath,
  logIn,
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
const PHOTO_UPLOAD = /\/api\/ordens\/[0-9a-f]{24}\/fotos$/;

describe('an order photo across browser restarts and broken uploads', () => {
  let server: ServerProcess;
  let profile: string;
  let context: BrowserContext | null = null;
  let adminToken = '';
  let orderId = '';

  const api = <T>(method: string, url: string, token: string, body?: unknown) =>
    callApi<T>(server.url, method, url, token, body);
  const serverPhotos = async () =>
    (await api<Order>('GET', `ordens/${orderId}`, adminToken)).body.fotos.length;

  /** The phone's browser, opened on the same profile each time (its IndexedDB and worker). */
  async function openPhone(offline: boolean): Promise<Page> {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-dev-shm-usage'],
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      serviceWorkers: 'allow',
      offline,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    return page;
  }

  /** The outbox as IndexedDB holds it (committed items only): kind and state. */
  const storedItems = (page: Page) =>
    page.evaluate(`new Promise((resolve, reject) => {
      const open = indexedDB.open('memorial');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const all = open.result.transaction('outbox').objectStore('outbox').getAll();
        all.onsuccess = () => {
          open.result.close();
          resolve(all.result.map((i) => [i.kind, i.state]));
        };
      };
    })`);

  /** Closes the browser as a crash would leave things: whatever was in flight, unanswered. */
  async function killPhone() {
    await context?.close();
    context = null;
  }

  beforeAll(async () => {
    profile = fs.mkdtempSync(path.join(os.tmpdir(), 'memorial-phone-'));
    server = await startAppServer();
    adminToken = (await api<{ token: string }>('POST', 'users/login', '', ADMIN)).body.token;
    const made = await api<{ user: { id: string } }>('POST', 'users/admin-create', adminToken, {
      ...CONC,
      role: 'concessionario',
      confirmpassword: CONC.password,
    });
    expect(made.status).toBe(201);
    const record = await api<{ sepultado: { id: string; sepulturaId: string } }>(
      'POST',
      'sepultados/create',
      adminToken,
      { nome: 'Olegário Reis Campos', dtFal: '02/02/2002', quadra: '14', chapa: '0902' },
    );
    expect(record.status).toBe(201);
    const order = await api<Order>('POST', 'ordens', adminToken, {
      tipo: 'limpeza',
      agendadaPara: `${today}T08:00`,
      sepultadoId: record.body.sepultado.id,
      sepulturaId: record.body.sepultado.sepulturaId,
      responsaveis: [made.body.user.id],
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    orderId = order.body.id;
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await server?.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  });

  it('kept through a restart; sent once after two uploads broken halfway', async () => {
    // With signal: logged in, the worker in charge, the day on the phone.
    let page = await openPhone(false);
    await logIn(page, CONC);
    await waitForServiceWorker(page);
    await page.goto('/hoje');
    await page.locator('.orders-row', { hasText: 'Olegário Reis Campos' }).waitFor();

    // Without signal: a camera-sized photo (the phone shrinks it before queuing).
    await context?.setOffline(true);
    await page.goto(`/ordens/${orderId}`);
    await page.getByRole('heading', { name: 'Limpeza/reforma', level: 1 }).waitFor();
    const [w, h] = [400, 300];
    const noise = Buffer.alloc(w * h * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const jpeg = await sharp(noise, { raw: { width: w, height: h, channels: 3 } })
      .resize(3200, 2400)
      .jpeg({ quality: 90 })
      .toBuffer();
    await page
      .getByLabel('Escolher foto')
      .setInputFiles({ name: 'tumulo.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.locator('.order-photos li').getByText('Aguardando conexão').waitFor();
    // Saved when "Guardando a foto…" leaves (the list shows the item as soon as it is written,
    // before its transaction commits); the outbox read from IndexedDB itself holds it.
    await page.getByText('Guardando a foto…').waitFor({ state: 'hidden' });
    expect(await storedItems(page)).toEqual([['order-photo', 'pending']]);

    // 1. The browser is closed without signal and opened again: the photo is still waiting.
    await killPhone();
    page = await openPhone(true);
    await page.goto(`/ordens/${orderId}`);
    await page.getByRole('heading', { name: 'Limpeza/reforma', level: 1 }).waitFor();
    // The photo's state as the list says it (its text, whatever the layout is doing).
    await expect
      .poll(() => page.locator('.order-photos li .order-local').allTextContents(), {
        timeout: 30_000,
      })
      .toEqual(['Aguardando conexão']);
    expect(await serverPhotos()).toBe(0);

    // 2. Signal back, and the browser dies while the upload is on its way: the request is
    // held and never reaches the server.
    let held = (_route: Route) => {};
    const uploadSeen = new Promise<void>((resolve) => {
      held = () => resolve();
    });
    await context?.route(PHOTO_UPLOAD, (route) => held(route));
    await context?.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await uploadSeen;
    await killPhone();
    expect(await serverPhotos()).toBe(0);

    // 3. Opened again: the upload reaches the server, which stores the photo, and the browser
    // dies before the phone hears the answer.
    page = await openPhone(false);
    let answered = 0;
    const stored = new Promise<void>((resolve) => {
      void context?.route(PHOTO_UPLOAD, async (route) => {
        answered = (await route.fetch()).status();
        resolve();
      });
    });
    await page.goto(`/ordens/${orderId}`);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await stored;
    await killPhone();
    expect(answered).toBe(200);
    expect(await serverPhotos()).toBe(1);

    // 4. Opened once more, nothing in the way: the phone sends it again (it never heard an
    // answer) and the server answers the first result; the phone shows the server's photo.
    page = await openPhone(false);
    await page.goto(`/ordens/${orderId}`);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect
      .poll(() => page.locator('.order-photos li', { hasText: 'Aguardando conexão' }).count(), {
        timeout: 30_000,
      })
      .toBe(0);
    await page.waitForTimeout(1_000);
    expect(await serverPhotos()).toBe(1);
    expect(await page.locator('.order-photos li').count()).toBe(1);
  }, 240_000);
});
