/**
 * Re-registration in Chromium against the real server, at a phone's width: the admin opens a
 * campaign on /admin/recadastramento; a person signed in opens a grave's page, presses "Sou
 * responsável por este jazigo", fills name, CPF, phone and a document photo; the admin sees
 * the request with its document and accepts it; the person's profile then says "Aceito", and
 * the grave's page shows them the concession they now hold. On the same grave the admin runs a
 * comisso case: a letter online, an inspection with a photo made without signal (kept on the
 * phone, shown as not sent, sent once when the signal returns), and the decision.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { RECAD_MSG } from '../../src/domain/recadastramento-rules';
import {
  ADMIN,
  callApi,
  launchBrowser,
  logIn,
  newPhoneContext,
  screenshot,
  startAppServer,
} from './harness';

const PERSON = {
  name: 'Rosana Pereira Campos',
  cpf: '39053344705',
  phone: '31987651234',
  email: 'rosana.campos@exemplo.com.br',
  password: 'Jazigo@2026',
};

/** Today plus `days`, as the form takes it. */
function day(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

async function logOut(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.clear());
}

describe('recadastramento from the grave page', () => {
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let graveId = '';
  let adminToken = '';

  beforeAll(async () => {
    server = await startAppServer({ timeoutMs: 180_000 });
    browser = await launchBrowser();
    context = await newPhoneContext(browser, server.url);
    page = await context.newPage();
    const reg = await fetch(`${server.url}/api/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...PERSON,
        confirmpassword: PERSON.password,
        agreeTerms: true,
        acceptedTermsAt: new Date().toISOString(),
        acceptedTermsVersion: '1.0',
        acceptedTermsUrl: '/termos-de-uso.html',
      }),
    });
    expect(reg.status).toBe(201);
    const login = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    adminToken = ((await login.json()) as { token: string }).token;
    const created = await callApi<{ sepultado: { sepulturaId: string } }>(
      server.url,
      'POST',
      'sepultados/create',
      adminToken,
      {
        nome: 'Joaquim Campos',
        dtFal: '10/05/1998',
        cemiterio: 'Cemitério da Saudade',
        quadra: '12',
        chapa: '458',
      },
    );
    expect(created.status).toBe(201);
    graveId = created.body.sepultado.sepulturaId;
    const granted = await callApi(
      server.url,
      'POST',
      `sepulturas/${graveId}/concessoes`,
      adminToken,
      {
        titularNome: 'Titular Antigo',
        titularCpf: '52998224725',
        regime: 'perpetua',
        inicio: '01/01/1970',
      },
    );
    expect(granted.status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the admin opens a campaign from the Ferramentas menu', async () => {
    await logIn(page, ADMIN);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await nav.getByRole('button', { name: 'Ferramentas' }).click();
    const link = nav.getByRole('link', { name: 'Recadastramento', exact: true });
    await link.waitFor({ state: 'visible' });
    expect((await link.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await link.click();
    await page.waitForURL('**/admin/recadastramento');
    await page.getByRole('heading', { name: RECAD_MSG.title, level: 1 }).waitFor();
    await page.getByLabel('Nome (opcional)').fill('Recadastramento da Saudade');
    await page.getByLabel('Início (DD/MM/AAAA)').fill(day(-1));
    await page.getByLabel('Término (DD/MM/AAAA)').fill(day(60));
    await page.getByRole('button', { name: 'Abrir campanha' }).click();
    await page.getByText('Recadastramento da Saudade').waitFor();
    await page.getByRole('heading', { name: 'Andamento por quadra' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await logOut(page);
  });

  it('a person asks from the grave page with a document photo; a bad CPF is shown under its field', async () => {
    await logIn(page, PERSON);
    await page.goto(`/sepulturas/${graveId}`);
    await page.getByRole('button', { name: RECAD_MSG.button }).click();
    await page.getByLabel('Seu nome completo').fill(PERSON.name);
    await page.getByLabel('CPF').fill('123.456.789-00');
    await page.getByLabel('Telefone').fill(PERSON.phone);
    const photo = await sharp({
      create: { width: 320, height: 200, channels: 3, background: { r: 90, g: 140, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    await page
      .getByLabel('Foto de um documento com foto (RG, CNH)')
      .setInputFiles({ name: 'rg.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('button', { name: 'Enviar pedido' }).click();
    await page.getByText('CPF inválido: confira os dígitos.').waitFor();
    await page.getByLabel('CPF').fill(PERSON.cpf);
    await page.getByRole('button', { name: 'Enviar pedido' }).click();
    await page.getByText('Pendente').waitFor();
    expect(await page.getByRole('button', { name: RECAD_MSG.button }).count()).toBe(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'recadastramento-grave-page');
    await logOut(page);
  });

  it('the admin sees the document and accepts; the person reads "Aceito" and their concession', async () => {
    await logIn(page, ADMIN);
    await page.goto('/admin/recadastramento');
    const item = page.locator('.recad-requests li', { hasText: PERSON.name });
    await item.waitFor();
    expect(await item.textContent()).toContain('390.533.447-05');
    await item.getByRole('button', { name: 'Ver documento' }).click();
    await item.getByRole('img', { name: 'Documento enviado' }).waitFor();
    await screenshot(page, 'recadastramento-admin');
    await item.getByRole('button', { name: 'Aceitar' }).click();
    await page.getByText(RECAD_MSG.accepted).first().waitFor();
    await logOut(page);

    await logIn(page, PERSON);
    await page.goto('/user/profile');
    await page.getByRole('heading', { name: 'Meus pedidos de recadastramento' }).waitFor();
    await page.locator('.user-rereg-list li', { hasText: 'Aceito' }).waitFor();
    await page.goto(`/sepulturas/${graveId}`);
    await page.getByRole('heading', { name: 'Concessão' }).waitFor();
    await page.locator('.grave-panel', { hasText: PERSON.name }).first().waitFor();
  });

  it('the admin opens a comisso case on the grave page, records a letter, and closes it', async () => {
    await logOut(page);
    await logIn(page, ADMIN);
    await page.goto(`/sepulturas/${graveId}`);
    await page.getByRole('heading', { name: 'Comisso' }).waitFor();
    await page.getByRole('button', { name: 'Abrir processo' }).click();
    await page.locator('.grave-status', { hasText: 'Em comisso' }).waitFor();
    const stepForm = page.locator('form', { hasText: 'Registrar etapa' });
    await stepForm.getByLabel('Etapa').selectOption('notificacao');
    await stepForm.getByLabel('Meio').selectOption('carta');
    await stepForm.getByLabel('Data (DD/MM/AAAA)').fill('31/02/2026');
    await stepForm.getByRole('button', { name: 'Registrar' }).click();
    await stepForm.getByText('Data inválida: use DD/MM/AAAA.').waitFor();
    await stepForm.getByLabel('Data (DD/MM/AAAA)').fill(day(0));
    await stepForm.getByRole('button', { name: 'Registrar' }).click();
    await page
      .locator('.comisso-steps li', { hasText: 'Notificação ao titular (Carta)' })
      .waitFor();
    await page.getByText('termina em').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'comisso-grave-page');

    // The signal drops at the grave: an inspection with a photo is kept on the phone, shown
    // as not sent, and goes by itself when the signal returns — once.
    await context.setOffline(true);
    const jpeg = await sharp({
      create: { width: 320, height: 240, channels: 3, background: '#6b7a5c' },
    })
      .jpeg()
      .toBuffer();
    await stepForm.getByLabel('Etapa').selectOption('vistoria');
    await stepForm.getByLabel('Data (DD/MM/AAAA)').fill(day(0));
    await stepForm.getByLabel('Observação').fill('Mato alto, tampa trincada.');
    await stepForm
      .getByLabel('Fotos do estado da sepultura')
      .setInputFiles({ name: 'tampa.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await stepForm.getByRole('button', { name: 'Registrar' }).click();
    await page.getByText('Guardado no aparelho. Será enviado quando houver conexão.').waitFor();
    const pending = page.locator('.comisso-pending li', { hasText: 'Mato alto, tampa trincada.' });
    await pending.getByText('Aguardando conexão').waitFor();
    await expect(pending.textContent()).resolves.toContain('1 foto');
    expect(await page.locator('.comisso-steps li', { hasText: 'Vistoria' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await screenshot(page, 'comisso-inspection-pending');
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const sent = page.locator('.comisso-steps li', { hasText: 'Mato alto, tampa trincada.' });
    await sent.waitFor();
    await sent.locator('img.comisso-photo').waitFor();
    await page.locator('.comisso-pending').waitFor({ state: 'detached' });
    const cases = await callApi<{ etapas: { tipo: string; fotos: unknown[] }[] }[]>(
      server.url,
      'GET',
      `sepulturas/${graveId}/comisso`,
      adminToken,
    );
    const inspections = cases.body[0]?.etapas.filter((e) => e.tipo === 'vistoria') ?? [];
    expect(inspections).toHaveLength(1);
    expect(inspections[0]?.fotos).toHaveLength(1);

    const decision = page.locator('form', { hasText: 'Registrar decisão' });
    await decision.getByLabel('Data (DD/MM/AAAA)').fill(day(0));
    await decision.getByRole('button', { name: 'Registrar decisão' }).click();
    await page.locator('.grave-status', { hasText: 'Concedida' }).waitFor();
    await page.getByText('Encerrado (titular recadastrado)').waitFor();
  });
});
