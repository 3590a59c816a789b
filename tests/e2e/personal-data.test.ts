/**
 * Personal data on request and the audit screens, in Chromium against the real server: a
 * person downloads their data from the profile and deletes their account (confirmed in a
 * dialog); the admin then finds that deletion on the "Auditoria" page, and a record's
 * "Histórico" shows who created and changed it.
 */
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { AUDIT_MSG } from '../../src/domain/audit-rules';
import { PERSONAL_DATA_TEXT } from '../../src/features/users/personal-data-section';
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
  name: 'Helena Duarte Lima',
  cpf: '52998224725',
  phone: '11987654321',
  email: 'helena.lima@exemplo.com.br',
  password: 'Saudade@2025',
};

describe('personal data and the audit screens', () => {
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let userId = '';

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
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('downloads the person’s data from the profile as JSON', async () => {
    await logIn(page, PERSON);
    await page.goto('/user/profile');
    await page.getByRole('heading', { name: 'Meus dados' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: PERSONAL_DATA_TEXT.download }).click(),
    ]);
    const file = await download.path();
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      account: { id: string; email: string; cpf: string };
      auditEntries: { action: string }[];
    };
    expect(data.account.email).toBe(PERSON.email);
    expect(data.account.cpf).toBe(PERSON.cpf);
    expect(data.auditEntries.map((e) => e.action)).toContain('criar');
    expect(download.suggestedFilename()).toBe(`memorial-dados-${data.account.id}.json`);
    userId = data.account.id;
    await screenshot(page, 'personal-data-profile');
  });

  it('deletes the account after the confirmation and ends the session', async () => {
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('button', { name: PERSONAL_DATA_TEXT.delete }).click();
    await page.waitForURL('**/login');
    expect(asked).toBe(PERSONAL_DATA_TEXT.confirmSelf);
    await page.getByText(AUDIT_MSG.accountDeleted).first().waitFor();
    const login = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: PERSON.email, password: PERSON.password }),
    });
    expect(login.status).toBe(401);
  });

  it('the admin sees the deletion on the Auditoria page and a record’s Histórico', async () => {
    await logIn(page, ADMIN);
    await page.goto(`/admin/auditoria?pessoa=${userId}`);
    await page.getByRole('heading', { name: 'Auditoria' }).waitFor();
    const deletion = page.locator('.audit-entry', { hasText: 'Exclusão' }).first();
    await deletion.waitFor();
    expect(await deletion.textContent()).toContain(`Por ${PERSON.name}`);
    await screenshot(page, 'audit-page');

    const token = await page.evaluate(() => {
      for (let i = 0; i < localStorage.length; i++) {
        const value = localStorage.getItem(localStorage.key(i) ?? '') ?? '';
        const match = /"token":"([^"]+)"/.exec(value);
        if (match) return match[1] ?? '';
      }
      return '';
    });
    const login = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const adminToken = token || ((await login.json()) as { token: string }).token;
    const created = await callApi<{ sepultado: { id: string } }>(
      server.url,
      'POST',
      'sepultados/create',
      adminToken,
      {
        nome: 'Benedito Paiva',
        dtNasc: '01/02/1930',
        dtFal: '03/04/2001',
        cemiterio: 'Cemitério Municipal',
        quadra: '7',
        chapa: '0101',
      },
    );
    expect(created.status).toBe(201);
    const id = created.body.sepultado.id;
    await callApi(server.url, 'PATCH', `sepultados/${id}`, adminToken, { chapa: '0102' });
    await page.goto(`/sepultados/${id}`);
    await page.getByText('Histórico', { exact: true }).click();
    const change = page
      .locator('.audit-history-section .audit-entry', { hasText: 'Alteração' })
      .first();
    await change.waitFor();
    expect(await change.textContent()).toContain('0101');
    expect(await change.textContent()).toContain('0102');
    await page
      .locator('.audit-history-section .audit-entry', { hasText: 'Criação' })
      .first()
      .waitFor();
    await screenshot(page, 'record-history');
  });
});
