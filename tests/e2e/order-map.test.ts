/**
 * An order's grave on the map in airplane mode, in Chromium at a phone's width against the real
 * server (real service worker): a concessionário's "Hoje" reaches the phone with signal — the
 * orders, the plan of their cemetery and the map's code come with it — then, without signal and
 * after a reload, they open an order never opened before and find the grave's marker by its
 * name, the cemetery's plan drawn from the device, the way there in words and "Como chegar"
 * with their GPS position. An order whose grave has no position keeps the way in words and says
 * the map has none. There is no internet here: every OSM tile fails, which must break nothing.
 */
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
  screenshot,
  startAppServer,
  waitForServiceWorker,
} from './harness';

const CONC = {
  name: 'Genésio Coveiro Matos',
  cpf: '39053344705',
  phone: '31966665555',
  email: 'genesio.coveiro@exemplo.com.br',
  password: 'Quadra@2025',
};
const MAPPED = 'Ermelinda Costa Prado';
const UNMAPPED = 'Vicente Rocha Lima';
const GRAVE = { lat: -20.3855, lng: -43.5035 };
/** ~60 m south-west of the grave: where the person stands when they tap "Como chegar". */
const HERE = { latitude: GRAVE.lat - 0.0004, longitude: GRAVE.lng - 0.0004, accuracy: 5 };
const CORNERS = { south: '-20.3870', north: '-20.3840', west: '-43.5050', east: '-43.5020' };

/** The cemetery's today (the server's TIME_ZONE default), YYYY-MM-DD. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
  new Date(),
);

/** Whether some cache of Cache Storage holds a file whose path matches `pattern`. */
function cached(page: Page, pattern: string): Promise<boolean> {
  return page.evaluate(async (source) => {
    const wanted = new RegExp(source);
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      if ((await cache.keys()).some((r) => wanted.test(new URL(r.url).pathname))) return true;
    }
    return false;
  }, pattern);
}

/** The image name of the plan the device keeps for a cemetery (plan-offline.ts), or null. */
function storedPlanImage(page: Page, cemetery: string): Promise<string | null> {
  return page.evaluate(
    (id) =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open('memorial');
        open.onsuccess = () => {
          const get = open.result.transaction('meta').objectStore('meta').get(`plan.${id}`);
          get.onsuccess = () => resolve(get.result?.value?.image ?? null);
          get.onerror = () => reject(get.error);
        };
        open.onerror = () => reject(open.error);
      }),
    cemetery,
  );
}

describe("an order's grave on the map without signal", () => {
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let adminToken = '';
  let concId = '';

  const api = <T>(method: string, url: string, token: string, body?: unknown) =>
    callApi<T>(server.url, method, url, token, body);

  /** A record in its grave (with a position or not) and an order on it for the crew, today. */
  async function orderOn(nome: string, chapa: string, where: typeof GRAVE | null, at: string) {
    const { id, sepulturaId } = await createRecord(server.url, adminToken, {
      nome,
      dtFal: '10/10/2001',
      quadra: '12',
      chapa,
      rua: '3',
    });
    if (where) {
      const placed = await api('PATCH', `sepulturas/${sepulturaId}`, adminToken, {
        latitude: where.lat,
        longitude: where.lng,
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    }
    const ordered = await api<Order>('POST', 'ordens', adminToken, {
      tipo: 'exumacao',
      agendadaPara: `${today}T${at}`,
      sepultadoId: id,
      sepulturaId,
      responsaveis: [concId],
    });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(201);
    return ordered.body;
  }

  /** The cemetery's plan, around the grave: answers its image name. */
  async function uploadPlan(cemetery: string): Promise<string> {
    const png = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#e9e4d8' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries(CORNERS)) form.append(k, v);
    form.append('imagem', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'plano.png');
    const res = await fetch(`${server.url}/api/cemiterios/${cemetery}/plano`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}` },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { image: string }).image;
  }

  beforeAll(async () => {
    server = await startAppServer();
    adminToken = await adminLogin(server.url);
    concId = await createStaff(server.url, adminToken, CONC);
    browser = await launchBrowser();
    context = await newPhoneContext(browser, server.url);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(HERE);
    page = await context.newPage();
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('opens an order offline: the marker, the plan from the device, the way and Como chegar', async () => {
    const mapped = await orderOn(MAPPED, '0801', GRAVE, '09:00');
    const unmapped = await orderOn(UNMAPPED, '0802', null, '11:00');
    expect(mapped.lugar.latitude).toBe(GRAVE.lat);
    expect(unmapped.lugar.latitude).toBeNull();
    const cemeteryId = mapped.lugar.cemiterioId;
    const planImage = await uploadPlan(cemeteryId);

    // With signal: log in and let "Hoje" reach the phone — never opening either order.
    await logIn(page, CONC);
    await waitForServiceWorker(page);
    await page.goto('/hoje');
    await page.locator('.orders-row', { hasText: MAPPED }).waitFor();
    await page.locator('.orders-row', { hasText: UNMAPPED }).waitFor();
    // What the day keeps in the background: the plan of its cemetery and the map's code.
    await expect.poll(() => storedPlanImage(page, cemeteryId), { timeout: 30_000 }).toBe(planImage);
    await expect.poll(() => cached(page, 'map-section-.*\\.js$'), { timeout: 30_000 }).toBe(true);

    // Airplane mode, and the app reloaded from the service worker.
    await context.setOffline(true);
    await page.reload();
    await page.getByText('Sem conexão', { exact: false }).waitFor();
    await page.locator('.orders-row', { hasText: MAPPED }).click();
    await page.getByRole('heading', { name: 'Exumação', level: 1 }).waitFor();
    await page.getByText('Rua 3 → Quadra 12 → Placa 0801').waitFor();
    const marker = page.getByRole('button', { name: `Sepultura de ${MAPPED}` });
    await marker.waitFor().catch(async (err: unknown) => {
      await screenshot(page, 'order-map-offline-fail');
      throw err;
    });
    await page.getByRole('region', { name: `Mapa com a sepultura de ${MAPPED}` }).waitFor();
    // The plan is the one kept on the device (a blob: URL), whole.
    const overlay = page.locator('img.map-plan-overlay[src^="blob:"]');
    await overlay.waitFor({ state: 'visible' });
    expect(await overlay.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(400);
    // The phone's map app needs signal: not offered without it.
    expect(await page.getByRole('link', { name: 'Abrir no app de mapas' }).count()).toBe(0);

    // "Como chegar" works on the device: GPS, distance, arrow.
    await page.getByRole('button', { name: 'Como chegar' }).click();
    const meters = Number(await page.locator('[data-meters]').getAttribute('data-meters'));
    expect(meters).toBeGreaterThan(40);
    expect(meters).toBeLessThan(80);
    // A phone's width: nothing runs off the side.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await screenshot(page, 'order-map-offline');

    // The order whose grave has no position: the way in words, and the map says it has none.
    await page.getByRole('link', { name: '← Hoje' }).click();
    await page.locator('.orders-row', { hasText: UNMAPPED }).click();
    await page.getByText('Rua 3 → Quadra 12 → Placa 0802').waitFor();
    await page.getByText(ORDER_MSG.noPosition).waitFor();
    expect(await page.locator('.map-grave-marker').count()).toBe(0);

    // Back online, the phone's map app is offered as an extra.
    await context.setOffline(false);
    await page.goto(`/ordens/${mapped.id}`);
    await page.getByRole('button', { name: `Sepultura de ${MAPPED}` }).waitFor();
    await page.getByRole('link', { name: 'Abrir no app de mapas' }).waitFor();
  }, 180_000);
});
