/**
 * The groundskeeper's day offline, in Chromium against the real server: a concessionário
 * downloads the visit pack once with signal; then, without signal, opens the menu → "Memorial"
 * and finds the records assigned to them (and only those) from the device, sees "Editar" on
 * an assigned record's page (and not on another's), corrects a record never opened before
 * from the pack's copy, and the correction reaches the server when the signal returns.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { TEXT as BURIAL_TEXT } from '../../src/lib/texts/burial-texts';
import {
  ADMIN,
  adminLogin,
  assignRecord,
  callApi,
  createRecord,
  createStaff,
  launchBrowser,
  logIn,
  newPhoneContext,
  startAppServer,
  waitForServiceWorker,
} from './harness';

const CONC = {
  name: 'Aparecido Zelador Lima',
  cpf: '45678912364',
  phone: '31988887777',
  email: 'aparecido.zelador@exemplo.com.br',
  password: 'Quadra@2025',
};
const MINE = 'Olímpia Rosa Carvalho';
const OTHER = 'Sebastião Prado Nunes';

describe('a concessionário works a whole day without signal', () => {
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let adminToken = '';
  const ids: Record<string, string> = {};

  const api = <T>(method: string, url: string, token: string, body?: unknown) =>
    callApi<T>(server.url, method, url, token, body);

  beforeAll(async () => {
    server = await startAppServer();
    adminToken = await adminLogin(server.url);
    const concId = await createStaff(server.url, adminToken, CONC);
    for (const [nome, chapa] of [
      [MINE, '0501'],
      [OTHER, '0502'],
    ] as const) {
      const made = await createRecord(server.url, adminToken, {
        nome,
        dtFal: '10/10/2001',
        quadra: '9',
        chapa,
        rua: 'Rua 4',
      });
      ids[nome] = made.id;
    }
    await assignRecord(server.url, adminToken, ids[MINE] as string, concId);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A fresh phone: logged in, the cemetery's visit pack downloaded. */
  async function logInWithPack(person: { email: string; password: string }) {
    context = await newPhoneContext(browser, server.url);
    page = await context.newPage();
    await logIn(page, person);
    await page.goto('/offline');
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: 'Baixar cemitério para uso offline' }).click();
    await page.getByText(/^Atualizado em \d\d\/\d\d\/\d{4}/).waitFor({ timeout: 60_000 });
  }

  it('from the menu to a sent correction', async () => {
    await logInWithPack(CONC);

    // No signal from here on.
    await context.setOffline(true);
    await page.goto('/');
    const toggle = page.getByRole('button', { name: /menu/i });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await page.getByRole('navigation').getByRole('link', { name: 'Memorial' }).click();
    await page
      .getByText('Sem conexão: lista guardada neste aparelho.', { exact: false })
      .waitFor()
      .catch(async (err: unknown) => {
        await page.screenshot({ path: '/tmp/wtb-gk-fail.png' });
        throw err;
      });
    const list = page.locator('.burial-dash-list');
    await list.getByText(MINE).waitFor();
    expect(await list.getByText(OTHER).count()).toBe(0);
    expect(await page.getByText('Esta ação precisa de conexão', { exact: false }).count()).toBe(0);

    // "Editar" on the assigned record's page, not on another's — without signal.
    await page.goto(`/sepultados/${ids[OTHER]}`);
    await page.getByRole('heading', { name: OTHER, level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Editar' }).count()).toBe(0);
    await page.goto(`/sepultados/${ids[MINE]}`);
    await page.getByRole('heading', { name: MINE, level: 1 }).waitFor();
    // Its tributes were never loaded here: unknown, not "none".
    await page.getByText('Homenagens disponíveis quando houver conexão').waitFor();
    expect(await page.getByText('Ainda não há homenagens.', { exact: false }).count()).toBe(0);
    await page.getByRole('link', { name: 'Editar' }).click();

    // The record was never opened online on this phone: the pack's copy is the form's start.
    await page.getByLabel('Placa').fill('0599');
    await page.getByRole('button', { name: 'Atualizar' }).click();
    const flash = page.locator('.flash', { hasText: 'Alteração guardada no aparelho.' });
    await flash.waitFor();
    expect(await flash.getAttribute('class')).toContain('flash-neutral');

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.goto('/pendentes');
    await page.locator('.outbox-item', { hasText: MINE }).getByText('Enviado').waitFor();
    const now = await api<{ chapa: string }>('GET', `sepultados/${ids[MINE]}`, adminToken);
    expect(now.body.chapa).toBe('0599');
    await context.close();
  });

  // docs/decisions.md, "Visit pack per cemetery": an admin's offline edits cover the records
  // whose full copy is on the device; the pack holds only a summary of the others, and the
  // edit screen says so instead of an error or an empty form.
  it("an admin offline: a record the pack only summarises says why it can't be edited", async () => {
    await logInWithPack(ADMIN);

    await context.setOffline(true);
    await page.goto(`/sepultados/${ids[OTHER]}`);
    await page.getByRole('heading', { name: OTHER, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Editar' }).click();
    await page.getByText(BURIAL_TEXT.editOfflineNoCopy).waitFor();
    expect(await page.getByLabel('Placa').count()).toBe(0);
    expect(await page.locator('.flash-error').count()).toBe(0);
    await context.close();
  });
});
