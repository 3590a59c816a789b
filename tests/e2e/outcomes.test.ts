/**
 * "Say what really happened" (docs/decisions.md, "Outcomes"), in Chromium against the real server: each
 * failure a write can meet, made at the server — a 500 through the test-only fault injection
 * (server/plugins/fault-injection.ts), a 429 by really exceeding the tribute limit, a 401 by
 * changing the password from another session, a removed account through the admin API — and
 * what the person sees: the text, its style (flash-error / flash-neutral, never flash-success
 * before the server has the write) and what happens to the queued item.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import type { TributeList } from '../../src/domain/tribute-types';
import { ADMIN, callApi, launchBrowser, logIn, startAppServer } from './harness';

const PASSWORD = 'Quadra@2025';
const NOME = 'Benedita Aparecida Fontes';

interface Made {
  id: string;
  email: string;
}

describe('outcomes of writes, told apart', () => {
  let server: ServerProcess;
  let browser: Browser;
  let adminToken: string;
  let recordId = '';

  const api = <T>(method: string, url: string, token: string, body?: unknown) =>
    callApi<T>(server.url, method, url, token, body);

  async function fault(method: string, pathPrefix: string, status: number, remaining = 50) {
    const res = await fetch(`${server.url}/__test/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method, pathPrefix, status, remaining }),
    });
    expect(res.status).toBe(200);
  }
  const clearFaults = () => fetch(`${server.url}/__test/faults`, { method: 'DELETE' });

  let serial = 0;
  async function makeUser(role: 'usuario' | 'concessionario'): Promise<Made> {
    serial += 1;
    const email = `pessoa${serial}.${role}@exemplo.com.br`;
    const cpfs = [
      '12345678062',
      '23456789173',
      '34567891228',
      '45678912364',
      '56789123482',
      '67891234582',
    ];
    const created = await api<{ user?: { id: string; _id?: string } }>(
      'POST',
      'users/admin-create',
      adminToken,
      {
        name: `Pessoa ${serial} Teste`,
        email,
        cpf: cpfs[serial - 1],
        phone: '31988887777',
        role,
        password: PASSWORD,
        confirmpassword: PASSWORD,
      },
    );
    expect(created.status).toBe(201);
    const id = created.body.user?.id ?? created.body.user?._id ?? '';
    if (role === 'concessionario') {
      const assigned = await api('PATCH', `sepultados/${recordId}/atribuir/${id}`, adminToken);
      expect(assigned.status).toBe(200);
    }
    return { id, email };
  }

  async function session(
    email: string,
    password = PASSWORD,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 900 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await logIn(page, { email, password });
    return { context, page };
  }

  /** The flash with this text, and its style. */
  async function flashKind(page: Page, text: string): Promise<string> {
    const flash = page.locator('.flash', { hasText: text }).first();
    await flash.waitFor();
    return (await flash.getAttribute('class')) ?? '';
  }

  async function tribute(page: Page, text: string) {
    await page.goto(`/sepultados/${recordId}`);
    await writeTribute(page, text);
  }
  async function writeTribute(page: Page, text: string) {
    await page.getByLabel('Sua homenagem').fill(text);
    await page.getByRole('button', { name: 'Enviar homenagem' }).click();
  }

  async function tributesWith(text: string): Promise<number> {
    const list = await api<TributeList>('GET', `sepultados/${recordId}/comentarios?limit=50`, '');
    return list.body.items.filter((t) => t.texto === text).length;
  }

  async function outboxItem(page: Page, text: string) {
    await page.goto('/pendentes');
    const item = page.locator('.outbox-item', { hasText: text });
    await item.waitFor();
    return item;
  }

  beforeAll(async () => {
    server = await startAppServer({ env: { FAULT_INJECTION: '1', NODE_ENV: 'test' } });
    adminToken = (await api<{ token: string }>('POST', 'users/login', '', ADMIN)).body.token;
    const made = await api<{ sepultado: { id: string } }>('POST', 'sepultados/create', adminToken, {
      nome: NOME,
      dtFal: '03/05/1999',
      quadra: '7',
      chapa: '0101',
      rua: 'Rua 1',
    });
    recordId = made.body.sepultado.id;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('edit answered 500: spec error text, the item is a server failure retried later, then sent', async () => {
    const conc = await makeUser('concessionario');
    const { context, page } = await session(conc.email);
    await fault('PATCH', `/api/sepultados/${recordId}`, 500);
    await page.goto(`/sepultados/edit/${recordId}`);
    await page.getByLabel('Placa').fill('0202');
    await page.getByRole('button', { name: 'Atualizar' }).click();
    expect(await flashKind(page, 'Erro ao atualizar registro')).toContain('flash-error');
    expect(await page.locator('.flash-success, .flash-neutral').count()).toBe(0);
    // Still on the form, the edit kept: never "guardada no aparelho", never "conexão".
    expect(page.url()).toContain('/sepultados/edit/');
    const item = await outboxItem(page, 'Placa');
    const state = item.locator('.outbox-state');
    expect((await state.textContent()) ?? '').toMatch(
      /^O servidor falhou — nova tentativa às \d\d:\d\d$/,
    );
    expect(await state.getAttribute('class')).toContain('outbox-state-server-error');
    expect((await item.textContent()) ?? '').not.toMatch(/conexão/i);
    await clearFaults();
    await item.getByRole('button', { name: 'Tentar agora' }).click();
    await item.getByText('Enviado').waitFor();
    const now = await api<{ chapa: string }>('GET', `sepultados/${recordId}`, adminToken);
    expect(now.body.chapa).toBe('0202');
    await context.close();
  });

  it('tribute answered 500: "Erro ao adicionar comentário." as an error, kept and retried', async () => {
    const person = await makeUser('usuario');
    const { context, page } = await session(person.email);
    await fault('POST', `/api/sepultados/${recordId}/comentarios`, 500);
    await tribute(page, 'Falha do servidor');
    expect(await flashKind(page, 'Erro ao adicionar comentário.')).toContain('flash-error');
    const pending = page.locator('.tribute-pending', { hasText: 'Falha do servidor' });
    await pending.getByText(/^O servidor falhou — nova tentativa às \d\d:\d\d$/).waitFor();
    expect(await tributesWith('Falha do servidor')).toBe(0);
    await clearFaults();
    await pending.getByRole('button', { name: 'Tentar agora' }).click();
    await page
      .locator('.tribute:not(.tribute-pending)', { hasText: 'Falha do servidor' })
      .waitFor();
    expect(await tributesWith('Falha do servidor')).toBe(1);
    await context.close();
  });

  it('6th tribute within a minute (a real 429): the spec text and the time of the next try', async () => {
    const person = await makeUser('usuario');
    const token = (
      await api<{ token: string }>('POST', 'users/login', '', {
        email: person.email,
        password: PASSWORD,
      })
    ).body.token;
    for (let i = 1; i <= 5; i++) {
      const posted = await api('POST', `sepultados/${recordId}/comentarios`, token, {
        comentario: `Lembrança ${i}`,
      });
      expect(posted.status).toBe(201);
    }
    const { context, page } = await session(person.email);
    await tribute(page, 'Sexta lembrança');
    const text = 'Muitas homenagens em pouco tempo. Tente novamente em instantes.';
    expect(await flashKind(page, text)).toContain('flash-error');
    const pending = page.locator('.tribute-pending', { hasText: 'Sexta lembrança' });
    const state = pending.locator('.outbox-state');
    await state.waitFor();
    expect((await state.textContent()) ?? '').toMatch(
      /^Muitas homenagens em pouco tempo\. Tente novamente em instantes\. Nova tentativa às \d\d:\d\d\.$/,
    );
    expect(await state.getAttribute('class')).toContain('outbox-state-rate-limited');
    expect(await tributesWith('Sexta lembrança')).toBe(0);
    await context.close();
  });

  it('edit after the password changed elsewhere (401): error text, the session ends at once, the work waits for the same person', async () => {
    const conc = await makeUser('concessionario');
    const { context, page } = await session(conc.email);
    await page.goto(`/sepultados/edit/${recordId}`);
    await page.getByLabel('Placa').fill('0303');
    // The same person, from another device (another session), changes the password.
    const elsewhere = await api<{ token: string }>('POST', 'users/login', '', {
      email: conc.email,
      password: PASSWORD,
    });
    const changed = await api<{ message: string }>(
      'PATCH',
      `users/edit/${conc.id}`,
      elsewhere.body.token,
      { password: 'Outra@2026x', confirmpassword: 'Outra@2026x' },
    );
    expect(changed.body.message).toBeTruthy();
    expect(changed.status).toBe(200);
    await page.getByRole('button', { name: 'Atualizar' }).click();
    expect(await flashKind(page, 'Sessão expirada: faça login novamente.')).toContain(
      'flash-error',
    );
    expect(await page.locator('.flash-success').count()).toBe(0);
    // The session ended visibly, without a reload: the guard leaves for /login, the navbar
    // offers "Entrar" and no longer "Sair".
    await page.waitForURL((url) => url.pathname === '/login');
    // (The login page has no navbar: look at it from the record's public page.)
    await page.goto(`/sepultados/${recordId}`);
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'Entrar' }).waitFor();
    expect(await nav.getByRole('button', { name: 'Sair' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Memorial' }).count()).toBe(0);
    await nav.getByRole('link', { name: 'Entrar' }).click();
    // The same person logs in again: the correction continues by itself.
    await page.getByLabel('E-mail').fill(conc.email);
    await page.getByLabel('Senha', { exact: true }).fill('Outra@2026x');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    const item = await outboxItem(page, 'Placa');
    await item.getByText('Enviado').waitFor();
    const now = await api<{ chapa: string }>('GET', `sepultados/${recordId}`, adminToken);
    expect(now.body.chapa).toBe('0303');
    await context.close();
  });

  it('queued work of a deleted account: says so, offers copy and discard, never "sessão expirou"', async () => {
    const person = await makeUser('usuario');
    const { context, page } = await session(person.email);
    await page.goto(`/sepultados/${recordId}`);
    await page.getByLabel('Sua homenagem').waitFor();
    await context.setOffline(true);
    await writeTribute(page, 'Escrita antes da remoção');
    expect(
      await flashKind(page, 'Homenagem guardada no aparelho. Será enviada quando houver conexão.'),
    ).toContain('flash-neutral');
    const removed = await api('DELETE', `users/${person.id}`, adminToken);
    expect(removed.status).toBe(200);
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    expect(await flashKind(page, 'Esta conta foi removida')).toContain('flash-error');
    const item = await outboxItem(page, 'Escrita antes da remoção');
    expect((await item.textContent()) ?? '').toMatch(/A conta que fez este envio foi removida/);
    expect((await item.textContent()) ?? '').not.toMatch(/sess[aã]o/i);
    await item.getByRole('button', { name: 'Copiar texto' }).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await item.getByRole('button', { name: 'Descartar' }).click();
    await page.locator('.outbox-item', { hasText: 'Escrita antes da remoção' }).waitFor({
      state: 'detached',
    });
    await context.close();
  });

  it('the concessionários list on the create screen answered 401: "Sessão expirada" as an error, the session ends', async () => {
    const { context, page } = await session(ADMIN.email, ADMIN.password);
    // The real server answers the screen's one read with a 401 (spec §8's text for it).
    await fault('GET', '/api/users/concessionarios', 401, 1);
    try {
      await page.goto('/sepultados/add');
      expect(await flashKind(page, 'Sessão expirada: faça login novamente.')).toContain(
        'flash-error',
      );
      await page.waitForURL((url) => url.pathname === '/login');
      expect(await page.getByText('Sem conexão', { exact: false }).count()).toBe(0);
    } finally {
      await clearFaults();
      await context.close();
    }
  });
});
