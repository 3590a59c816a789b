/**
 * A cemetery's page and /login rendered by the server
 * (docs/decisions/0176-login-and-cemetery-pages-rendered-by-the-server.md), in Chromium against
 * the built server:
 * - with JavaScript off, the cemetery's page reads and its form searches in it; /login's form
 *   arrives with the page, and sending it posts (the password in no URL) and gets /login again
 *   saying JavaScript is needed; the visitor's search below it searches;
 * - with JavaScript on, both are hydrated without a console error (a mismatch is reported as
 *   one), the cemetery is not asked for again, and the login is the app's own as before;
 * - an unknown cemetery answers 404 with a page that says so.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coldContext } from '../../bench/lib/route-bytes';
import type { ServerProcess } from '../../scripts/server-process';
import { CEM_MSG, recordCountText } from '../../src/domain/cemetery-messages';
import { LOGIN_FORM_MSG } from '../../src/domain/messages';
import {
  ADMIN,
  callApi,
  launchBrowser,
  sheetsLinkedByServer,
  startAppServer,
  watchErrors,
  withContext,
} from './harness';

const NOME = 'Cemitério da Boa Esperança';
const OTHER = 'Cemitério do Outro Lado';
const PASSWORD_TYPED = 'Nunca#NaUrl1';

describe('a cemetery’s page and /login rendered by the server', () => {
  let server: ServerProcess;
  let browser: Browser;
  let cemeteryId = '';

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    const token = (await callApi<{ token: string }>(server.url, 'POST', 'users/login', '', ADMIN))
      .body.token;
    const created = await callApi<{ id: string }>(server.url, 'POST', 'cemiterios', token, {
      nome: NOME,
      endereco: 'Rua Direita, 100',
      horario: 'Todos os dias, das 7h às 18h',
    });
    expect(created.status).toBe(201);
    cemeteryId = created.body.id;
    // Two cemeteries: /login's search then offers the choice, whose room the page keeps.
    const other = await callApi(server.url, 'POST', 'cemiterios', token, { nome: OTHER });
    expect(other.status).toBe(201);
    for (const nome of ['Teodora Quintanilha Barros', 'Jovelino Quintanilha']) {
      const res = await callApi(server.url, 'POST', 'sepultados/create', token, {
        nome,
        dtFal: '20/08/2015',
        cemiterio: NOME,
        rua: '4',
        quadra: '3',
        chapa: '0210',
      });
      expect(res.status).toBe(201);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const jsOff = () => browser.newContext({ baseURL: server.url, javaScriptEnabled: false });

  /** The requests whose path is `pathname`, with their method. */
  function watchRequests(page: Page, pathname: string): string[] {
    const seen: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === pathname) seen.push(`${r.method()} ${r.url()}`);
    });
    return seen;
  }

  /** Hydrated: the search's button, usable in the server's HTML, is the app's (off while empty). */
  const hydrated = (page: Page, button: string) =>
    page.locator(`${button}:disabled`).waitFor({ timeout: 15_000 });

  it('with JavaScript off, the cemetery’s page reads and searches in it', async () => {
    await withContext(jsOff, async (page) => {
      const res = await page.goto(`/cemiterios/${cemeteryId}`);
      expect(res?.status()).toBe(200);
      await expect(page.title()).resolves.toBe(`${NOME} — Memorial`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(NOME);
      const text = (await page.locator('main').textContent()) ?? '';
      for (const shown of ['Rua Direita, 100', 'Todos os dias, das 7h às 18h', recordCountText(2)])
        expect(text).toContain(shown);
      const field = page.getByLabel('Procurar sepultado neste cemitério');
      await field.fill('teodora');
      await page.getByRole('button', { name: 'Procurar' }).click();
      await page.waitForURL(
        (url) =>
          url.pathname === '/sepultados/pesquisa' &&
          url.searchParams.get('q') === 'teodora' &&
          url.searchParams.get('cemiterio') === cemeteryId,
      );
      expect(await page.locator('.search-results .burial-card-name').allTextContents()).toEqual([
        'Teodora Quintanilha Barros',
      ]);
    });
  });

  it('with JavaScript on, the cemetery’s page is hydrated without a mismatch and not asked again', async () => {
    await withContext(
      () => coldContext(browser, server.url),
      async (page) => {
        const errors = watchErrors(page);
        const asked = watchRequests(page, `/api/cemiterios/${cemeteryId}`);
        const res = await page.goto(`/cemiterios/${cemeteryId}`);
        await hydrated(page, '.cemetery-page button[type="submit"]');
        await page.waitForLoadState('networkidle');
        await sheetsLinkedByServer(page, (await res?.text()) ?? '');
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(NOME);
        expect(asked).toEqual([]);
        // The app's search: narrowed to this cemetery, in the app.
        await page.getByLabel('Procurar sepultado neste cemitério').fill('jovelino');
        await page.getByRole('button', { name: 'Procurar' }).click();
        await page.waitForURL((url) => url.searchParams.get('cemiterio') === cemeteryId);
        await page
          .locator('.search-results .burial-card-name', { hasText: 'Jovelino Quintanilha' })
          .waitFor();
        expect(errors).toEqual([]);
      },
    );
  });

  it('an unknown cemetery answers 404 with a page that says so', async () => {
    await withContext(jsOff, async (page) => {
      const res = await page.goto(`/cemiterios/${'f'.repeat(24)}`);
      expect(res?.status()).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(CEM_MSG.notFound);
    });
    await withContext(
      () => coldContext(browser, server.url),
      async (page) => {
        const errors = watchErrors(page, /status of 404/);
        const res = await page.goto('/cemiterios/nao-existe');
        expect(res?.status()).toBe(404);
        await page.waitForLoadState('networkidle');
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(CEM_MSG.notFound);
        expect(errors).toEqual([]);
      },
    );
  });

  it('with JavaScript off, /login’s form posts, and the answer says JavaScript is needed', async () => {
    await withContext(jsOff, async (page) => {
      const res = await page.goto('/login');
      expect(res?.status()).toBe(200);
      await expect(page.title()).resolves.toBe('Entrar — Memorial');
      expect(await page.locator('body').textContent()).not.toContain('Ative o JavaScript');
      const posts = watchRequests(page, '/login');
      await page.getByLabel('E-mail').fill(ADMIN.email);
      await page.getByLabel('Senha', { exact: true }).fill(PASSWORD_TYPED);
      const [answer] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/login'),
        page.getByRole('button', { name: 'Entrar', exact: true }).click(),
      ]);
      expect(answer.request().method()).toBe('POST');
      expect(answer.status()).toBe(200);
      await page.getByText(LOGIN_FORM_MSG.needsScript).waitFor();
      // The password travelled in the body, never in a URL, and the page does not hold it.
      for (const seen of [...posts, page.url()]) expect(seen).not.toContain('Nunca');
      expect(await page.content()).not.toContain(PASSWORD_TYPED);
      expect(await page.getByLabel('Senha', { exact: true }).inputValue()).toBe('');

      // The visitor's search below the form searches without JavaScript.
      await page.goto('/login');
      await page.getByLabel('Sepultado, rua, quadra ou placa').fill('quintanilha');
      await page.getByRole('button', { name: 'Procurar' }).click();
      await page.waitForURL(
        (url) =>
          url.pathname === '/sepultados/pesquisa' && url.searchParams.get('q') === 'quintanilha',
      );
      expect(
        (await page.locator('.search-results .burial-card-name').allTextContents()).sort(),
      ).toEqual(['Jovelino Quintanilha', 'Teodora Quintanilha Barros']);
    });
  });

  it('sent before the app’s code ran, the form gets the notice; that page hydrates and logs in', async () => {
    await withContext(
      () => coldContext(browser, server.url),
      async (page) => {
        // The app's code held back: the server's form is all there is, as on a slow network.
        const held = (route: import('playwright-core').Route) => route.abort();
        await page.route('**/assets/**/*.js', held);
        await page.goto('/login');
        await page.getByLabel('E-mail').fill(ADMIN.email);
        await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
        await page.unroute('**/assets/**/*.js', held);
        const errors = watchErrors(page);
        const [answer] = await Promise.all([
          page.waitForResponse((r) => new URL(r.url()).pathname === '/login'),
          page.getByRole('button', { name: 'Entrar', exact: true }).click(),
        ]);
        expect(answer.request().method()).toBe('POST');
        expect(page.url()).not.toContain('password');
        await page.getByText(LOGIN_FORM_MSG.needsScript).waitFor();
        await hydrated(page, '.search-visitor-card button[type="submit"]');
        await page.waitForLoadState('networkidle');
        // The hydrated page: the notice stays (it is what the page said), the login is the app's.
        await page.getByLabel('E-mail').fill(ADMIN.email);
        await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
        await page.getByRole('button', { name: 'Entrar', exact: true }).click();
        await page.getByText('Login realizado com sucesso!').waitFor();
        await page.waitForURL((url) => url.pathname === '/');
        expect(errors).toEqual([]);
      },
    );
  });

  it('with JavaScript on, /login is hydrated without a mismatch and logs in as before', async () => {
    await withContext(
      () => coldContext(browser, server.url),
      async (page) => {
        const errors = watchErrors(page);
        const posts = watchRequests(page, '/login');
        const logins = watchRequests(page, '/api/users/login');
        const res = await page.goto('/login');
        expect(await res?.text()).toContain('<h1 id="auth-title">Entrar</h1>');
        await hydrated(page, '.search-visitor-card button[type="submit"]');
        await page.waitForLoadState('networkidle');
        // The choice of cemetery came into the room the server's page kept for it.
        await page.getByRole('combobox', { name: 'Cemitério' }).waitFor();
        await page.getByLabel('E-mail').fill(ADMIN.email);
        await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
        await page.getByRole('button', { name: 'Entrar', exact: true }).click();
        await page.getByText('Login realizado com sucesso!').waitFor();
        await page.waitForURL((url) => url.pathname === '/');
        expect(logins).toHaveLength(1);
        expect(posts.filter((p) => p.startsWith('POST'))).toEqual([]);
        expect(errors).toEqual([]);
      },
    );
  });
});
