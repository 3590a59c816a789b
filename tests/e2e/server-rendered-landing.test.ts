/**
 * The QR landing rendered by the server (docs/decisions/0172-server-rendered-public-pages.md),
 * in Chromium against the built server, as a family meets it at the grave:
 * - with JavaScript off, the record reads: name, dates, rua/quadra/placa, epitaph, the way
 *   there, the first photo with its srcset;
 * - with JavaScript on, the page is hydrated, not rendered again: no console error (a
 *   hydration mismatch is reported as one), and the record is not asked for a second time;
 * - a person logged in gets the visitor's page first, then their own parts ("Editar");
 * - an unknown record answers 404 with a page that says so, with or without JavaScript.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession, coldContext } from '../../bench/lib/route-bytes';
import type { ServerProcess } from '../../scripts/server-process';
import { SEP_MSG } from '../../src/domain/burial-messages';
import { TEXT } from '../../src/lib/texts/burial-texts';
import {
  ADMIN,
  appCodeAfterPaint,
  callApi,
  launchBrowser,
  sheetsLinkedByServer,
  startAppServer,
  watchErrors,
  withContext,
} from './harness';

const NOME = 'Benedita Aparecida Rocha';

describe('the QR landing rendered by the server', () => {
  let server: ServerProcess;
  let browser: Browser;
  let token = '';
  let id = '';
  let withPhoto: { id: string; nome: string; image: string };

  beforeAll(async () => {
    server = await startAppServer({ env: { SEED: 'demo' } });
    browser = await launchBrowser();
    token = (await callApi<{ token: string }>(server.url, 'POST', 'users/login', '', ADMIN)).body
      .token;
    const created = await callApi<{ sepultado: { id: string } }>(
      server.url,
      'POST',
      'sepultados/create',
      token,
      {
        nome: NOME,
        dtNasc: '12/03/1941',
        dtFal: '05/07/2023',
        rua: '7',
        quadra: '12',
        chapa: '0345',
        epitafio: 'Para sempre em nossos corações',
      },
    );
    expect(created.status).toBe(201);
    id = created.body.sepultado.id;
    const rows = (
      await callApi<{ id: string; nome: string; images: string[] }[]>(
        server.url,
        'GET',
        'sepultados',
        token,
      )
    ).body;
    const row = rows.find((r) => r.images.length > 0);
    if (!row) throw new Error('the demo cemetery has no record with a photo');
    withPhoto = { id: row.id, nome: row.nome, image: row.images[0] ?? '' };
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The requests for the record itself (GET /api/sepultados/{id}). */
  function watchRecordFetches(page: Page, recordId: string): string[] {
    const seen: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === `/api/sepultados/${recordId}`) seen.push(r.url());
    });
    return seen;
  }

  /** The page is hydrated once the QR link carries the browser's origin (set after hydration). */
  async function hydrated(page: Page): Promise<void> {
    await page.locator(`.map-qr-code[data-qr-url^="${server.url}/"]`).waitFor();
  }

  it('with JavaScript off, the record reads', async () => {
    await withContext(
      () => browser.newContext({ baseURL: server.url, javaScriptEnabled: false, locale: 'pt-BR' }),
      async (page) => {
        const res = await page.goto(`/sepultados/${id}`);
        expect(res?.status()).toBe(200);
        await expect(page.title()).resolves.toBe(`${NOME} — Memorial`);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(NOME);
        const text = (await page.locator('main').textContent()) ?? '';
        for (const shown of [
          '12/03/1941',
          '05/07/2023',
          'Para sempre em nossos corações',
          'Rua 7 → Quadra 12 → Placa 0345',
        ])
          expect(text).toContain(shown);
        expect(await page.locator('body').textContent()).not.toContain('Ative o JavaScript');

        await page.goto(`/sepultados/${withPhoto.id}`);
        const img = page.locator('.detail-head img.burial-carousel-photo').first();
        expect(await img.getAttribute('srcset')).toContain(
          withPhoto.image.replace(/\.webp$/, '-m.webp'),
        );
        expect(
          await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0),
        ).toBe(true);
      },
    );
  });

  it('with JavaScript off, ☰ opens the menu on a phone and its links lead on', async () => {
    await withContext(
      () =>
        browser.newContext({
          baseURL: server.url,
          javaScriptEnabled: false,
          locale: 'pt-BR',
          viewport: { width: 390, height: 844 },
        }),
      async (page) => {
        await page.goto(`/sepultados/${id}`);
        const menu = page.locator('#menu-principal');
        expect(await menu.isVisible()).toBe(false);
        await page.getByRole('button', { name: 'Abrir menu' }).click();
        await menu.waitFor();
        await menu.getByRole('link', { name: 'Entrar' }).click();
        await page.waitForURL((url) => url.pathname === '/login');
        // Elsewhere on the page, the menu closes again.
        await page.goto(`/sepultados/${id}`);
        await page.getByRole('button', { name: 'Abrir menu' }).click();
        await menu.waitFor();
        await page.getByRole('heading', { level: 1 }).click();
        await menu.waitFor({ state: 'hidden' });
      },
    );
  });

  it('with JavaScript on, it is hydrated without a mismatch and the record is not asked again', async () => {
    await withContext(
      () => coldContext(browser, server.url),
      async (page) => {
        const errors = watchErrors(page);
        const fetches = watchRecordFetches(page, withPhoto.id);
        const res = await page.goto(`/sepultados/${withPhoto.id}`);
        await hydrated(page);
        await page.waitForLoadState('networkidle');
        await sheetsLinkedByServer(page, (await res?.text()) ?? '');
        await appCodeAfterPaint(page);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(withPhoto.nome);
        expect(errors).toEqual([]);
        expect(fetches).toEqual([]);
      },
    );
  });

  it('a person logged in gets the visitor’s page, then their own parts', async () => {
    const session = await apiSession(server.url, ADMIN.email, ADMIN.password);
    await withContext(
      () => coldContext(browser, server.url, { auth: session }),
      async (page) => {
        const errors = watchErrors(page);
        const res = await page.goto(`/sepultados/${id}`);
        const html = (await res?.text()) ?? '';
        expect(html).toContain(`<h1>${NOME}</h1>`);
        expect(html).not.toContain('Editar');
        expect(html).not.toContain(ADMIN.email);
        await hydrated(page);
        await page.getByRole('link', { name: 'Editar' }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(errors).toEqual([]);
      },
    );
  });

  it('an unknown record answers 404 with a page that says so', async () => {
    const unknown = `/sepultados/${'f'.repeat(24)}`;
    await withContext(
      () => browser.newContext({ baseURL: server.url, javaScriptEnabled: false }),
      async (page) => {
        const res = await page.goto(unknown);
        expect(res?.status()).toBe(404);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(SEP_MSG.notFound);
      },
    );
    await withContext(
      () => coldContext(browser, server.url),
      async (page) => {
        // The 404 itself (the page, and the app asking again) is logged by the browser.
        const errors = watchErrors(page, /status of 404/);
        const res = await page.goto('/sepultados/nao-existe');
        expect(res?.status()).toBe(404);
        await page.waitForLoadState('networkidle');
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(SEP_MSG.notFound);
        await page.getByRole('link', { name: TEXT.backToSearch }).click();
        await page.waitForURL((url) => url.pathname === '/sepultados/pesquisa');
        expect(errors).toEqual([]);
      },
    );
  });
});
