/**
 * An inspection at an abandoned grave without signal, in Chromium against the real server with
 * the real service worker, at a phone's width: a concessionário assigned to a record of a grave
 * under an open comisso case syncs once with signal (the visit pack's download brings the
 * personal sync, GET /api/sync/comisso); then, without signal, opens that grave's page for the
 * FIRST time on this phone and sees the device's copy — the place, who rests there, the open
 * case with its steps and the inspection form, said to be the copy kept on the device, with no
 * titular data — records an inspection with a photo, and the server gets it exactly once when
 * the signal returns.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { TEXT as BURIAL_TEXT } from '../../src/lib/texts/burial-texts';
import {
  adminLogin,
  assignRecord,
  callApi,
  createRecord,
  createStaff,
  launchBrowser,
  logIn,
  newPhoneContext,
  screenshot,
  startAppServer,
  waitForServiceWorker,
} from './harness';

const CONC = {
  name: 'Benedito Fiscal Ramos',
  cpf: '71428793860',
  phone: '31977776666',
  email: 'benedito.fiscal@exemplo.com.br',
  password: 'Vistoria@2026',
};
const TITULAR = { nome: 'Titular Sumido', cpf: '52998224725', telefone: '31990001122' };
const RESTS = 'Joaquim Ramos Campos';

/** Today as the form takes it. */
function today(): string {
  const d = new Date();
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

/** How many graves this person's sync kept on the device (IndexedDB `fieldGraves`). */
const HELD = `new Promise((resolve) => {
  const open = indexedDB.open('memorial');
  open.onsuccess = () => {
    const names = [...open.result.objectStoreNames];
    if (!names.includes('fieldGraves')) return resolve(0);
    const c = open.result.transaction('fieldGraves').objectStore('fieldGraves').count();
    c.onsuccess = () => resolve(c.result);
  };
  open.onerror = () => resolve(0);
})`;

describe('a comisso inspection at the grave without signal', () => {
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let adminToken = '';
  let graveId = '';

  const api = <T>(method: string, url: string, token: string, body?: unknown) =>
    callApi<T>(server.url, method, url, token, body);

  beforeAll(async () => {
    server = await startAppServer();
    adminToken = await adminLogin(server.url);
    const concId = await createStaff(server.url, adminToken, CONC);
    const record = await createRecord(server.url, adminToken, {
      nome: RESTS,
      dtFal: '10/05/1998',
      quadra: '12',
      chapa: '458',
      rua: 'Rua 7',
    });
    graveId = record.sepulturaId;
    await assignRecord(server.url, adminToken, record.id, concId);
    const granted = await api('POST', `sepulturas/${graveId}/concessoes`, adminToken, {
      titularNome: TITULAR.nome,
      titularCpf: TITULAR.cpf,
      titularTelefone: TITULAR.telefone,
      regime: 'perpetua',
      inicio: '01/01/1970',
    });
    expect(granted.status).toBe(201);
    const opened = await api('POST', `sepulturas/${graveId}/comisso`, adminToken, {
      nota: 'Jazigo sem manutenção há anos.',
    });
    expect(opened.status).toBe(201);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens the case from the device and the inspection reaches the server once', async () => {
    context = await newPhoneContext(browser, server.url);
    page = await context.newPage();
    await logIn(page, CONC);
    await page.goto('/offline');
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: 'Baixar cemitério para uso offline' }).click();
    await page.getByText(/^Atualizado em \d\d\/\d\d\/\d{4}/).waitFor({ timeout: 60_000 });
    await expect.poll(() => page.evaluate(HELD), { timeout: 30_000 }).toBe(1);

    // No signal from here on; the grave's page was never opened on this phone.
    await context.setOffline(true);
    await page.goto(`/sepulturas/${graveId}`);
    await page.getByText(BURIAL_TEXT.deviceCopyOffline).waitFor();
    await page.getByRole('heading', { name: 'Quadra 12 · Rua 7 · nº 458', level: 1 }).waitFor();
    await page.getByRole('link', { name: RESTS }).waitFor();
    await page.getByRole('heading', { name: 'Comisso' }).waitFor();
    await page.getByText('Jazigo sem manutenção há anos.').waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    for (const secret of [TITULAR.nome, TITULAR.cpf, '529.982.247-25', '(31) 99000-1122']) {
      expect(text).not.toContain(secret);
    }

    const jpeg = await sharp({
      create: { width: 320, height: 240, channels: 3, background: '#6b7a5c' },
    })
      .jpeg()
      .toBuffer();
    const stepForm = page.locator('form', { hasText: 'Registrar etapa' });
    await stepForm.getByLabel('Data (DD/MM/AAAA)').fill(today());
    await stepForm.getByLabel('Observação').fill('Tampa quebrada, mato alto.');
    await stepForm
      .getByLabel('Fotos do estado da sepultura')
      .setInputFiles({ name: 'jazigo.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await stepForm.getByRole('button', { name: 'Registrar' }).click();
    await page.getByText('Guardado no aparelho. Será enviado quando houver conexão.').waitFor();
    const pending = page.locator('.comisso-pending li', { hasText: 'Tampa quebrada, mato alto.' });
    await pending.getByText('Aguardando conexão').waitFor();
    await expect(pending.textContent()).resolves.toContain('1 foto');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await screenshot(page, 'comisso-offline-first-visit');

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const sent = page.locator('.comisso-steps li', { hasText: 'Tampa quebrada, mato alto.' });
    await sent.waitFor({ timeout: 30_000 });
    await page.locator('.comisso-pending').waitFor({ state: 'detached' });
    // Online again, the page from the server: the step once, with its photo.
    await page.reload();
    await page.getByRole('heading', { name: 'Comisso' }).waitFor();
    expect(await page.getByText(BURIAL_TEXT.deviceCopyOffline).count()).toBe(0);
    await page
      .locator('.comisso-steps li', { hasText: 'Tampa quebrada, mato alto.' })
      .locator('img.comisso-photo')
      .waitFor();
    const cases = await api<{ etapas: { tipo: string; nota: string; fotos: unknown[] }[] }[]>(
      'GET',
      `sepulturas/${graveId}/comisso`,
      adminToken,
    );
    // The case had no step before: exactly one now, the inspection.
    const inspections = cases.body[0]?.etapas ?? [];
    expect(inspections.map((e) => e.tipo)).toEqual(['vistoria']);
    expect(inspections[0]?.nota).toBe('Tampa quebrada, mato alto.');
    expect(inspections[0]?.fotos).toHaveLength(1);
    await context.close();
  });
});
