/**
 * Finding the grave on the ground, in Chromium against the real server: the admin
 * uploads the cemetery plan on /admin/mapa and captures a grave's position with "Usar minha
 * localização"; a visitor opens the record, taps "Como chegar" and walks toward the grave with
 * emulated GPS — the distance falls, the arrow turns, "Você chegou" — then, in airplane mode,
 * the plan overlay and the marker still show after a reload, and the record's QR link opens it.
 * There is no internet here: every OSM tile fails, which must break nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { MAP_MSG } from '../../src/domain/map-messages';
import {
  ADMIN,
  launchBrowser,
  logIn,
  newPhoneContext,
  screenshot,
  scrollToHeading,
  startAppServer,
  waitForServiceWorker,
} from './harness';

const NOME = 'Joaquina Rosa de Almeida';
const GRAVE = { lat: -20.3855, lng: -43.5035 };
/** ~100 m south and ~100 m west of the grave: the grave is to the north-east (bearing ≈ 45°). */
const START = { lat: GRAVE.lat - 0.0009, lng: GRAVE.lng - 0.00096 };
const HALFWAY = { lat: GRAVE.lat - 0.00045, lng: GRAVE.lng - 0.00048 };
const AT_GRAVE = { lat: GRAVE.lat + 0.00002, lng: GRAVE.lng };
const CORNERS = { north: '-20.3840', south: '-20.3870', west: '-43.5050', east: '-43.5020' };

async function planImage(dir: string): Promise<string> {
  const file = path.join(dir, 'plano-cemiterio.png');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
    <rect width="600" height="600" fill="#f3efe2"/>
    <path d="M0 300H600M300 0V600" stroke="#b9a77a" stroke-width="28"/>
    <rect x="40" y="40" width="220" height="220" fill="#cfd8c4"/>
    <rect x="340" y="340" width="220" height="220" fill="#cfd8c4"/>
  </svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
  return file;
}

describe('map: plan, wayfinding with GPS, offline overlay, QR link, GPS capture', () => {
  let server: ServerProcess;
  let browser: Browser;
  let adminContext: BrowserContext;
  let admin: Page;
  let visitorContext: BrowserContext;
  let visitor: Page;
  let planFile: string;
  let recordId = '';
  let qrUrl = '';

  async function post<T>(url: string, token: string, body: unknown) {
    const res = await fetch(`${server.url}/api/${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  }

  const distance = async () =>
    Number(await visitor.locator('[data-meters]').getAttribute('data-meters'));
  const rotation = async () =>
    Number(await visitor.locator('.map-wayfinding-arrow').getAttribute('data-rotation'));

  beforeAll(async () => {
    planFile = await planImage(fs.mkdtempSync(path.join(os.tmpdir(), 'memorial-plan-')));
    server = await startAppServer();
    const login = await post<{ token: string }>('users/login', '', ADMIN);
    const created = await post<{ sepultado: { id: string } }>(
      'sepultados/create',
      login.body.token,
      {
        nome: NOME,
        dtFal: '03/09/1998',
        rua: '3',
        quadra: '12',
        chapa: '0458',
        latitude: GRAVE.lat,
        longitude: GRAVE.lng,
      },
    );
    expect(created.status).toBe(201);
    recordId = created.body.sepultado.id;

    browser = await launchBrowser();
    adminContext = await newPhoneContext(browser, server.url);
    await adminContext.grantPermissions(['geolocation']);
    admin = await adminContext.newPage();
    visitorContext = await newPhoneContext(browser, server.url);
    await visitorContext.grantPermissions(['geolocation']);
    await visitorContext.setGeolocation({ latitude: START.lat, longitude: START.lng, accuracy: 5 });
    visitor = await visitorContext.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('admin uploads the cemetery plan with its corners and sees it previewed', async () => {
    await logIn(admin, ADMIN);
    await admin.goto('/sepultados/meumemorial');
    await admin.getByRole('link', { name: 'Mapa do cemitério' }).click();
    await admin.getByRole('heading', { name: 'Mapa do cemitério', level: 1 }).waitFor();

    await admin.getByRole('button', { name: 'Salvar plano' }).click();
    await admin.getByText(MAP_MSG.planImageRequired).waitFor();
    await admin.getByLabel('Imagem do plano').setInputFiles(planFile);
    await admin.getByAltText('Pré-visualização do plano do cemitério').waitFor();
    await admin.getByLabel('Latitude norte (borda de cima)').fill(CORNERS.south);
    await admin.getByLabel('Latitude sul (borda de baixo)').fill(CORNERS.north);
    await admin.getByLabel('Longitude oeste (borda esquerda)').fill(CORNERS.west);
    await admin.getByLabel('Longitude leste (borda direita)').fill(CORNERS.east.replace('.', ','));
    await admin.getByRole('button', { name: 'Salvar plano' }).click();
    await admin.getByText('A latitude sul deve ser menor que a norte.').waitFor();
    await admin.getByLabel('Latitude norte (borda de cima)').fill(CORNERS.north);
    await admin.getByLabel('Latitude sul (borda de baixo)').fill(CORNERS.south);
    await admin.getByRole('button', { name: 'Salvar plano' }).click();
    await admin.getByText(MAP_MSG.planSaved).waitFor();
    await admin.getByText('Plano atual').waitFor();
    await screenshot(admin, 'map-admin-plan');

    const plan = (await (await fetch(`${server.url}/api/mapa/plano`)).json()) as {
      bounds: Record<string, number>;
    };
    expect(plan.bounds).toEqual({ south: -20.387, west: -43.505, north: -20.384, east: -43.502 });
  });

  it('a visitor walks to the grave: distance falls, the arrow turns, "Você chegou"', async () => {
    await visitor.goto(`/sepultados/${recordId}`);
    await visitor.getByRole('heading', { name: NOME, level: 1 }).waitFor();
    await visitor.getByText('Rua 3 → Quadra 12 → Placa 0458').waitFor();
    // The map loads when the visitor comes near it (first-visit-budgets.test.ts checks that).
    await scrollToHeading(visitor, 'Como chegar');
    await visitor.locator('.map-grave-marker').waitFor();
    // Online, the map stored the plan on the device and draws it from there (a blob: URL).
    await visitor.locator('img.map-plan-overlay[src^="blob:"]').waitFor();

    await visitor.getByRole('button', { name: 'Como chegar' }).click();
    await visitor.locator('[data-meters]').waitFor();
    const far = await distance();
    expect(far).toBeGreaterThan(120);
    expect(far).toBeLessThan(160);
    // No compass and no movement yet: the arrow is relative to north, toward the north-east.
    const first = await rotation();
    expect(first).toBeGreaterThan(35);
    expect(first).toBeLessThan(55);
    await visitor.getByText(/Sem bússola: a seta aponta em relação ao norte/).waitFor();
    await screenshot(visitor, 'map-wayfinding-far');

    await visitorContext.setGeolocation({
      latitude: HALFWAY.lat,
      longitude: HALFWAY.lng,
      accuracy: 5,
    });
    await visitor.waitForFunction(
      (before) =>
        Number(document.querySelector('[data-meters]')?.getAttribute('data-meters')) < before,
      far,
    );
    const near = await distance();
    expect(near).toBeGreaterThan(55);
    expect(near).toBeLessThan(85);
    // Walking toward it: heading from movement ≈ bearing, so the arrow points straight ahead.
    await visitor.getByText('A seta usa a direção em que você está andando.').waitFor();
    const second = await rotation();
    expect(second).not.toBe(first);
    expect(Math.min(second, 360 - second)).toBeLessThan(10);

    await visitorContext.setGeolocation({
      latitude: AT_GRAVE.lat,
      longitude: AT_GRAVE.lng,
      accuracy: 5,
    });
    await visitor.getByText(MAP_MSG.arrived, { exact: true }).waitFor();
    await visitor.getByText('Precisão: ± 5 m').waitFor();
    await screenshot(visitor, 'map-wayfinding-arrived');
  });

  it('offline, after a reload, the plan overlay and the marker still show', async () => {
    await waitForServiceWorker(visitor);
    qrUrl = (await visitor.locator('[data-qr-url]').getAttribute('data-qr-url')) ?? '';
    expect(qrUrl).toBe(`${server.url}/sepultados/${recordId}`);
    await scrollToHeading(visitor, 'Código QR');
    await visitor.getByAltText(`Código QR da página de ${NOME}`).waitFor();

    await visitorContext.setOffline(true);
    await visitor.reload();
    await visitor.getByRole('heading', { name: NOME, level: 1 }).waitFor();
    await scrollToHeading(visitor, 'Como chegar');
    const overlay = visitor.locator('img.map-plan-overlay[src^="blob:"]');
    await overlay.waitFor({ state: 'visible' });
    expect(await overlay.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(600);
    await visitor.locator('.map-grave-marker').waitFor({ state: 'visible' });
    await screenshot(visitor, 'map-offline-plan');
  });

  it('the QR link opens the record offline', async () => {
    const page = await visitorContext.newPage();
    await page.goto(qrUrl);
    await page.getByRole('heading', { name: NOME, level: 1 }).waitFor();
    await page.getByText('Rua 3 → Quadra 12 → Placa 0458').waitFor();
    await scrollToHeading(page, 'Como chegar');
    await page.locator('img.map-plan-overlay').waitFor();
    await page.close();
    await visitorContext.setOffline(false);
  });

  it('admin prints a quadra’s QR labels', async () => {
    await admin.goto('/sepultados/etiquetas');
    await admin.getByLabel('Quadra').fill('12');
    await admin.getByRole('button', { name: 'Mostrar etiquetas' }).click();
    const label = admin.locator('.map-label', { hasText: NOME });
    await label.getByAltText(`Código QR de ${NOME}`).waitFor();
    expect(await label.getAttribute('data-qr-url')).toBe(qrUrl);
    await label.getByText('Rua 3 → Quadra 12 → Placa 0458').waitFor();
    await admin.getByRole('button', { name: 'Imprimir' }).waitFor();
    await screenshot(admin, 'map-labels');

    // Or the records listed on the dashboard, as a selection.
    await admin.goto('/sepultados/meumemorial');
    await admin.getByRole('link', { name: 'Etiquetas QR desta lista' }).click();
    await admin.waitForURL((url) => url.searchParams.get('ids')?.includes(recordId) ?? false);
    await admin
      .locator('.map-label', { hasText: NOME })
      .getByAltText(`Código QR de ${NOME}`)
      .waitFor();
  });

  it('OSM tiles are cached only as viewed, with the attribution, and show again offline', async () => {
    // No internet here: the tile server is played by the test (CORS, as OSM answers).
    const tile = await sharp({
      create: { width: 256, height: 256, channels: 3, background: { r: 226, g: 220, b: 200 } },
    })
      .png()
      .toBuffer();
    const context = await newPhoneContext(browser, server.url);
    const asked = new Set<string>();
    await context.route('https://tile.openstreetmap.org/**', (route) => {
      asked.add(route.request().url());
      return route.fulfill({
        status: 200,
        contentType: 'image/png',
        headers: { 'access-control-allow-origin': '*' },
        body: tile,
      });
    });
    const page = await context.newPage();
    try {
      await page.goto(`/sepultados/${recordId}`);
      await waitForServiceWorker(page);
      await page.reload();
      await scrollToHeading(page, 'Como chegar');
      await page.locator('.leaflet-control-attribution', { hasText: 'OpenStreetMap' }).waitFor();
      await page.locator('img.leaflet-tile-loaded').first().waitFor();
      const cached = await page.evaluate(async () =>
        (await (await caches.open('osm-tiles-v1')).keys()).map((r) => r.url),
      );
      expect(cached.length).toBeGreaterThan(0);
      // Nothing fetched ahead: every cached tile is one the map asked for.
      for (const url of cached) expect(asked.has(url)).toBe(true);

      await context.setOffline(true);
      await page.reload();
      await scrollToHeading(page, 'Como chegar');
      await page.locator('.map-grave-marker').waitFor();
      await page.locator('img.leaflet-tile-loaded').first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('staff fill a grave’s coordinates with "Usar minha localização" and see the accuracy', async () => {
    await adminContext.setGeolocation({ latitude: -20.38561, longitude: -43.50352, accuracy: 30 });
    await admin.goto('/sepultados/add');
    await admin.getByRole('button', { name: MAP_MSG.captureButton }).click();
    // Each new fix is one more reading; five end the capture.
    for (const [i, acc] of [40, 30, 35, 30].entries()) {
      await admin.waitForTimeout(250);
      await adminContext.setGeolocation({
        latitude: -20.38561 + (i + 1) * 0.000001,
        longitude: -43.50352,
        accuracy: acc,
      });
    }
    await admin.getByText('Precisão: ± 30 m').waitFor({ timeout: 20_000 });
    await admin.getByText(MAP_MSG.poorAccuracy).waitFor();
    const lat = Number(await admin.getByLabel('Latitude').inputValue());
    const lng = Number(await admin.getByLabel('Longitude').inputValue());
    expect(lat).toBeCloseTo(-20.38561, 5);
    expect(lng).toBeCloseTo(-43.50352, 6);
    await screenshot(admin, 'map-gps-capture');
  });
});
