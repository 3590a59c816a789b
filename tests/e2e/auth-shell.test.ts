/**
 * The spine's walk, in Chromium against the real server: register → log in → the shell with the
 * links of the role → log out → a protected route sends to /login and back after login →
 * the admin sees the admin links → the shell reloads offline from the service worker.
 */
import zlib from 'node:zlib';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { MSG } from '../../src/domain/messages';
import { AUTH_TEXT } from '../../src/lib/texts/account-texts';
import {
  ADMIN,
  appRunning,
  launchBrowser,
  newPhoneContext,
  screenshot,
  startAppServer,
  waitForServiceWorker,
} from './harness';

const PERSON = {
  name: 'Ana Luíza de Souza',
  cpf: '52998224725',
  phone: '11987654321',
  email: 'ana.souza@exemplo.com.br',
  password: 'Saudade@2025',
};

describe('spine: sign up, log in, shell, log out, offline shell', () => {
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    context = await newPhoneContext(browser, server.url);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function logIn(email: string, password: string, on: Page = page) {
    await on.getByLabel('E-mail').fill(email);
    await on.getByLabel('Senha', { exact: true }).fill(password);
    await on.getByRole('button', { name: 'Entrar' }).click();
  }

  async function openMenu(on: Page = page) {
    const toggle = on.getByRole('button', { name: /menu/i });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }

  /** "Sair" from the navbar, then /login. */
  async function logOut(on: Page = page) {
    await openMenu(on);
    const nav = on.getByRole('navigation');
    await nav
      .getByRole('button', { name: 'Sair' })
      .or(nav.getByRole('link', { name: 'Sair' }))
      .click();
    await on.waitForURL('**/login');
  }

  /** The current-user check with `token`, from outside the browser. */
  const checkuser = (token: string) =>
    fetch(`${server.url}/api/users/checkuser`, { headers: { authorization: `Bearer ${token}` } });

  it('keeps the JavaScript of /login under 150 KB gzip', async () => {
    const sizes: number[] = [];
    const probe = await context.newPage();
    probe.on('response', async (res) => {
      if (res.request().resourceType() === 'script') {
        sizes.push(zlib.gzipSync(await res.body()).length);
      }
    });
    await probe.goto('/login', { waitUntil: 'networkidle' });
    await probe.close();
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(sizes.length).toBeGreaterThan(0);
    expect(total).toBeLessThan(150 * 1024);
  });

  it('shows every registration message, then registers', async () => {
    await page.goto('/register');
    await page.getByRole('heading', { name: 'Cadastro de Usuário' }).waitFor();
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    for (const text of [
      'O nome é obrigatório',
      'CPF inválido (11 dígitos)',
      'O telefone é obrigatório',
      'E-mail inválido',
      'A senha deve ter no mínimo 6 caracteres, incluindo maiúscula, minúscula, número e caractere especial',
      'Você precisa aceitar os Termos de Uso para continuar',
    ]) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    await page.getByLabel('Nome').fill(PERSON.name);
    await page.getByLabel('CPF').pressSequentially(PERSON.cpf);
    expect(await page.getByLabel('CPF').inputValue()).toBe('529.982.247-25');
    await page.getByLabel('Telefone').pressSequentially(PERSON.phone);
    expect(await page.getByLabel('Telefone').inputValue()).toBe('(11) 98765-4321');
    await page.getByLabel('E-mail').fill(PERSON.email);
    await page.getByLabel('Senha', { exact: true }).fill(PERSON.password);
    await page.getByLabel('Confirmar senha').fill('Outra@2025');
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await page.getByText('As senhas não coincidem', { exact: true }).waitFor();
    await page.getByLabel('Confirmar senha').fill(PERSON.password);
    const terms = page.getByRole('link', { name: /Termos de Uso/i }).first();
    expect(await terms.getAttribute('target')).toBe('_blank');
    await page.getByRole('checkbox').check();
    await screenshot(page, 'register-filled');
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await page.waitForURL('**/login');
    // Success says what comes before a tribute: confirming the e-mail.
    await page.getByText(MSG.registered).waitFor();
    expect(MSG.registered).toContain('confirme seu e-mail');
  });

  it('answers a taken e-mail like a new one: the server message, then the login page', async () => {
    // docs/decisions.md "Registration": the screen must not tell a stranger who has an account; the
    // owner is e-mailed instead.
    await page.goto('/register');
    await page.getByLabel('Nome').fill('Outra Pessoa');
    await page.getByLabel('CPF').fill('11144477735');
    await page.getByLabel('Telefone').fill('1133334444');
    await page.getByLabel('E-mail').fill(PERSON.email.toUpperCase());
    await page.getByLabel('Senha', { exact: true }).fill(PERSON.password);
    await page.getByLabel('Confirmar senha').fill(PERSON.password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await page.getByText(MSG.registered).waitFor();
    await page.waitForURL('**/login');
    expect(await page.getByText('E-mail ou CPF já cadastrado.').count()).toBe(0);
  });

  it('rejects a wrong password with the server message', async () => {
    await page.goto('/login');
    await logIn(PERSON.email, 'Errada@2025');
    await page.getByText('E-mail ou senha inválidos.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('logs in and shows the shell with the links of a usuario', async () => {
    await logIn(PERSON.email, PERSON.password);
    await page.getByText('Login realizado com sucesso!').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await openMenu();
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'Perfil' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Home' }).count()).toBeGreaterThan(0);
    expect(
      await nav
        .getByRole('button', { name: 'Sair' })
        .or(nav.getByRole('link', { name: 'Sair' }))
        .count(),
    ).toBe(1);
    expect(await nav.getByRole('link', { name: 'Memorial' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Usuários' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Entrar' }).count()).toBe(0);
    expect(await page.getByPlaceholder('Pesquisar sepultados...').count()).toBe(1);
    await screenshot(page, 'shell-usuario');
  });

  it('closes the hamburger menu on route change', async () => {
    await openMenu();
    await page.getByRole('navigation').getByRole('link', { name: 'Perfil' }).click();
    await page.waitForURL('**/user/profile');
    // The menu closes in the render that follows the navigation.
    await page.waitForFunction(
      () =>
        document
          .querySelector('[aria-controls="menu-principal"]')
          ?.getAttribute('aria-expanded') === 'false',
      undefined,
      { timeout: 5000 },
    );
    expect(await page.getByRole('button', { name: /menu/i }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('a usuario sees only their own entry on /meuusuario (spec §2)', async () => {
    await page.goto('/meuusuario');
    await page.getByRole('heading', { name: 'Gerenciamento de Usuários' }).waitFor();
    await page
      .getByText('Você pode editar apenas o seu próprio perfil.', { exact: true })
      .waitFor();
    const entries = page.getByRole('list', { name: 'Usuários' }).getByRole('listitem');
    await entries.first().waitFor();
    expect(await entries.count()).toBe(1);
    expect(await entries.first().textContent()).toContain(PERSON.name);
    expect(new URL(page.url()).pathname).toBe('/meuusuario');
  });

  it('a usuario sent to an admin route lands on / and is told why (spec §6)', async () => {
    await page.goto('/admin/cemiterios');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Acesso restrito.', { exact: true }).waitFor();
    await page.goto('/sepultados/add');
    await page.waitForURL((url) => url.pathname === '/');
    await page
      .getByText(
        'Acesso restrito: somente administradores ou concessionários podem criar sepultados.',
        { exact: true },
      )
      .waitFor();
  });

  it('logs out to /login and forgets the session; the server refuses its token from then on', async () => {
    const token = await page.evaluate(() => localStorage.getItem('token'));
    if (!token) throw new Error('no session before "Sair"');
    expect((await checkuser(token)).status).toBe(200);
    const ended = page.waitForResponse((r) => r.url().endsWith('/api/users/logout'));
    await logOut();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
    expect((await ended).status()).toBe(204);
    const refused = await checkuser(token);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ message: MSG.sessionInvalid });
  });

  it('sends a visitor of a protected route to /login and back there after login', async () => {
    await page.goto('/user/profile');
    await page.waitForURL('**/login**');
    await logIn(PERSON.email, PERSON.password);
    await page.waitForURL('**/user/profile');
  });

  it('mirrors the session into IndexedDB for the service worker', async () => {
    const mirrored = await page.evaluate(
      () =>
        new Promise<string | null>((resolve) => {
          const open = indexedDB.open('memorial');
          open.onsuccess = () => {
            const tx = open.result.transaction('session', 'readonly');
            const get = tx.objectStore('session').get('current');
            get.onsuccess = () => resolve((get.result?.token as string | undefined) ?? null);
            get.onerror = () => resolve(null);
          };
          open.onerror = () => resolve(null);
        }),
    );
    expect(mirrored).toBe(
      await page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? '{}').token),
    );
  });

  it('shows the admin links to an admin', async () => {
    await logOut();
    await logIn(ADMIN.email, ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/');
    await openMenu();
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'Memorial' }).waitFor();
    await nav.getByRole('link', { name: 'Usuários' }).waitFor();
    await screenshot(page, 'shell-admin');
  });

  it('reloads the shell offline from the service worker', async () => {
    await waitForServiceWorker(page);
    await context.setOffline(true);
    try {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Entrar' }).waitFor();
      await page.reload();
      await page.getByRole('button', { name: 'Entrar' }).waitFor();
      await screenshot(page, 'offline-login');
      // A logged-in person keeps the session without signal (the check cannot reach the server).
      await page.goto('/');
      await openMenu();
      await page.getByRole('navigation').getByRole('link', { name: 'Perfil' }).waitFor();
      await page.getByText('Recentes').first().waitFor();
    } finally {
      await context.setOffline(false);
    }
  });

  it('offline, login and registration say there is no connection, not a refusal', async () => {
    await waitForServiceWorker(page);
    await context.setOffline(true);
    try {
      await page.goto('/login');
      await logIn(PERSON.email, PERSON.password);
      await page.getByText(AUTH_TEXT.offline).waitFor();
      expect(await page.getByText(AUTH_TEXT.loginFailed, { exact: true }).count()).toBe(0);
      await screenshot(page, 'offline-login-attempt');

      await page.goto('/register');
      await page.getByLabel('Nome').fill('Pessoa Sem Sinal');
      await page.getByLabel('CPF').fill('11144477735');
      await page.getByLabel('Telefone').fill('1133334444');
      await page.getByLabel('E-mail').fill('sem.sinal@exemplo.com.br');
      await page.getByLabel('Senha', { exact: true }).fill(PERSON.password);
      await page.getByLabel('Confirmar senha').fill(PERSON.password);
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Cadastrar' }).click();
      await page.getByText(AUTH_TEXT.offline).waitFor();
      expect(await page.getByText(AUTH_TEXT.registerFailed, { exact: true }).count()).toBe(0);
      // What was typed stays for when the signal returns.
      expect(await page.getByLabel('Nome').inputValue()).toBe('Pessoa Sem Sinal');
    } finally {
      await context.setOffline(false);
    }
  });

  it('"Sair" without signal: the server ends the token once the signal returns', async () => {
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.removeItem('token');
      localStorage.removeItem('auth');
    });
    await page.goto('/login');
    await logIn(PERSON.email, PERSON.password);
    await page.waitForURL((url) => url.pathname === '/');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    if (!token) throw new Error('no session before "Sair"');
    await context.setOffline(true);
    let ended: Promise<Response>;
    try {
      await logOut();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      // Without an answer the server still takes it: the device has dropped it, nothing more.
      expect((await checkuser(token)).status).toBe(200);
      ended = page.waitForResponse((r) => r.url().endsWith('/api/users/logout'));
    } finally {
      await context.setOffline(false);
    }
    expect((await ended).status()).toBe(204);
    expect((await checkuser(token)).status).toBe(401);
  });
  it('"Sair" without signal works before any service worker keeps the app', async () => {
    const bare = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
      locale: 'pt-BR',
      serviceWorkers: 'block',
    });
    const fresh = await bare.newPage();
    try {
      await fresh.goto('/login');
      await appRunning(fresh);
      await logIn(PERSON.email, PERSON.password, fresh);
      await fresh.waitForURL((url) => url.pathname === '/');
      await bare.setOffline(true);
      await logOut(fresh);
      expect(await fresh.evaluate(() => localStorage.getItem('token'))).toBeNull();
    } finally {
      await bare.close();
    }
  });
});
