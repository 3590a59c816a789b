/**
 * The outbox as a groundskeeper lives it, in Chromium against the real server: the visit
 * pack downloaded, no signal, the grave found by rua/quadra/placa on the phone; a tribute and
 * a plate correction are kept with their state; the page is closed and opened again (still
 * waiting); the signal returns and each
 * reaches the server exactly once, and the states say "Enviado". A correction that meets an
 * admin's change of the same field leads to the side-by-side review. Then the same without
 * Background Sync (Safari's case), where only the page drains the queue.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import type { TributeList } from '../../src/domain/tribute-types';
import {
  ADMIN,
  callApi,
  launchBrowser,
  logIn,
  newPhoneContext,
  screenshot,
  startAppServer,
  waitForServiceWorker,
} from './harness';

const CONC = {
  name: 'Valdir Zelador Pacheco',
  cpf: '52998224725',
  phone: '31988887777',
  email: 'valdir.zelador@exemplo.com.br',
  password: 'Quadra@2025',
};
const NOME = 'Josefa Conceição Ribeiro';

interface Rec {
  id: string;
  chapa: string;
  epitafio: string | null;
  version: number;
}

describe('outbox: offline tribute and correction, exactly once, conflict review', () => {
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let adminToken: string;
  let recordId = '';

  const api = <T>(method: string, url: string, token: string, body?: unknown) =>
    callApi<T>(server.url, method, url, token, body);

  const record = async () => (await api<Rec>('GET', `sepultados/${recordId}`, adminToken)).body;
  async function tributesWith(text: string): Promise<number> {
    const list = await api<TributeList>('GET', `sepultados/${recordId}/comentarios?limit=50`, '');
    return list.body.items.filter((t) => t.texto === text).length;
  }

  /** Opens the record online so the phone holds it, and waits for the service worker. */
  async function holdRecord(p: Page) {
    await p.goto(`/sepultados/${recordId}`);
    await p.getByRole('heading', { name: NOME, level: 1 }).waitFor();
    await waitForServiceWorker(p);
  }

  async function correctPlate(p: Page, chapa: string) {
    await p.goto(`/sepultados/edit/${recordId}`);
    await p.getByRole('heading', { name: `Editando as informações de ${NOME}` }).waitFor();
    await p.getByLabel('Placa').fill(chapa);
    await p.getByRole('button', { name: 'Atualizar' }).click();
  }

  beforeAll(async () => {
    server = await startAppServer();
    const login = await api<{ token: string }>('POST', 'users/login', '', ADMIN);
    adminToken = login.body.token;
    const created = await api<{ user?: { id: string }; _id?: string; id?: string }>(
      'POST',
      'users/admin-create',
      adminToken,
      { ...CONC, role: 'concessionario', confirmpassword: CONC.password },
    );
    expect(created.status).toBe(201);
    const concId =
      created.body.user?.id ??
      created.body.id ??
      (
        await api<{ token: string; userId?: string }>('POST', 'users/login', '', {
          email: CONC.email,
          password: CONC.password,
        })
      ).body.userId;
    const made = await api<{ sepultado: Rec }>('POST', 'sepultados/create', adminToken, {
      nome: NOME,
      dtFal: '03/05/1999',
      quadra: '12',
      chapa: '0458',
      rua: 'Rua 3',
      epitafio: 'Com amor',
    });
    recordId = made.body.sepultado.id;
    const assigned = await api('PATCH', `sepultados/${recordId}/atribuir/${concId}`, adminToken);
    expect(assigned.status).toBe(200);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('keeps a tribute and a plate correction on the phone without signal, across a reopen', async () => {
    context = await newPhoneContext(browser, server.url);
    page = await context.newPage();
    await logIn(page, CONC);
    // The visit pack puts every record on the phone; this one was never opened here.
    await page.goto('/offline');
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: 'Baixar cemitério para uso offline' }).click();
    await page.getByText(/^Atualizado em \d\d\/\d\d\/\d{4}/).waitFor({ timeout: 60_000 });
    await context.setOffline(true);

    await page.reload();
    await page.goto(`/sepultados/pesquisa?q=${encodeURIComponent('rua 3 quadra 12 placa 458')}`);
    await page
      .locator('.burial-search-card', { has: page.getByRole('heading', { name: NOME }) })
      .getByRole('link', { name: 'Mais detalhes' })
      .click();
    await page.getByRole('heading', { name: NOME, level: 1 }).waitFor();
    await page.getByLabel('Sua homenagem').fill('Flores de domingo 🌼');
    await page.getByRole('button', { name: 'Enviar homenagem' }).click();
    await page
      .getByText('Homenagem guardada no aparelho. Será enviada quando houver conexão.')
      .waitFor();
    await page
      .locator('.tribute-pending-list > li', { hasText: 'Flores de domingo' })
      .getByText('Aguardando conexão')
      .waitFor();
    // The phone's header says what its number counts, on screen and in the link's name.
    const badge = page.getByRole('banner').getByRole('link', { name: /^1 não enviado$/ });
    await badge.waitFor();
    await badge.getByText('não enviado', { exact: true }).waitFor({ state: 'visible' });

    await correctPlate(page, '0459');
    await page
      .getByText('Alteração guardada no aparelho. Será enviada quando houver conexão.')
      .waitFor();
    await page.waitForURL(`**/sepultados/${recordId}`);
    // The correction shows at once over the stored record, with its state.
    await page.getByText('0459', { exact: true }).waitFor();
    await page.locator('.outbox-notice').getByText('Aguardando conexão').waitFor();
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^2 não enviados$/ })
      .waitFor();
    await screenshot(page, 'outbox-pending-detail');

    // Closing the app loses nothing.
    await page.close();
    page = await context.newPage();
    await page.goto('/pendentes');
    await page.getByRole('heading', { name: 'Envios' }).waitFor();
    const items = page.locator('.outbox-item');
    await items.filter({ hasText: 'Homenagem para' }).getByText('Aguardando conexão').waitFor();
    await items.filter({ hasText: 'Correção de' }).getByText('Aguardando conexão').waitFor();
    await screenshot(page, 'outbox-pending-list');
  });

  it('sends each exactly once when the signal returns, and says "Enviado"', async () => {
    const before = await record();
    // Meanwhile an admin changes another field: merged, not a conflict.
    const meanwhile = await api('PATCH', `sepultados/${recordId}`, adminToken, {
      epitafio: 'Saudade eterna',
    });
    expect(meanwhile.status).toBe(200);
    await context.setOffline(false);
    const items = page.locator('.outbox-item');
    await items.filter({ hasText: 'Homenagem para' }).getByText('Enviado').waitFor();
    await items.filter({ hasText: 'Correção de' }).getByText('Enviado').waitFor();
    await screenshot(page, 'outbox-sent');
    expect(await tributesWith('Flores de domingo 🌼')).toBe(1);
    const after = await record();
    expect(after.chapa).toBe('0459');
    expect(after.epitafio).toBe('Saudade eterna');
    // One version for the admin's change, one for the correction: applied once.
    expect(after.version).toBe(before.version + 2);
    // Reopening (another drain, the service worker's sync) sends nothing again.
    await page.reload();
    await items.first().waitFor();
    await page.waitForTimeout(1_000);
    expect(await tributesWith('Flores de domingo 🌼')).toBe(1);
    expect((await record()).version).toBe(after.version);
  });

  it('a correction that meets an admin change of the same field goes to the review', async () => {
    await holdRecord(page);
    await context.setOffline(true);
    await correctPlate(page, '0460');
    await page
      .getByText('Alteração guardada no aparelho. Será enviada quando houver conexão.')
      .waitFor();
    const changed = await api('PATCH', `sepultados/${recordId}`, adminToken, { chapa: '0461' });
    expect(changed.status).toBe(200);
    await context.setOffline(false);
    await page.locator('.outbox-notice').getByText('Precisa de atenção').waitFor();
    // The menu says something needs the person (inside the closed menu on a phone).
    await page.locator('#menu-principal a[href="/pendentes"]').waitFor({ state: 'attached' });
    await page.locator('.outbox-notice').getByRole('link', { name: 'Revisar' }).click();
    await page.getByRole('heading', { name: `Revisar correção de ${NOME}` }).waitFor();
    const row = page.locator('.review-table tbody tr', { hasText: 'Placa' });
    await row.getByText('0460').waitFor();
    await row.getByText('0461').waitFor();
    await screenshot(page, 'outbox-review');
    const send = page.getByRole('button', { name: 'Enviar minhas escolhas' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel('Placa: manter a minha (0460)').check();
    await send.click();
    await page.getByText('Escolha registrada. O envio continua.').waitFor();
    await page
      .locator('.outbox-item', { hasText: 'Correção de' })
      .first()
      .getByText('Enviado')
      .waitFor();
    expect((await record()).chapa).toBe('0460');
    await context.close();
  });

  it('without Background Sync (Safari), the page alone sends the queue once', async () => {
    context = await newPhoneContext(browser, server.url);
    await context.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>;
      delete w.SyncManager;
      if ('ServiceWorkerRegistration' in window) {
        delete (ServiceWorkerRegistration.prototype as unknown as Record<string, unknown>).sync;
      }
    });
    page = await context.newPage();
    await logIn(page, CONC);
    expect(await page.evaluate(() => 'SyncManager' in window)).toBe(false);
    await holdRecord(page);
    await context.setOffline(true);
    await page.getByLabel('Sua homenagem').fill('Sem sincronização em segundo plano');
    await page.getByRole('button', { name: 'Enviar homenagem' }).click();
    await page
      .locator('.tribute-pending-list > li', { hasText: 'Sem sincronização' })
      .getByText('Aguardando conexão')
      .waitFor();
    await page.reload();
    await page.locator('.tribute-pending-list > li', { hasText: 'Sem sincronização' }).waitFor();
    await context.setOffline(false);
    await page
      .locator('.tribute-list > li', { hasText: 'Sem sincronização em segundo plano' })
      .waitFor();
    await page.locator('.tribute-pending-list').waitFor({ state: 'detached' });
    expect(await tributesWith('Sem sincronização em segundo plano')).toBe(1);
    await context.close();
  });
});
