/**
 * The crew's day in Chromium against the real server: a concessionário's "Hoje" reaches the
 * phone with signal, then without signal they open an exhumation, tick its milestones, add a
 * photo (time and GPS position taken) and conclude it with a destination; back online all of it
 * reaches the server exactly once. An order the office cancels while the phone is offline says
 * so plainly, and the work done on it stays on the phone with "Copiar" and "Descartar".
 */
import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { ORDER_MSG } from '../../src/domain/work-order-rules';
import type { Order } from '../../src/domain/work-order-types';
import {
  adminLogin,
  callApi,
  createRecord,
  createStaff,
  launchBrowser,
  logIn,
  newPhoneContext,
  outboxItems,
  screenshot,
  startAppServer,
  waitForServiceWorker,
} from './harness';

const CONC = {
  name: 'Custódio Coveiro Ramos',
  cpf: '52998224725',
  phone: '31977776666',
  email: 'custodio.coveiro@exemplo.com.br',
  password: 'Quadra@2025',
};
const WHERE = { latitude: -23.5613, longitude: -46.5208 };

/** The cemetery's today (the server's TIME_ZONE default), YYYY-MM-DD. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
  new Date(),
);

describe("the crew's day without signal", () => {
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let adminToken = '';
  let concId = '';

  const api = <T>(method: string, url: string, token: string, body?: unknown) =>
    callApi<T>(server.url, method, url, token, body);

  async function order(tipo: string, nome: string, chapa: string, at: string): Promise<Order> {
    const r = await createRecord(server.url, adminToken, {
      nome,
      dtFal: '10/10/2001',
      quadra: '12',
      chapa,
      rua: 'Rua 3',
    });
    const made = await api<Order>('POST', 'ordens', adminToken, {
      tipo,
      agendadaPara: `${today}T${at}`,
      sepultadoId: r.id,
      sepulturaId: r.sepulturaId,
      responsaveis: [concId],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body;
  }

  const getOrder = async (id: string) => (await api<Order>('GET', `ordens/${id}`, adminToken)).body;

  async function backOnline() {
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
  }

  beforeAll(async () => {
    server = await startAppServer();
    adminToken = await adminLogin(server.url);
    concId = await createStaff(server.url, adminToken, CONC);
    browser = await launchBrowser();
    context = await newPhoneContext(browser, server.url);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(WHERE);
    page = await context.newPage();
    page.on('dialog', (d) => void d.accept());
    await logIn(page, CONC);
    await waitForServiceWorker(page);
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('ticks, photographs and concludes offline; back online each write arrives once', async () => {
    const ex = await order('exumacao', 'Benedita Souza Prado', '0701', '09:00');
    await page.goto('/hoje');
    const row = page.locator('.orders-row', { hasText: 'Benedita Souza Prado' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Quadra 12');

    await context.setOffline(true);
    await page.goto('/hoje');
    await page.getByText('Sem conexão', { exact: false }).waitFor();
    await page.locator('.orders-row', { hasText: 'Benedita Souza Prado' }).click();
    await page.getByRole('heading', { name: 'Exumação', level: 1 }).waitFor();
    await page.getByText('Rua 3 → Quadra 12 → Placa 0701').waitFor();
    // A phone's width: nothing runs off the side.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    // Two milestones ticked: done at once on the phone, waiting for the signal.
    for (let i = 0; i < 2; i++) {
      await page.getByRole('button', { name: 'Marcar como feito' }).first().click();
    }
    await expect.poll(() => page.locator('.order-milestone .order-local-pending').count()).toBe(2);

    // A camera-sized photo, with the time and the GPS position taken. The phone queues it made
    // smaller, as WebP at the quality the server keeps (src/lib/shrink-photo.ts).
    const jpeg = await sharp(crypto.randomBytes(504 * 378 * 3), {
      raw: { width: 504, height: 378, channels: 3 },
    })
      .resize(4032, 3024)
      .jpeg({ quality: 90 })
      .toBuffer();
    await page
      .getByLabel('Escolher foto')
      .setInputFiles({ name: 'cova.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    const photo = page.locator('.order-photos li', { hasText: 'GPS -23.56130' });
    await photo.waitFor();
    await photo.getByText('Aguardando conexão').waitFor();
    const queued = (await outboxItems(page)).filter((i) => i.kind === 'order-photo');
    expect(queued).toHaveLength(1);
    expect(queued[0]?.blobType).toBe('image/webp');
    expect(queued[0]?.blobSize).toBeLessThan(jpeg.length / 3);

    // Concluding an exhumation needs a destination: refused without one, then given.
    await page.getByRole('button', { name: 'Concluir ordem de serviço' }).click();
    await page.getByText(ORDER_MSG.destinationRequired).waitFor();
    await page.getByLabel('Cremação').check();
    await page.getByLabel('Crematório').fill('Crematório Vila Alpina');
    await page.getByRole('button', { name: 'Concluir ordem de serviço' }).click();
    await page.getByText('Concluída neste aparelho').waitFor();

    // The server has none of it yet.
    expect((await getOrder(ex.id)).situacao).toBe('aberta');

    await backOnline();
    await expect
      .poll(async () => (await getOrder(ex.id)).situacao, { timeout: 30_000 })
      .toBe('concluida');
    // Every write once, whatever the drains (page, service worker) did.
    await page.reload();
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForTimeout(1_500);
    const done = await getOrder(ex.id);
    expect(done.marcos.filter((m) => m.feitoEm !== null)).toHaveLength(2);
    expect(done.fotos).toHaveLength(1);
    expect(done.fotos[0]?.latitude).toBeCloseTo(WHERE.latitude, 4);
    expect(done.destino?.tipo).toBe('cremacao');
    // The phone shows the server's state: the success colour now.
    await page.locator('.order-state-concluida').waitFor();
    expect(await page.locator('.order-local-pending').count()).toBe(0);
    // The conclusion wrote where the remains went.
    const custody = await api<{ passos: unknown[] }>(
      'GET',
      `sepultados/${done.sepultadoId}/custodia`,
      adminToken,
    );
    expect(custody.status).toBe(200);
    expect(custody.body.passos).toHaveLength(1);
  }, 180_000);

  it('an order cancelled while offline: plain words, the work kept with Copiar/Descartar', async () => {
    const lp = await order('limpeza', 'Joaquim Teles Barros', '0702', '14:00');
    await page.goto('/hoje');
    await page.locator('.orders-row', { hasText: 'Joaquim Teles Barros' }).click();
    await page.getByRole('heading', { name: 'Limpeza/reforma', level: 1 }).waitFor();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Marcar como feito' }).first().click();
    await page.getByLabel('Novo comentário').fill('Túmulo lavado, faltou pintar a grade.');
    await page.getByRole('button', { name: 'Comentar' }).click();
    await page.locator('.order-comments').getByText('Aguardando conexão').waitFor();

    const cancelled = await api<Order>('PATCH', `ordens/${lp.id}`, adminToken, {
      situacao: 'cancelada',
      motivoCancelamento: 'A família desistiu do serviço.',
    });
    expect(cancelled.status).toBe(200);

    await backOnline();
    const refused = page.locator('.order-refused');
    await refused
      .getByText(ORDER_MSG.cancelled)
      .waitFor({ timeout: 30_000 })
      .catch(async (err: unknown) => {
        await screenshot(page, 'work-orders-cancelled');
        throw err;
      });
    await refused.getByText('Túmulo lavado, faltou pintar a grade.').waitFor();
    expect(await refused.getByRole('button', { name: 'Copiar' }).count()).toBe(2);
    expect(await refused.getByRole('button', { name: 'Descartar' }).count()).toBe(2);
    // The phone now shows the order as the office left it.
    await page.getByText('A família desistiu do serviço.', { exact: false }).waitFor();
    // Nothing of it reached the cancelled order, and it survives a reload.
    const now = await getOrder(lp.id);
    expect(now.comentarios).toHaveLength(0);
    await page.reload();
    await page.locator('.order-refused').getByText(ORDER_MSG.cancelled).waitFor();
    // Discarding is the person's choice, one item at a time.
    await page.locator('.order-refused').getByRole('button', { name: 'Descartar' }).first().click();
    await expect.poll(() => page.locator('.order-refused li').count()).toBe(1);
  }, 180_000);
});
