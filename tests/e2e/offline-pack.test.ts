/**
 * The visit pack as a visitor uses it, in Chromium against the real server with the
 * demo cemetery: "Uso offline" → the sizes → "Baixar cemitério para uso offline" → progress to
 * 100 % and "Atualizado em …" → no signal, reload → a grave never opened before is found by
 * rua/quadra/placa and by name, and opens with its photo from the device (the pack's
 * thumbnail, not the placeholder). And a record opened with signal keeps its full photo.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { SEARCH_MSG } from '../../src/domain/search-query';
import type { SyncAnswer, SyncRecord } from '../../src/domain/sync-types';
import {
  launchBrowser,
  newPhoneContext,
  screenshot,
  startAppServer,
  waitForServiceWorker,
} from './harness';

/** The first carousel photo's decoded size, once it has loaded (0 × 0 if broken). */
async function photoSize(page: Page) {
  const img = page.locator('.carousel-photo').first();
  await img.waitFor();
  await page.waitForFunction(
    () => (document.querySelector('.carousel-photo') as HTMLImageElement | null)?.complete,
  );
  return img.evaluate((el: HTMLImageElement) => ({
    width: el.naturalWidth,
    height: el.naturalHeight,
    src: el.getAttribute('src') ?? '',
    // What the srcset chose (the 800 px copy on a phone).
    current: el.currentSrc,
  }));
}

const searchUrl = (q: string) => `/sepultados/pesquisa?q=${encodeURIComponent(q)}`;

describe('visit pack: download, then find and open graves without signal', () => {
  let server: ServerProcess;
  let browser: Browser;
  let records: SyncRecord[];

  beforeAll(async () => {
    server = await startAppServer({ env: { SEED: 'demo' } });
    const res = await fetch(`${server.url}/api/sync/sepultados?limit=2000`);
    records = ((await res.json()) as SyncAnswer).changed;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const withPhoto = () => records.filter((r) => r.images.length > 0 && r.rua);

  it('downloads the pack, goes offline, finds graves by place and by name, opens one with its photo', async () => {
    const [byPlace, byName] = withPhoto();
    if (!byPlace || !byName) throw new Error('the demo cemetery has too few photos');
    const context: BrowserContext = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/');
    // A visitor on a phone is offered the pack once; "Ver como" leads to it.
    await page.goto('/sepultados/pesquisa');
    await page.getByRole('link', { name: 'Ver como' }).click();
    await page.waitForURL((url) => url.pathname === '/offline');
    await waitForServiceWorker(page);
    await page.getByRole('heading', { name: 'Uso offline' }).waitFor();
    await page.getByText(`${records.length} registros (~`).waitFor();
    const thumbs = page.getByLabel(/Incluir fotos em miniatura: \d+ fotos em miniatura/);
    expect(await thumbs.isChecked()).toBe(true);
    await screenshot(page, 'offline-pack-before-390');

    await page.getByRole('button', { name: 'Baixar cemitério para uso offline' }).click();
    await page.getByText(/^Atualizado em \d\d\/\d\d\/\d{4}/).waitFor({ timeout: 60_000 });
    await page.getByText('Cemitério disponível offline neste aparelho.').waitFor();
    const bars = page.locator('.pack-bar');
    expect(await bars.count()).toBe(2);
    for (const pct of await page.locator('.pack-pct').allTextContents()) expect(pct).toBe('100 %');
    // A finished phase says so: never "Baixando registros" at 100 %.
    const records0 = page.getByRole('progressbar', { name: 'Registros baixados' });
    expect(await records0.getAttribute('value')).toBe(await records0.getAttribute('max'));
    await page.getByText(/^Espaço usado neste aparelho: /).waitFor();
    await page.getByText(/armazenamento persistente/).waitFor();
    await page.getByRole('button', { name: 'Atualizar agora' }).waitFor();
    await screenshot(page, 'offline-pack-done-390');

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Uso offline' }).waitFor();

    // By street, block and plate: a grave this device never showed.
    await page.goto(searchUrl(`${byPlace.rua} quadra ${byPlace.quadra} placa ${byPlace.chapa}`));
    await page.getByText(SEARCH_MSG.fromDevice).waitFor();
    await page.getByRole('heading', { name: byPlace.nome }).first().waitFor();

    // By name, then open it: the record and its photo come from the device.
    await page.goto(searchUrl(byName.nome));
    await page.getByText(SEARCH_MSG.fromDevice).waitFor();
    await page.getByRole('heading', { name: byName.nome }).first().waitFor();
    await screenshot(page, 'offline-pack-search-390');
    await page
      .locator('.search-card', { has: page.getByRole('heading', { name: byName.nome }) })
      .first()
      .getByRole('link', { name: 'Mais detalhes' })
      .click();
    await page.waitForURL((url) => url.pathname === `/sepultados/${byName.id}`);
    await page.getByRole('heading', { name: byName.nome }).first().waitFor();
    const photo = await photoSize(page);
    expect(photo.src).toContain(byName.images[0]);
    // The pack's thumbnail (≤ 320 px), not the 640 × 480 placeholder nor a broken image.
    expect(photo.width).toBeGreaterThan(0);
    expect(Math.max(photo.width, photo.height)).toBeLessThanOrEqual(320);
    await screenshot(page, 'offline-pack-detail-390');
    await context.close();
  });

  it('keeps the full photo of a record opened with signal', async () => {
    const opened = withPhoto()[2];
    if (!opened) throw new Error('the demo cemetery has too few photos');
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/offline');
    await waitForServiceWorker(page);
    await page.goto(`/sepultados/${opened.id}`);
    const online = await photoSize(page);
    expect(online.width).toBeGreaterThan(320);
    expect(online.current).toContain((opened.images[0] ?? '').replace('.webp', ''));
    // Kept by the service worker in the device's photos (IndexedDB), not in Cache Storage.
    await page.waitForFunction(
      (path) =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('memorial');
          open.onsuccess = () => {
            const get = open.result.transaction('photos').objectStore('photos').get(path);
            get.onsuccess = () => resolve(get.result?.kind === 'viewed');
            get.onerror = () => resolve(false);
          };
          open.onerror = () => resolve(false);
        }),
      `sepultados/${new URL(online.current).pathname.split('/').pop()}`,
      { timeout: 10_000, polling: 200 },
    );

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: opened.nome }).first().waitFor();
    const offline = await photoSize(page);
    expect(offline).toEqual(online);
    await context.close();
  });
});
