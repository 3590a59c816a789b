/**
 * A concession's documents in Chromium against the real server, at a phone's width: the admin
 * opens a grave's page, attaches a PDF under the active concession, opens it (a new tab with the
 * document fetched through the sign-in), sees a text file named .pdf refused under the file
 * field in pt-BR, is told plainly that attaching needs a connection when offline; the
 * titular's own account then sees and opens it without the admin's controls; the admin removes
 * it after confirming.
 */
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { DOCUMENT_MSG } from '../../src/domain/concession-documents';
import { ADMIN, callApi, launchBrowser, logIn, screenshot, startAppServer } from './harness';

const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
  'latin1',
);

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe's WCAG A/AA findings on the page as it is (as tests/e2e/accessibility.test.ts runs it). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(d: Document, o: unknown): Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    })) as { violations: { id: string; nodes: { target: string[] }[] }[]; passes: unknown[] };
    // axe really looked at the page: rules passed, not an empty run.
    if (result.passes.length < 10) return ['axe passed fewer than 10 rules'];
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
  });
}

/** The titular's own account (linked to the concession by its CPF when it is granted). */
const TITULAR = {
  name: 'Otávio Souto',
  cpf: '52998224725',
  phone: '31987650000',
  email: 'otavio.souto@exemplo.com.br',
  password: 'Jazigo@2026',
};

describe('concession documents on the grave page', () => {
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let graveId = '';

  beforeAll(async () => {
    server = await startAppServer({ timeoutMs: 180_000 });
    browser = await launchBrowser();
    // A phone, as newPhoneContext; the CSP bypassed only so axe can be injected.
    context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      bypassCSP: true,
    });
    page = await context.newPage();
    const reg = await fetch(`${server.url}/api/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...TITULAR,
        confirmpassword: TITULAR.password,
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
    const token = ((await login.json()) as { token: string }).token;
    const created = await callApi<{ sepultado: { sepulturaId: string } }>(
      server.url,
      'POST',
      'sepultados/create',
      token,
      { nome: 'Benedita Souto', dtFal: '02/02/1990', quadra: '7', chapa: '31' },
    );
    expect(created.status).toBe(201);
    graveId = created.body.sepultado.sepulturaId;
    const granted = await callApi(server.url, 'POST', `sepulturas/${graveId}/concessoes`, token, {
      titularNome: 'Otávio Souto',
      titularCpf: '52998224725',
      regime: 'perpetua',
      inicio: '01/01/1990',
    });
    expect(granted.status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the admin attaches and opens a PDF, a fake one is refused, the titular reads it, the admin removes it', async () => {
    await logIn(page, ADMIN);
    await page.goto(`/sepulturas/${graveId}`);
    const title = page.getByLabel('Título do documento');
    const file = page.getByLabel('Arquivo (PDF ou imagem, até 10 MB)');

    await title.fill('Título de concessão');
    await file.setInputFiles({ name: 'titulo.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'Anexar documento' }).click();
    const open = page.getByRole('button', { name: 'Título de concessão', exact: true });
    await open.waitFor();
    await page.getByText(DOCUMENT_MSG.added).waitFor();

    const [tab] = await Promise.all([context.waitForEvent('page'), open.click()]);
    await tab.waitForURL(/^blob:/);
    // The tab holds the bytes fetched with the sign-in, as a document of the app's origin that
    // Chromium shows as a PDF (the page's own CSP keeps it from fetching blob: URLs itself).
    expect(tab.url().startsWith(`blob:${server.url}/`)).toBe(true);
    expect(await tab.evaluate(() => document.contentType)).toBe('application/pdf');
    await tab.close();

    await title.fill('Certidão de óbito');
    await file.setInputFiles({
      name: 'certidao.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('só um texto com nome de PDF\n', 'utf8'),
    });
    await page.getByRole('button', { name: 'Anexar documento' }).click();
    await page.getByText(DOCUMENT_MSG.notDocument).waitFor();
    expect(await file.getAttribute('aria-invalid')).toBe('true');
    // The list, the form and its error as they stand: nothing axe finds.
    expect(await axeViolations(page)).toEqual([]);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Anexar documento' }).click();
    await page.getByText(DOCUMENT_MSG.needsSignal).waitFor();
    await context.setOffline(false);

    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'concession-documents');

    // The titular's own account reads the list and opens the document, and nothing more.
    await page.evaluate(() => localStorage.clear());
    await logIn(page, TITULAR);
    await page.goto(`/sepulturas/${graveId}`);
    const own = page.getByRole('button', { name: 'Título de concessão', exact: true });
    await own.waitFor();
    const [ownTab] = await Promise.all([context.waitForEvent('page'), own.click()]);
    await ownTab.waitForURL(/^blob:/);
    await ownTab.close();
    expect(await page.getByRole('button', { name: 'Anexar documento' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Remover/ }).count()).toBe(0);
    await page.evaluate(() => localStorage.clear());
    await logIn(page, ADMIN);
    await page.goto(`/sepulturas/${graveId}`);

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Remover Título de concessão' }).click();
    await page.getByText(DOCUMENT_MSG.removed).waitFor();
    await page.getByText('Nenhum documento anexado.').waitFor();
  });
});
