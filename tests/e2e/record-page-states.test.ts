/**
 * The record page's edges, as a family meets them, in Chromium against the real server:
 * - an empty register: /offline (where "Vai ao cemitério?" leads) says there is nothing to
 *   download yet instead of a bare page;
 * - the device's copy shown without signal: its banner leaves as soon as the signal returns and
 *   the page has the server's copy again (not seconds later, beside a fresh "Enviado");
 * - an unknown or deleted record: the server's "Sepultado não encontrado.", not a failure to
 *   load, and a way back that a visitor can use (the public search, not /login).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { SEP_MSG } from '../../src/domain/burial-messages';
import { TEXT } from '../../src/lib/texts/burial-texts';
import { PACK_TEXT } from '../../src/lib/texts/pack-texts';
import {
  ADMIN,
  callApi,
  deviceHolds,
  launchBrowser,
  logIn,
  newPhoneContext,
  screenshot,
  startAppServer,
  waitForServiceWorker,
} from './harness';

const NOME = 'Sebastião Ferreira Lima';

describe('record page: device copy, not found, and an empty register', () => {
  let server: ServerProcess;
  let browser: Browser;
  let token = '';

  beforeAll(async () => {
    server = await startAppServer();
    token = (await callApi<{ token: string }>(server.url, 'POST', 'users/login', '', ADMIN)).body
      .token;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function createRecord(nome: string): Promise<string> {
    const created = await callApi<{ sepultado: { id: string } }>(
      server.url,
      'POST',
      'sepultados/create',
      token,
      { nome, dtFal: '20/08/2015', rua: '4', quadra: '3', chapa: '0210' },
    );
    expect(created.status).toBe(201);
    return created.body.sepultado.id;
  }

  it('an empty register: /offline says there is nothing to download yet', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    try {
      await page.goto('/offline');
      await page.getByRole('heading', { name: PACK_TEXT.title, level: 1 }).waitFor();
      await page.getByText(PACK_TEXT.nothingYet).waitFor();
      await screenshot(page, 'offline-empty-register');
    } finally {
      await context.close();
    }
  });

  it('the device-copy banner leaves once the signal is back and the server answered', async () => {
    const id = await createRecord(NOME);
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    try {
      await page.goto(`/sepultados/${id}`);
      await page.getByRole('heading', { name: NOME, level: 1 }).waitFor();
      await waitForServiceWorker(page);
      // A first visit keeps the record once the worker has taken the page, a moment after
      // (docs/decisions/0183-device-store-opens-when-wanted.md): offline before that, the
      // device would have no copy to show.
      await expect.poll(() => deviceHolds(page, 'sepultados', id), { timeout: 30_000 }).toBe(true);
      await context.setOffline(true);
      await page.reload();
      const banner = page.getByText(TEXT.deviceCopyOffline);
      await banner.waitFor();
      await context.setOffline(false);
      // Asked again on the signal's return: gone well before any timer-driven retry.
      await banner.waitFor({ state: 'detached', timeout: 5_000 });
      await page.getByRole('heading', { name: NOME, level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('an unknown or deleted record says the server’s not-found; a visitor goes back to the search', async () => {
    const gone = await createRecord('Registro Removido Teste');
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    try {
      await page.goto(`/sepultados/${gone}`);
      await page.getByRole('heading', { name: 'Registro Removido Teste', level: 1 }).waitFor();
      const removed = await callApi(server.url, 'DELETE', `sepultados/${gone}`, token);
      expect(removed.status).toBe(200);
      await page.reload();
      await page.getByRole('heading', { name: SEP_MSG.notFound, level: 1 }).waitFor();
      expect(await page.getByText(TEXT.detailLoadError).count()).toBe(0);

      await page.goto(`/sepultados/${'f'.repeat(24)}`);
      await page.getByRole('heading', { name: SEP_MSG.notFound, level: 1 }).waitFor();
      await screenshot(page, 'record-not-found-visitor');
      await page.getByRole('link', { name: TEXT.backToSearch }).click();
      await page.waitForURL((url) => url.pathname === '/sepultados/pesquisa');
      await page.getByRole('heading', { name: 'Resultados da Pesquisa', level: 1 }).waitFor();

      // Someone logged in goes home.
      await logIn(page, ADMIN);
      await page.goto(`/sepultados/${'f'.repeat(24)}`);
      await page.getByRole('heading', { name: SEP_MSG.notFound, level: 1 }).waitFor();
      await page.getByRole('link', { name: TEXT.backHome }).click();
      await page.waitForURL((url) => url.pathname === '/');
    } finally {
      await context.close();
    }
  });
});
