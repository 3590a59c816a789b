/**
 * A server shedding load (docs/decisions.md "Load shedding"), in Chromium against the real
 * server: the test-only fault route makes the real load shedding refuse every public API
 * request with its 503 + Retry-After (server/plugins/load-shedding.ts). The record page a
 * visitor opened before shows the device's copy with the busy text, and asks again by itself
 * at Retry-After: once the crowd is gone, the busy text goes. Logins have their own lane and
 * still work; a tribute written meanwhile stays on the device with the busy words.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { ADMIN, callApi, deviceHolds, launchBrowser, logIn, startAppServer } from './harness';

const NOME = 'Geraldina Pires Cordeiro';
const BUSY_COPY =
  /^Servidor ocupado: mostrando a cópia guardada no aparelho\. Nova tentativa às \d\d:\d\d\.$/;

describe('server busy (503 + Retry-After)', () => {
  let server: ServerProcess;
  let browser: Browser;
  let recordId = '';

  const shed = async (on: boolean) => {
    const res = await fetch(`${server.url}/__test/faults`, {
      method: on ? 'PUT' : 'DELETE',
      headers: on ? { 'content-type': 'application/json' } : {},
      body: on ? JSON.stringify({ shed: true }) : undefined,
    });
    expect(res.status).toBe(200);
  };

  /** A visitor's phone (no service worker: the page's own code meets the 503) on the record. */
  async function openRecord() {
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto(`/sepultados/${recordId}`);
    await page.getByRole('heading', { level: 1, name: NOME }).waitFor();
    // The heading comes in the server's HTML, before the app has run: wait for the app to keep
    // the record on the device (the copy a busy server falls back to).
    await expect
      .poll(() => deviceHolds(page, 'sepultados', recordId), { timeout: 30_000 })
      .toBe(true);
    return { context, page };
  }

  beforeAll(async () => {
    server = await startAppServer({ env: { FAULT_INJECTION: '1', NODE_ENV: 'test' } });
    const token = (await callApi<{ token: string }>(server.url, 'POST', 'users/login', '', ADMIN))
      .body.token;
    const made = await callApi<{ sepultado: { id: string } }>(
      server.url,
      'POST',
      'sepultados/create',
      token,
      { nome: NOME, dtFal: '03/05/1999', quadra: '9', chapa: '0909', rua: 'Rua 2' },
    );
    recordId = made.body.sepultado.id;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the record page shows the device copy, says the server is busy, and recovers by itself', async () => {
    const { context, page } = await openRecord();

    await shed(true);
    const busyAnswer = page.waitForResponse(
      (res) => res.url().endsWith(`/api/sepultados/${recordId}`) && res.status() === 503,
    );
    await page.reload();
    const answer = await busyAnswer;
    expect(Number(answer.headers()['retry-after'])).toBeGreaterThanOrEqual(2);
    await page.getByRole('heading', { level: 1, name: NOME }).waitFor();
    const notice = page.locator('.detail-head .form-alert');
    await notice.waitFor();
    expect((await notice.textContent()) ?? '').toMatch(BUSY_COPY);
    expect(await notice.getAttribute('role')).toBe('status');

    // The crowd goes: the page asks again at Retry-After (2–5 s) without a reload.
    await shed(false);
    await notice.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: NOME }).waitFor();
    await context.close();
  });

  it('while busy, a login still works and a tribute stays on the device with the busy words', async () => {
    const token = (await callApi<{ token: string }>(server.url, 'POST', 'users/login', '', ADMIN))
      .body.token;
    const person = { email: 'visita.ocupado@exemplo.com.br', password: 'Quadra@2025' };
    const created = await callApi(server.url, 'POST', 'users/admin-create', token, {
      name: 'Visita Ocupado',
      email: person.email,
      cpf: '71428793860',
      phone: '31988887777',
      role: 'usuario',
      password: person.password,
      confirmpassword: person.password,
    });
    expect(created.status).toBe(201);

    const { context, page } = await openRecord();
    await shed(true);
    await logIn(page, person);

    await page.goto(`/sepultados/${recordId}`);
    await page.getByRole('heading', { level: 1, name: NOME }).waitFor();
    await page.getByLabel('Sua homenagem').fill('Chegou na hora do aperto');
    await page.getByRole('button', { name: 'Enviar homenagem' }).click();
    const flash = page.locator('.flash', { hasText: 'Servidor ocupado' }).first();
    await flash.waitFor({ timeout: 30_000 });
    expect(await flash.getAttribute('class')).toContain('flash-neutral');
    expect((await flash.textContent()) ?? '').toMatch(
      /Servidor ocupado — guardado no aparelho, nova tentativa às \d\d:\d\d\./,
    );
    await shed(false);
    // Sent by itself after Retry-After: the server has it.
    await expect
      .poll(
        async () => {
          const list = await callApi<{ items: { texto: string }[] }>(
            server.url,
            'GET',
            `sepultados/${recordId}/comentarios?limit=50`,
            '',
          );
          return list.body.items.filter((t) => t.texto === 'Chegou na hora do aperto').length;
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(1);
    await context.close();
  });
});
