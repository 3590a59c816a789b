/**
 * The results page rendered by the server (docs/decisions/0172-server-rendered-public-pages.md),
 * in Chromium against the built server:
 * - with JavaScript off, the results read (count, cards, the matched words marked) and the
 *   page's form searches again through the browser's own GET;
 * - with JavaScript on, the page is hydrated without a console error (a mismatch is reported as
 *   one), the search is not asked for again, and the form then searches in the app.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coldContext } from '../../bench/lib/route-bytes';
import type { ServerProcess } from '../../scripts/server-process';
import { resultCountText } from '../../src/domain/search-query';
import {
  ADMIN,
  callApi,
  launchBrowser,
  sheetsLinkedByServer,
  startAppServer,
  withContext,
} from './harness';

describe('the results page rendered by the server', () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    const token = (await callApi<{ token: string }>(server.url, 'POST', 'users/login', '', ADMIN))
      .body.token;
    for (const nome of ['Teodora Quintanilha Barros', 'Jovelino Quintanilha', 'Filomena Arruda']) {
      const created = await callApi(server.url, 'POST', 'sepultados/create', token, {
        nome,
        dtFal: '20/08/2015',
        rua: '4',
        quadra: '3',
        chapa: '0210',
      });
      expect(created.status).toBe(201);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const cardNames = (page: Page) =>
    page.locator('.search-results .burial-card-name').allTextContents();

  it('with JavaScript off, the results read and the form searches again', async () => {
    await withContext(
      () => browser.newContext({ baseURL: server.url, javaScriptEnabled: false }),
      async (page) => {
        const res = await page.goto('/sepultados/pesquisa?q=quintanilha');
        expect(res?.status()).toBe(200);
        expect(await page.locator('.search-count').textContent()).toBe(resultCountText(2));
        expect((await cardNames(page)).sort()).toEqual([
          'Jovelino Quintanilha',
          'Teodora Quintanilha Barros',
        ]);
        expect(await page.locator('.search-results mark').first().textContent()).toBe(
          'Quintanilha',
        );
        const field = page.getByLabel('Sepultado, rua, quadra ou placa');
        await field.fill('filomena');
        await field.press('Enter');
        await page.waitForURL((url) => url.searchParams.get('q') === 'filomena');
        expect(await cardNames(page)).toEqual(['Filomena Arruda']);
      },
    );
  });

  it('with JavaScript on, it is hydrated without a mismatch and the search is not asked again', async () => {
    await withContext(
      () => coldContext(browser, server.url),
      async (page) => {
        const errors: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') errors.push(m.text());
        });
        page.on('pageerror', (e) => errors.push(e.message));
        const searches: string[] = [];
        page.on('request', (r) => {
          if (new URL(r.url()).pathname === '/api/sepultados/pesquisa') searches.push(r.url());
        });
        const res = await page.goto('/sepultados/pesquisa?q=quintanilha');
        await page.waitForLoadState('networkidle');
        expect(await page.locator('.search-count').textContent()).toBe(resultCountText(2));
        expect(searches).toEqual([]);
        await sheetsLinkedByServer(page, (await res?.text()) ?? '');
        // Hydrated: the form now searches in the app, which asks the API.
        const field = page.getByLabel('Sepultado, rua, quadra ou placa');
        await field.fill('filomena');
        await page.getByRole('button', { name: 'Procurar' }).click();
        await page.waitForURL((url) => url.searchParams.get('q') === 'filomena');
        await page.locator('.search-count', { hasText: resultCountText(1) }).waitFor();
        expect(searches).toHaveLength(1);
        expect(await cardNames(page)).toEqual(['Filomena Arruda']);
        expect(errors).toEqual([]);
      },
    );
  });
});
