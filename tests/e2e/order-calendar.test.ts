/**
 * The office's week of work orders, in Chromium against the real server: an admin creates an
 * order for a concessionário; the calendar's week shows it on its day with the kind's name, the
 * grave and the person's name (the answer says kinds, cemeteries and people once and the
 * entries point to them: the page must read the names, never show an index or an id); the
 * admin reschedules it from the order's office actions and the calendar shows it on the new
 * day and time, no longer on the old one.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { ORDER_MSG } from '../../src/domain/work-order-rules';
import type { Order } from '../../src/domain/work-order-types';
import {
  ADMIN,
  adminLogin,
  callApi,
  createRecord,
  createStaff,
  launchBrowser,
  logIn,
  newPhoneContext,
  screenshot,
  startAppServer,
} from './harness';

const CONC = {
  name: 'Severino Coveiro Dantas',
  cpf: '71428793860',
  phone: '31955554444',
  email: 'severino.coveiro@exemplo.com.br',
  password: 'Quadra@2025',
};
const NOME = 'Antônia Ribeiro Sales';

/** The cemetery's day (the server's and the browser's TIME_ZONE), YYYY-MM-DD, `plus` days on. */
function day(plus = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(),
  );
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + plus);
  return d.toISOString().slice(0, 10);
}

/** A day's cell of the calendar, found as a person does: by its weekday and date ("qua 2"). */
function dayCell(page: Page, key: string): Locator {
  const d = new Date(`${key}T12:00:00Z`);
  const weekday = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'][d.getUTCDay()];
  return page.locator('.cal-day', {
    has: page.locator('.cal-day-head', { hasText: new RegExp(`^${weekday} ${d.getUTCDate()}$`) }),
  });
}

describe("the office's calendar of work orders", () => {
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let adminToken = '';
  let order: Order;

  const api = <T>(method: string, url: string, token: string, body?: unknown) =>
    callApi<T>(server.url, method, url, token, body);

  beforeAll(async () => {
    server = await startAppServer();
    adminToken = await adminLogin(server.url);
    const concId = await createStaff(server.url, adminToken, CONC);
    const made = await createRecord(server.url, adminToken, {
      nome: NOME,
      dtFal: '10/10/2001',
      quadra: '12',
      chapa: '0903',
      rua: '3',
    });
    const ordered = await api<Order>('POST', 'ordens', adminToken, {
      tipo: 'exumacao',
      agendadaPara: `${day()}T09:00`,
      sepultadoId: made.id,
      sepulturaId: made.sepulturaId,
      responsaveis: [concId],
    });
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(201);
    order = ordered.body;
    browser = await launchBrowser();
    context = await newPhoneContext(browser, server.url);
    page = await context.newPage();
    await logIn(page, ADMIN);
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('shows the order with its names, and moves it when the office reschedules it', async () => {
    await page.goto(`/admin/ordens/calendario?data=${day()}`);
    await page
      .getByRole('heading', { name: 'Calendário de ordens de serviço', level: 1 })
      .waitFor();
    const entry = dayCell(page, day()).locator('.cal-entry', { hasText: 'Exumação' });
    await entry.waitFor();
    const text = (await entry.textContent()) ?? '';
    expect(text).toContain('09:00 Exumação');
    expect(text).toContain('Quadra 12');
    expect(text).toContain(CONC.name);
    // Names, not what the answer points with.
    expect(text).not.toMatch(/[0-9a-f]{24}|undefined/);
    expect(await entry.getByRole('link').getAttribute('href')).toBe(`/ordens/${order.id}`);
    await screenshot(page, 'order-calendar-week');

    // The office reschedules it from the order's actions, two days on.
    const later = day(2);
    await page.goto('/admin/ordens');
    const row = page.locator('.orders-office-row', { hasText: NOME });
    await row.getByRole('button', { name: 'Remarcar' }).click();
    await row.getByLabel('Nova data e hora').fill(`${later}T14:30`);
    await row.getByRole('button', { name: 'Salvar' }).click();
    await page.locator('.flash', { hasText: ORDER_MSG.saved }).waitFor();

    // The calendar shows it on the new day and time, and no longer on the old day.
    await page.goto(`/admin/ordens/calendario?data=${later}`);
    const moved = dayCell(page, later).locator('.cal-entry', { hasText: 'Exumação' });
    await moved.waitFor();
    expect(await moved.textContent()).toContain('14:30 Exumação');
    expect(await moved.textContent()).toContain(CONC.name);
    await page.goto(`/admin/ordens/calendario?data=${day()}`);
    await page.locator('.cal-day').first().waitFor();
    await expect.poll(() => page.locator('.loading').count()).toBe(0);
    expect(await dayCell(page, day()).locator('.cal-entry').count()).toBe(0);
  }, 180_000);
});
