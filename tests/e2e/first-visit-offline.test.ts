/**
 * The tribute form after a first visit and no signal, in Chromium against the real server with
 * the demo cemetery and the real service worker. Who may leave a tribute is product spec §6:
 * a person with an account; a visitor is asked to log in (spec §8 "Você precisa estar logado
 * para comentar."). Both arrive by the QR landing of one grave, take the visit pack from its
 * offer, lose the signal and open another grave that only the pack brought:
 * - the visitor without an account sees the record, the note that tributes show with signal,
 *   the login line and link, and no form (nothing to queue);
 * - a person logged in writes a tribute, which waits on the device ("Aguardando conexão"),
 *   survives a reload without signal, and reaches the server exactly once when it returns.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { OUTBOX_MSG, OUTBOX_STATE_TEXT } from '../../src/domain/outbox-item';
import type { SyncAnswer, SyncRecord } from '../../src/domain/sync-types';
import { TRIBUTE_MSG } from '../../src/domain/tribute-rules';
import type { TributeList } from '../../src/domain/tribute-types';
import { TRIBUTE_UI } from '../../src/lib/texts/tribute-texts';
import {
  ADMIN,
  launchBrowser,
  logIn,
  newPhoneContext,
  screenshot,
  startAppServer,
  waitForServiceWorker,
} from './harness';

describe('first visit, then no signal: the tribute form on a grave the pack brought', () => {
  let server: ServerProcess;
  let browser: Browser;
  let landing: SyncRecord;
  let other: SyncRecord;

  beforeAll(async () => {
    server = await startAppServer({ env: { SEED: 'demo' } });
    const res = await fetch(`${server.url}/api/sync/sepultados?limit=2000`);
    const records = ((await res.json()) as SyncAnswer).changed;
    // Two graves of one cemetery: the visitor takes the pack of the cemetery visited.
    const named = records.filter((r) => r.nome);
    const a = named[0];
    const b = named.find((r) => r.id !== a?.id && r.cemiterio === a?.cemiterio);
    if (!a || !b) throw new Error('the demo cemetery has too few records');
    landing = a;
    other = b;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** QR landing → the pack offer → its cemetery's "Baixar cemitério para uso offline" → done. */
  async function landAndTakePack(page: Page) {
    await page.goto(`/sepultados/${landing.id}`);
    await page.getByRole('heading', { name: landing.nome, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Ver como' }).click();
    await page.waitForURL((url) => url.pathname === '/offline');
    await waitForServiceWorker(page);
    // The demo city has several cemeteries: the one the landing's grave is in.
    const card = page.getByRole('article', { name: landing.cemiterio ?? '' });
    await card.getByRole('button', { name: 'Baixar cemitério para uso offline' }).click();
    await card.getByText(/^Atualizado em \d\d\/\d\d\/\d{4}/).waitFor({ timeout: 60_000 });
  }

  const form = (page: Page) => page.getByLabel(TRIBUTE_UI.textLabel);

  /** What the banner holding `text` sits over: the page's visible text and controls it overlaps. */
  function coveredBy(page: Page, text: string): Promise<string[]> {
    return page.evaluate((wanted) => {
      const status = [...document.querySelectorAll('.pwa-banner')].find((e) =>
        e.textContent?.includes(wanted),
      );
      if (!status) return ['(no status)'];
      const pinned = ['fixed', 'sticky'].includes(getComputedStyle(status).position);
      if (pinned) return ['(pinned to the screen: covers whatever scrolls under it)'];
      const box = status.getBoundingClientRect();
      const hit = (r: DOMRect) =>
        r.width > 0 &&
        r.height > 0 &&
        r.left < box.right &&
        box.left < r.right &&
        r.top < box.bottom &&
        box.top < r.bottom;
      return [...document.querySelectorAll('a, button, input, textarea, select, h1, h2, p, img')]
        .filter((e) => !status.contains(e) && !e.contains(status))
        .filter((e) => hit(e.getBoundingClientRect()))
        .map((e) => `${e.tagName.toLowerCase()}: ${(e.textContent ?? '').trim().slice(0, 40)}`);
    }, text);
  }

  it('a visitor without an account sees the record and the login line, and no form', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    try {
      // A cold first visit: the service worker's news comes while the visitor reads the record
      // and covers nothing, now or when scrolled (it is not pinned to the screen).
      await page.goto(`/sepultados/${landing.id}`);
      // Shown by the banner, said by the one live region (which holds it as hidden text).
      const ready = page.locator('.pwa-banner', { hasText: 'Pronto para uso offline' });
      await ready.waitFor({ timeout: 30_000 });
      expect(await coveredBy(page, 'Pronto para uso offline')).toEqual([]);
      await landAndTakePack(page);
      await context.setOffline(true);
      await page.goto(`/sepultados/${other.id}`);
      await page.getByRole('heading', { name: other.nome, level: 1 }).waitFor();
      await page.getByRole('heading', { name: TRIBUTE_UI.heading }).waitFor();
      await page.getByText(TRIBUTE_MSG.loginRequired, { exact: true }).waitFor();
      await page.getByRole('link', { name: TRIBUTE_UI.loginLink }).waitFor();
      await page.getByText(TRIBUTE_UI.offlineUnknown).waitFor();
      expect(await form(page).count()).toBe(0);
      expect(await page.getByRole('button', { name: TRIBUTE_UI.submit }).count()).toBe(0);
      await screenshot(page, 'first-visit-offline-visitor-tributes');
    } finally {
      await context.close();
    }
  });

  it('a person logged in writes a tribute without signal; it is sent once when the signal returns', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    const text = `Saudade sem sinal ${Date.now()}`;
    const pending = page.locator('.tribute-pending-list > li').filter({ hasText: text });
    try {
      await logIn(page, ADMIN);
      await landAndTakePack(page);

      await context.setOffline(true);
      await page.goto(`/sepultados/${other.id}`);
      await page.getByRole('heading', { name: other.nome, level: 1 }).waitFor();
      await form(page).fill(text);
      await page.getByRole('button', { name: TRIBUTE_UI.submit }).click();
      await page.getByText(OUTBOX_MSG.tributeQueued).waitFor();
      expect(await form(page).inputValue()).toBe('');
      await pending.getByText(OUTBOX_STATE_TEXT.pending).waitFor();
      // Closing the page without signal loses nothing.
      await page.reload();
      await pending.getByText(OUTBOX_STATE_TEXT.pending).waitFor();
      await screenshot(page, 'first-visit-offline-tribute-pending');
    } finally {
      await context.setOffline(false);
    }
    try {
      // Signal back: it joins the list and leaves the device's queue, on the server once.
      await page.locator('.tribute-list > li').filter({ hasText: text }).first().waitFor();
      await pending.waitFor({ state: 'detached' });
      const res = await fetch(`${server.url}/api/sepultados/${other.id}/comentarios?limit=50`);
      const list = (await res.json()) as TributeList;
      expect(list.items.filter((t) => t.texto === text)).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
