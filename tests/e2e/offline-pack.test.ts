/**
 * The visit pack per cemetery as a visitor uses it, in Chromium against the real server with
 * the demo register (two cemeteries): "Uso offline" lists both with their own sizes → "Baixar
 * cemitério para uso offline" on the one being visited → progress to 100 % and "Atualizado em …"
 * → no signal, reload → a grave never opened before is found by rua/quadra/placa and by name,
 * the card naming its cemetery (and, narrowed to the other cemetery, not at all), and opens
 * with its photo from the device (the pack's thumbnail, not the placeholder), its tribute count
 * ("Homenagens disponíveis quando houver conexão (n homenagens)") and its grave on the map with
 * "Como chegar", all from the pack; with signal again, "Remover do aparelho" frees the pack and
 * the offline search no longer finds it. And a record opened with signal keeps its full photo.
 * And the plan: a pack brings its cemetery's plan, a plan changed by an admin reaches the phone
 * with the pack's delta sync ("Atualizar agora"), and the map of a grave of that cemetery draws
 * it without signal (not the first cemetery's plan).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { MAP_MSG } from '../../src/domain/map-messages';
import { SEARCH_MSG } from '../../src/domain/search-query';
import type { SyncAnswer, SyncRecord } from '../../src/domain/sync-types';
import { DEVICE_SEARCH_TEXT, scopeText } from '../../src/lib/texts/device-search-texts';
import {
  ADMIN,
  callApi,
  launchBrowser,
  newPhoneContext,
  screenshot,
  startAppServer,
  waitForServiceWorker,
} from './harness';

/** The first carousel photo's decoded size, once it has loaded (0 × 0 if broken). */
async function photoSize(page: Page) {
  const img = page.locator('.burial-carousel-photo').first();
  await img.waitFor();
  await page.waitForFunction(
    () => (document.querySelector('.burial-carousel-photo') as HTMLImageElement | null)?.complete,
  );
  return img.evaluate((el: HTMLImageElement) => ({
    width: el.naturalWidth,
    height: el.naturalHeight,
    src: el.getAttribute('src') ?? '',
    // What the srcset chose (the 800 px copy on a phone).
    current: el.currentSrc,
  }));
}

/** Demo graves lie at the centre ± 0.0009° (server/modules/seed/seed-plan.ts). */
const PLAN_CORNERS = { south: '-20.3868', north: '-20.3844', west: '-43.5047', east: '-43.5023' };

/** Uploads a plain square plan `side` px wide as the cemetery's; answers its image name. */
async function uploadPlan(url: string, token: string, cemetery: string, side: number) {
  const png = await sharp({
    create: { width: side, height: side, channels: 3, background: '#e9e4d8' },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  for (const [k, v] of Object.entries(PLAN_CORNERS)) form.append(k, v);
  form.append('imagem', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'plano.png');
  const res = await fetch(`${url}/api/cemiterios/${cemetery}/plano`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { image: string }).image;
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

const searchUrl = (q: string) => `/sepultados/pesquisa?q=${encodeURIComponent(q)}`;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The note of a search without signal that names the pack's cemetery as searched. */
const searchedPack = (page: Page, nome: string) =>
  page.getByText(
    new RegExp(`^Sem conexão: a pesquisa cobriu ${escapeRe(nome)}, baixado neste aparelho`),
  );

/** The note of a search without signal that covered only the records seen on the phone. */
const searchedSeenOnly = (page: Page) =>
  page.getByText(
    /^Sem conexão: a pesquisa (cobriu só|olha só) .*sepultados? já vistos? neste aparelho/,
  );

describe('visit pack: download, then find and open graves without signal', () => {
  let server: ServerProcess;
  let browser: Browser;
  let records: SyncRecord[];
  let all: SyncRecord[];
  let visited: { id: string; nome: string };
  let other: { id: string; nome: string };

  beforeAll(async () => {
    server = await startAppServer({ env: { SEED: 'demo' } });
    const res = await fetch(`${server.url}/api/sync/sepultados?limit=2000`);
    all = ((await res.json()) as SyncAnswer).changed;
    const list = (await (await fetch(`${server.url}/api/cemiterios`)).json()) as {
      id: string;
      nome: string;
    }[];
    if (list.length < 2) throw new Error('the demo register should have two cemeteries');
    [visited, other] = list as [typeof visited, typeof other];
    // The cemetery the visitor goes to: its pack only.
    records = all.filter((r) => r.cemiterio === visited.nome);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const withPhoto = () => records.filter((r) => r.images.length > 0 && r.rua);

  it('downloads one cemetery, goes offline, finds and opens graves with their tribute count, removes the pack', async () => {
    // The one opened by name has a grave position: its map must come from the pack alone.
    const byName = withPhoto().find((r) => r.latitude !== null && r.longitude !== null);
    const byPlace = withPhoto().find((r) => r.id !== byName?.id);
    if (!byPlace || !byName) throw new Error('the demo cemetery has too few located photos');
    const elsewhere = all.find((r) => r.cemiterio === other.nome);
    if (!elsewhere) throw new Error('the other demo cemetery has no records');
    // Two tributes on the record opened later (the pack counts them; the phone never lists them).
    const token = (await callApi<{ token: string }>(server.url, 'POST', 'users/login', '', ADMIN))
      .body.token;
    for (const comentario of ['Saudades eternas', 'Sempre lembrado']) {
      const made = await callApi(server.url, 'POST', `sepultados/${byName.id}/comentarios`, token, {
        comentario,
      });
      expect(made.status).toBe(201);
    }
    // What the server counts (the demo's own tributes and these two).
    const listed = await fetch(`${server.url}/api/sepultados/${byName.id}/comentarios`);
    const tributes = ((await listed.json()) as { total: number }).total;
    expect(tributes).toBeGreaterThanOrEqual(2);
    const context: BrowserContext = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/');
    // A visitor on a phone is offered the pack once; "Ver como" leads to it.
    await page.goto('/sepultados/pesquisa');
    await page.getByRole('link', { name: 'Ver como' }).click();
    await page.waitForURL((url) => url.pathname === '/offline');
    await waitForServiceWorker(page);
    await page.getByRole('heading', { name: 'Uso offline' }).waitFor();
    // Each cemetery with its own sizes; the position is asked only on request.
    const card = page.getByRole('article', { name: visited.nome });
    const otherCard = page.getByRole('article', { name: other.nome });
    await card.getByText(`${records.length} registros (~`).waitFor();
    await otherCard.getByText(`${all.length - records.length} registros (~`).waitFor();
    await page
      .getByRole('button', { name: 'Usar minha localização para sugerir o cemitério' })
      .waitFor();
    const thumbs = card.getByLabel(/Incluir fotos em miniatura: \d+ fotos em miniatura/);
    expect(await thumbs.isChecked()).toBe(true);
    await screenshot(page, 'offline-pack-before-390');

    await card.getByRole('button', { name: 'Baixar cemitério para uso offline' }).click();
    await card.getByText(/^Atualizado em \d\d\/\d\d\/\d{4}/).waitFor({ timeout: 60_000 });
    await card.getByText('Cemitério disponível offline neste aparelho.').waitFor();
    await card.getByText(`${records.length} registros neste aparelho`).waitFor();
    // The other cemetery was not downloaded.
    expect(await otherCard.getByText(/^Atualizado em/).count()).toBe(0);
    await page.getByText(/^Espaço usado neste aparelho: /).waitFor();
    await page.getByRole('button', { name: 'Atualizar agora' }).waitFor();
    await screenshot(page, 'offline-pack-done-390');

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Uso offline' }).waitFor();

    // By street, block and plate: a grave this device never showed, its cemetery named.
    await page.goto(searchUrl(`${byPlace.rua} quadra ${byPlace.quadra} placa ${byPlace.chapa}`));
    await searchedPack(page, visited.nome).waitFor();
    const placeCard = page.locator('.burial-search-card', {
      has: page.getByRole('heading', { name: byPlace.nome }),
    });
    await placeCard.first().waitFor();
    await placeCard.first().getByText(visited.nome).waitFor();

    // A record of the cemetery not downloaded is not on the phone.
    await page.goto(searchUrl(elsewhere.nome));
    await searchedPack(page, visited.nome).waitFor();
    expect(await page.getByRole('heading', { name: elsewhere.nome }).count()).toBe(0);

    // Narrowed to a cemetery (the results page's choice, as online): only that pack's hits.
    const nameQuery = encodeURIComponent(byName.nome);
    await page.goto(`/sepultados/pesquisa?q=${nameQuery}&cemiterio=${other.id}`);
    await searchedSeenOnly(page).waitFor();
    await page.getByText(SEARCH_MSG.noResults).waitFor();
    expect(await page.getByRole('heading', { name: byName.nome }).count()).toBe(0);
    await page.goto(`/sepultados/pesquisa?q=${nameQuery}&cemiterio=${visited.id}`);
    await page.getByText(scopeText({ packs: [visited.nome], rows: 0 }), { exact: true }).waitFor();
    await page.getByRole('heading', { name: byName.nome }).first().waitFor();
    const narrowed = await page.locator('.burial-search-card').allInnerTexts();
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.every((text) => text.includes(visited.nome))).toBe(true);

    // By name, then open it: the record, its photo and its tribute count come from the device.
    await page.goto(searchUrl(byName.nome));
    await searchedPack(page, visited.nome).waitFor();
    await page.getByRole('heading', { name: byName.nome }).first().waitFor();
    await screenshot(page, 'offline-pack-search-390');
    await page
      .locator('.burial-search-card', { has: page.getByRole('heading', { name: byName.nome }) })
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
    await page
      .getByText(`Homenagens disponíveis quando houver conexão (${tributes} homenagens)`)
      .waitFor();
    expect(await page.getByText('Ainda não há homenagens.', { exact: false }).count()).toBe(0);
    // Its grave on the map and the way there, from the pack's copy (a card stored from a list
    // has no position, and this record was never opened with signal).
    await page.getByRole('heading', { name: 'Como chegar', level: 2 }).scrollIntoViewIfNeeded();
    await page.locator('.map-grave-marker').waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Como chegar' }).waitFor();
    expect(await page.getByText(MAP_MSG.noCoordinates).count()).toBe(0);
    await screenshot(page, 'offline-pack-detail-390');

    // With signal again: remove the pack to free the space.
    await context.setOffline(false);
    await page.goto('/offline');
    page.once('dialog', (d) => void d.accept());
    await card.getByRole('button', { name: 'Remover do aparelho' }).click();
    await card.getByRole('button', { name: 'Baixar cemitério para uso offline' }).waitFor();
    expect(await card.getByText(/^Atualizado em/).count()).toBe(0);
    expect(
      await page.evaluate(
        () =>
          new Promise<number>((resolve, reject) => {
            const open = indexedDB.open('memorial');
            open.onsuccess = () => {
              const count = open.result.transaction('packPages').objectStore('packPages').count();
              count.onsuccess = () => resolve(count.result);
              count.onerror = () => reject(count.error);
            };
            open.onerror = () => reject(open.error);
          }),
      ),
    ).toBe(0);
    await context.setOffline(true);
    await page.goto(searchUrl(`${byPlace.rua} quadra ${byPlace.quadra} placa ${byPlace.chapa}`));
    await searchedSeenOnly(page).waitFor();
    // Without the pack the page offers it again.
    await page.getByRole('link', { name: DEVICE_SEARCH_TEXT.downloadLink }).waitFor();
    expect(await page.getByRole('heading', { name: byPlace.nome }).count()).toBe(0);
    await context.close();
  });

  it("draws the plan of the record's cemetery offline, changed by an admin and brought by the pack's delta sync", async () => {
    const token = (await callApi<{ token: string }>(server.url, 'POST', 'users/login', '', ADMIN))
      .body.token;
    // The cemetery without the demo's plan (the first cemetery's, of /api/mapa/plano): a map
    // drawing that one instead would show a 1200 px image.
    const list = (await (await fetch(`${server.url}/api/cemiterios`)).json()) as {
      id: string;
      nome: string;
      plan: unknown;
    }[];
    const target = list.find((c) => c.plan === null);
    if (!target) throw new Error('one demo cemetery should have no plan');
    const grave = all.find((r) => r.cemiterio === target.nome && r.latitude !== null);
    if (!grave) throw new Error('the demo cemetery has no grave with coordinates');
    const first = await uploadPlan(server.url, token, target.id, 600);

    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    await page.goto('/offline');
    await waitForServiceWorker(page);
    const card = page.getByRole('article', { name: target.nome });
    await card.getByRole('button', { name: 'Baixar cemitério para uso offline' }).click();
    await card.getByText(/^Atualizado em \d\d\/\d\d\/\d{4}/).waitFor({ timeout: 60_000 });
    expect(await storedPlanImage(page, target.id)).toBe(first);

    // The grave opened once with signal (its coordinates are stored), its map drawn.
    await page.goto(`/sepultados/${grave.id}`);
    await page.getByRole('heading', { name: 'Como chegar', level: 2 }).scrollIntoViewIfNeeded();
    await page.locator('img.map-plan-overlay[src^="blob:"]').waitFor();

    // The admin uploads a new plan; the phone gets it with "Atualizar agora" (a delta sync),
    // the map not open meanwhile.
    const second = await uploadPlan(server.url, token, target.id, 300);
    await page.goto('/offline');
    await page.getByRole('button', { name: 'Atualizar agora' }).click();
    await expect
      .poll(() => storedPlanImage(page, target.id), { timeout: 30_000, interval: 250 })
      .toBe(second);

    await context.setOffline(true);
    await page.goto(`/sepultados/${grave.id}`);
    await page.getByRole('heading', { name: grave.nome, level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Como chegar', level: 2 }).scrollIntoViewIfNeeded();
    const overlay = page.locator('img.map-plan-overlay[src^="blob:"]');
    await overlay.waitFor({ state: 'visible' });
    expect(await overlay.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(300);
    await screenshot(page, 'offline-pack-plan-390');
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
