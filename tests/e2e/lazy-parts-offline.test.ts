/**
 * Every part of a screen that loads its own code, without signal and with that code not on the
 * device (a cold cache: its chunk removed from Cache Storage, as on a phone that never fetched
 * it): the part says so in its own box with "Tentar novamente", the rest of the page and the
 * navbar stay, and the retry brings the part once the signal is back. And the map of a record
 * opened online, never scrolled to, is on the device with the record: offline after a reload,
 * "Como chegar" draws it. In Chromium against the real server and its service worker.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { LOAD_TEXT } from '../../src/lib/texts/load-texts';
import { TRIBUTE_UI } from '../../src/lib/texts/tribute-texts';
import {
  ADMIN,
  callApi,
  deviceHolds,
  launchBrowser,
  logIn,
  newPhoneContext,
  screenshot,
  scrollToHeading,
  startAppServer,
  waitForServiceWorker,
} from './harness';

const NOME = 'Benedita Aparecida Moraes';

/**
 * Removes every copy whose URL matches `pattern` (a RegExp source) from every cache of Cache
 * Storage, and empties the browser's HTTP cache: a hashed chunk is fresh there for a year, and
 * the worker's fetch would find it without a network — not what a phone that never fetched it
 * has.
 */
async function dropFromCaches(page: Page, pattern: string): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  return page.evaluate(async (source) => {
    const wanted = new RegExp(source);
    let dropped = 0;
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (wanted.test(new URL(request.url).pathname) && (await cache.delete(request))) dropped++;
      }
    }
    return dropped;
  }, pattern);
}

/** Whether some cache holds a copy whose URL matches `pattern`. */
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

async function waitUntilCached(page: Page, pattern: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await cached(page, pattern))) {
    if (Date.now() > deadline) throw new Error(`${pattern} never reached Cache Storage`);
    await page.waitForTimeout(250);
  }
}

/** The build files a step fetched: the code of the part it brought to the screen. */
async function assetsFetchedBy(page: Page, step: () => Promise<void>): Promise<string[]> {
  const names = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.startsWith('/assets/')),
    );
  const before = new Set(await names());
  await step();
  return (await names()).filter((p) => !before.has(p));
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('lazy parts without signal: on the device, or failing in their own box', () => {
  let server: ServerProcess;
  let browser: Browser;
  let recordId = '';

  beforeAll(async () => {
    server = await startAppServer();
    const login = await callApi<{ token: string }>(server.url, 'POST', 'users/login', '', ADMIN);
    const created = await callApi<{ sepultado: { id: string } }>(
      server.url,
      'POST',
      'sepultados/create',
      login.body.token,
      {
        nome: NOME,
        dtFal: '12/05/2001',
        rua: '2',
        quadra: '7',
        chapa: '0131',
        latitude: -20.3855,
        longitude: -43.5035,
      },
    );
    expect(created.status).toBe(201);
    recordId = created.body.sepultado.id;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A phone that opened the record online (staying at the top) and has the worker in charge. */
  async function openedOnline(login = false): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    if (login) await logIn(page, ADMIN);
    await page.goto(`/sepultados/${recordId}`);
    await page.getByRole('heading', { name: NOME, level: 1 }).waitFor();
    await waitForServiceWorker(page);
    // Kept on the device once the worker has taken the page, a moment after
    // (docs/decisions/0183-device-store-opens-when-wanted.md).
    await expect
      .poll(() => deviceHolds(page, 'sepultados', recordId), { timeout: 30_000 })
      .toBe(true);
    return { context, page };
  }

  async function offlineReload(context: BrowserContext, page: Page): Promise<void> {
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: NOME, level: 1 }).waitFor();
  }

  /** The page is alive around the failed part: its title, the navbar, "Homenagens". */
  async function pageStillThere(page: Page): Promise<void> {
    await page.getByRole('heading', { name: NOME, level: 1 }).waitFor();
    await page.getByRole('link', { name: /página inicial/ }).waitFor();
    await page.getByRole('heading', { name: TRIBUTE_UI.heading, level: 2 }).waitFor();
  }

  it('the map of a record opened online, never scrolled to, draws offline after a reload', async () => {
    const { context, page } = await openedOnline();
    try {
      await waitUntilCached(page, 'map-section-.*\\.js$');
      await waitUntilCached(page, 'map-section-.*\\.css$');
      await offlineReload(context, page);
      await scrollToHeading(page, 'Como chegar');
      await page.locator('.map-section .leaflet-container').waitFor({ state: 'visible' });
      await page.locator('.map-grave-marker').waitFor({ state: 'visible' });
      expect(await page.locator('#root').innerHTML()).not.toBe('');
      await screenshot(page, 'lazy-map-offline-kept');
    } finally {
      await context.close();
    }
  });

  it('the map with a cold cache fails in "Como chegar" with a retry; the page stays', async () => {
    const { context, page } = await openedOnline();
    try {
      // Seen once with signal (so it is in the caches), then gone from the device.
      await scrollToHeading(page, 'Como chegar');
      await page.locator('.map-section .leaflet-container').waitFor({ state: 'visible' });
      await waitUntilCached(page, 'map-section-');
      expect(await dropFromCaches(page, 'map-section-')).toBeGreaterThan(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await offlineReload(context, page);
      await scrollToHeading(page, 'Como chegar');
      const box = page.getByRole('alert').filter({ hasText: LOAD_TEXT.map });
      await box.getByText(`${LOAD_TEXT.map} ${LOAD_TEXT.offline}`).waitFor();
      await pageStillThere(page);
      await page.getByText('Rua 2 → Quadra 7 → Placa 0131').waitFor();
      await screenshot(page, 'lazy-map-offline-cold');
      await context.setOffline(false);
      await box.getByRole('button', { name: LOAD_TEXT.retry }).click();
      await page.locator('.map-section .leaflet-container').waitFor({ state: 'visible' });
    } finally {
      await context.close();
    }
  });

  it('the QR code with a cold cache fails in its section with a retry; the page stays', async () => {
    const { context, page } = await openedOnline();
    try {
      const qrCode = await assetsFetchedBy(page, async () => {
        await scrollToHeading(page, 'Código QR');
        await page.getByAltText(`Código QR da página de ${NOME}`).waitFor();
      });
      const js = qrCode.filter((p) => p.endsWith('.js'));
      expect(js.length).toBeGreaterThan(0);
      for (const file of js) await dropFromCaches(page, `^${escapeRe(file)}$`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await offlineReload(context, page);
      await scrollToHeading(page, 'Código QR');
      const box = page.getByRole('alert').filter({ hasText: LOAD_TEXT.qr });
      await box.waitFor();
      await pageStillThere(page);
      await context.setOffline(false);
      await box.getByRole('button', { name: LOAD_TEXT.retry }).click();
      await page.getByAltText(`Código QR da página de ${NOME}`).waitFor();
    } finally {
      await context.close();
    }
  });

  it('the emoji picker never fetched fails in its popover with a retry; the form stays', async () => {
    const { context, page } = await openedOnline(true);
    try {
      await offlineReload(context, page);
      await scrollToHeading(page, TRIBUTE_UI.heading);
      await page.getByRole('button', { name: TRIBUTE_UI.emojiButtonLabel }).click();
      const box = page.getByRole('alert').filter({ hasText: TRIBUTE_UI.emojiUnavailable });
      await box.waitFor();
      await pageStillThere(page);
      await page.getByLabel(TRIBUTE_UI.textLabel).waitFor();
      await screenshot(page, 'lazy-emoji-offline-cold');
      await context.setOffline(false);
      await box.getByRole('button', { name: LOAD_TEXT.retry }).click();
      await page.locator('.tribute-emoji-popover .tribute-picker').waitFor({ state: 'visible' });
    } finally {
      await context.close();
    }
  });

  it('the tribute form with a cold cache fails in "Homenagens" with a retry', async () => {
    const { context, page } = await openedOnline(true);
    try {
      await page.getByLabel(TRIBUTE_UI.textLabel).waitFor();
      expect(await dropFromCaches(page, 'tribute-form-')).toBeGreaterThan(0);
      await offlineReload(context, page);
      const box = page.getByRole('alert').filter({ hasText: LOAD_TEXT.tributeForm });
      await box.waitFor();
      await pageStillThere(page);
      await context.setOffline(false);
      await box.getByRole('button', { name: LOAD_TEXT.retry }).click();
      await page.getByLabel(TRIBUTE_UI.textLabel).waitFor();
    } finally {
      await context.close();
    }
  });

  it('an admin screen with a cold cache says so in the page; the navbar and other pages stay', async () => {
    const { context, page } = await openedOnline(true);
    try {
      expect(await dropFromCaches(page, 'cemeteries-admin-page-')).toBeGreaterThan(0);
      await context.setOffline(true);
      await page.goto('/admin/cemiterios');
      const box = page
        .getByRole('alert')
        .filter({ hasText: `${LOAD_TEXT.page} ${LOAD_TEXT.offline}` });
      await box.waitFor();
      await page.getByRole('heading', { name: LOAD_TEXT.pageTitle, level: 1 }).waitFor();
      await screenshot(page, 'lazy-admin-page-offline-cold');
      // The rest of the app works: the navbar takes the person to another page.
      await page.getByRole('link', { name: /página inicial/ }).click();
      await page.waitForURL((url) => url.pathname === '/');
      // The address changes before the router renders the new page: the error leaves then.
      await expect.poll(() => page.getByText(LOAD_TEXT.pageTitle).count()).toBe(0);
      await context.setOffline(false);
      await page.goto('/admin/cemiterios');
      await page.getByRole('heading', { name: 'Cemitérios', level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });
});
