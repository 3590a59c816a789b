/**
 * Several cemeteries as a visitor and an admin see them, in Chromium on a phone viewport:
 * with one cemetery no choice is shown anywhere; the admin adds a second one on its screen;
 * then the home and the visitor's search offer the choice, and a search narrowed to one
 * cemetery carries it (?cemiterio=<id>) in the page's URL and its request, and shows only
 * that cemetery's graves, each card naming its cemetery.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { CEM_MSG } from '../../src/domain/cemetery-messages';
import type { Cemetery } from '../../src/domain/cemetery-types';
import {
  ADMIN,
  callApi,
  launchBrowser,
  logIn,
  newPhoneContext,
  screenshot,
  startAppServer,
} from './harness';

const FIRST = 'Cemitério Municipal da Saudade';
/** The cemetery select (exact name: other regions speak of "cemitério" too). */
const choiceOf = (page: Page) =>
  page.getByRole('combobox', { name: CEM_MSG.chooseLabel, exact: true });
const SECOND = 'Cemitério São João Batista';

describe('cemeteries: one means no choice; two offer it and narrow the search', () => {
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;

  const record = (nome: string, cemiterio: string, chapa: string) =>
    callApi(server.url, 'POST', 'sepultados/create', token, {
      nome,
      dtFal: '05/07/2023',
      quadra: '1',
      chapa,
      cemiterio,
    });

  beforeAll(async () => {
    server = await startAppServer();
    const login = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    token = ((await login.json()) as { token: string }).token;
    expect((await record('Joana Prates Lima', FIRST, '0001')).status).toBe(201);
    expect((await record('Joaquim Prates Souza', FIRST, '0002')).status).toBe(201);
    browser = await launchBrowser();
    context = await newPhoneContext(browser, server.url);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('with one cemetery the visitor sees no choice', async () => {
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Procurar sepultado' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await choiceOf(page).count()).toBe(0);
    await page.goto('/sepultados/pesquisa?q=prates');
    await page.getByText('Joana Prates Lima').first().waitFor();
    expect(await choiceOf(page).count()).toBe(0);
    expect(await page.locator('.burial-search-card dt', { hasText: 'Cemitério' }).count()).toBe(0);
  });

  it('the admin adds a second cemetery on the cemeteries screen', async () => {
    await logIn(page, ADMIN);
    await page.locator('.burial-card').first().waitFor();
    expect(await choiceOf(page).count()).toBe(0);
    expect(await page.locator('.burial-card dt', { hasText: 'Cemitério' }).count()).toBe(0);
    await page.goto('/sepultados/meumemorial');
    await page.getByRole('link', { name: 'Cemitérios' }).click();
    await page.getByRole('heading', { name: 'Cemitérios' }).waitFor();
    await page.getByText(FIRST).waitFor();
    await page.getByRole('button', { name: 'Novo cemitério' }).click();
    await page.getByLabel('Nome do cemitério').fill(SECOND);
    await page.getByLabel('Endereço (opcional)').fill('Rua Direita, 100');
    await page.getByRole('button', { name: 'Cadastrar cemitério' }).click();
    await page.getByText(CEM_MSG.created).waitFor();
    await page.getByRole('heading', { name: SECOND }).waitFor();
    await screenshot(page, 'cemeteries-admin-390');
    // A name that folds equal to the first one is refused on the name field.
    await page.getByRole('button', { name: 'Novo cemitério' }).click();
    await page.getByLabel('Nome do cemitério').fill('cemiterio municipal da saudade');
    await page.getByRole('button', { name: 'Cadastrar cemitério' }).click();
    await page.getByText(`Já existe um cemitério com este nome: “${FIRST}”.`).waitFor();
    await page.getByRole('button', { name: 'Cancelar' }).click();
    expect((await record('Júlia Prates Andrade', SECOND, '0003')).status).toBe(201);
  });

  it('the home and the search then offer the choice, and narrowing works', async () => {
    const list = (await (await fetch(`${server.url}/api/cemiterios`)).json()) as Cemetery[];
    const second = list.find((c) => c.nome === SECOND);
    if (!second) throw new Error('second cemetery missing');

    await page.goto('/');
    const choice = choiceOf(page);
    await choice.waitFor();
    // With several cemeteries the home's cards name theirs.
    await page.locator('.burial-card dd', { hasText: FIRST }).first().waitFor();
    await choice.selectOption({ label: SECOND });
    await screenshot(page, 'cemeteries-home-choice-390');

    const box = page.getByRole('combobox', { name: 'Pesquisar sepultados' });
    const suggestion = page.waitForRequest(
      (r) => r.url().includes('suggestions=true') && r.url().includes(`cemiterio=${second.id}`),
    );
    await box.pressSequentially('prates', { delay: 20 });
    await suggestion;
    // With several cemeteries each suggestion names its own.
    await page
      .getByRole('option')
      .filter({ hasText: 'Júlia Prates Andrade' })
      .filter({ hasText: SECOND })
      .waitFor();
    await box.press('Enter');
    await page.waitForURL(
      (url) =>
        url.pathname === '/sepultados/pesquisa' && url.searchParams.get('cemiterio') === second.id,
    );
    // The results' card, not the navbar's suggestion of the same name (it may still be open).
    const cards = page.locator('.burial-search-card');
    await cards.filter({ hasText: 'Júlia Prates Andrade' }).waitFor();
    expect(await cards.count()).toBe(1);
    expect(await cards.first().locator('dd').first().textContent()).toBe(SECOND);
    await screenshot(page, 'cemeteries-narrowed-390');

    // The results page's own choice widens it again.
    await choiceOf(page).selectOption({ label: CEM_MSG.allCemeteries });
    await page.getByText('Joana Prates Lima').waitFor();
    expect(await page.locator('.burial-search-card').count()).toBe(3);
  });

  it('the cemetery’s public page says its name, address and count, and searches in it', async () => {
    const list = (await (await fetch(`${server.url}/api/cemiterios`)).json()) as Cemetery[];
    const second = list.find((c) => c.nome === SECOND);
    await page.goto(`/cemiterios/${second?.id}`);
    await page.getByRole('heading', { name: SECOND }).waitFor();
    await page.getByText('Rua Direita, 100').waitFor();
    await page.getByText('1 sepultado registrado').waitFor();
  });
});
