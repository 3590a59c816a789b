/**
 * The burial search as a family uses it, in Chromium against the real server with the demo
 * cemetery: a name typed without accents → "Pesquisando..." then suggestions → keyboard opens
 * the record → a submitted search shows the count and the matched text marked → without
 * signal, the same box and page answer from the records stored on the device, and say so.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { SEARCH_MSG } from '../../src/domain/search-query';
import type { SearchAnswer } from '../../src/domain/search-types';
import type { SyncAnswer } from '../../src/domain/sync-types';
import { DEVICE_SEARCH_TEXT, scopeText } from '../../src/lib/texts/device-search-texts';
import {
  ADMIN,
  launchBrowser,
  logIn,
  newPhoneContext,
  screenshot,
  startAppServer,
  waitForServiceWorker,
} from './harness';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The records this phone keeps from its visits with signal (Dexie `sepultados`). */
function storedRows(page: Page): Promise<{ id: string; nome: string }[]> {
  return page.evaluate(
    () =>
      new Promise<{ id: string; nome: string }[]>((resolve, reject) => {
        const open = indexedDB.open('memorial');
        open.onsuccess = () => {
          const all = open.result.transaction('sepultados').objectStore('sepultados').getAll();
          all.onsuccess = () =>
            resolve(
              (all.result as { id: string; nome: string }[]).map(({ id, nome }) => ({ id, nome })),
            );
          all.onerror = () => reject(all.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
}

const storedRecords = async (page: Page) => (await storedRows(page)).length;

describe('search: suggestions, keyboard, results, offline', () => {
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let firstHit: SearchAnswer['sepultados'][number];

  beforeAll(async () => {
    server = await startAppServer({ env: { SEED: 'demo' } });
    const res = await fetch(`${server.url}/api/sepultados/pesquisa?q=conceicao&limit=50`);
    const answer = (await res.json()) as SearchAnswer;
    const hit = answer.sepultados[0];
    if (!hit) throw new Error('the demo cemetery has nobody named Conceição');
    firstHit = hit;
    browser = await launchBrowser();
    context = await newPhoneContext(browser, server.url);
    page = await context.newPage();
    await logIn(page, ADMIN);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const box = () => page.getByRole('combobox', { name: 'Pesquisar sepultados' });

  it('suggests while typing without accents, and the keyboard opens a record', async () => {
    await box().pressSequentially('conceicao', { delay: 20 });
    await page.getByText(SEARCH_MSG.searching).waitFor();
    const options = page.getByRole('option');
    await options.first().waitFor();
    await expect(box().getAttribute('aria-expanded')).resolves.toBe('true');
    await page.getByRole('option', { name: 'Ver todos os resultados para "conceicao"' }).waitFor();
    const firstName = await options.first().locator('.suggestion-name').textContent();
    expect(fold(firstName ?? '')).toContain('conceicao');
    await screenshot(page, 'search-suggestions-390');

    await box().press('ArrowDown');
    const activeId = await box().getAttribute('aria-activedescendant');
    expect(activeId).toBeTruthy();
    await expect(options.first().getAttribute('aria-selected')).resolves.toBe('true');
    await box().press('Enter');
    await page.waitForURL((url) => /^\/sepultados\/[0-9a-f]{24}$/.test(url.pathname));
    await page
      .getByRole('heading', { name: firstName ?? '' })
      .first()
      .waitFor();
  });

  it('Escape closes the suggestions', async () => {
    await box().fill('');
    await box().pressSequentially('conc', { delay: 20 });
    await page.getByRole('option').first().waitFor();
    await box().press('Escape');
    await expect(box().getAttribute('aria-expanded')).resolves.toBe('false');
  });

  it('submits to the results page with the count and the matched text marked', async () => {
    await box().fill('conceicao');
    await box().press('Enter');
    await page.waitForURL((url) => url.pathname === '/sepultados/pesquisa');
    await page.getByRole('heading', { name: 'Resultados da Pesquisa' }).waitFor();
    await page.getByText(/^\d+ resultado\(s\) encontrado\(s\)$/).waitFor();
    const marks = page.locator('.burial-search-card mark');
    await marks.first().waitFor();
    expect(fold((await marks.first().textContent()) ?? '')).toBe('conceicao');
    expect(await marks.first().textContent()).toBe('Conceição');
    await page.getByRole('heading', { name: firstHit.nome }).first().waitFor();
    expect(await page.locator('.search-offline-note').count()).toBe(0);
    await screenshot(page, 'search-results-390');
  });

  it('shows the texts for no term and for no hits, and sends nothing blank', async () => {
    await page.goto('/sepultados/pesquisa');
    await page.getByText(SEARCH_MSG.noTerm).waitFor();
    await page.goto('/sepultados/pesquisa?q=xqzwv%20kkjjh');
    await page.getByText('Nenhum resultado encontrado', { exact: true }).waitFor();
    await page.getByText(SEARCH_MSG.hint).waitFor();
    await box().fill('   ');
    expect(await page.getByRole('button', { name: 'Pesquisar' }).isDisabled()).toBe(true);
  });

  it('searches the records on the device when there is no signal', async () => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await page.locator('.burial-card .burial-card-name').first().waitFor();
    // A record the device holds from the home page only (not from the online search above).
    const names = await page.locator('.burial-card .burial-card-name').allTextContents();
    const homeName = names.find((n) => !fold(n).includes('conceicao')) ?? '';
    const word = fold(homeName)
      .split(/\s+/)
      .filter((w) => w.length >= 4)
      .pop();
    if (!word) throw new Error(`no searchable word in "${homeName}"`);
    // A name in the register that shares no word with any record this phone holds.
    const held = await storedRows(page);
    const heldWords = new Set(held.flatMap((r) => fold(r.nome).split(/\s+/)));
    const register = (await (
      await fetch(`${server.url}/api/sync/sepultados?limit=2000`)
    ).json()) as SyncAnswer;
    const unseen = register.changed.find(
      (r) =>
        r.nome &&
        !held.some((h) => h.id === r.id) &&
        fold(r.nome)
          .split(/\s+/)
          .every((w) => !heldWords.has(w)),
    )?.nome;
    if (!unseen) throw new Error('every name of the demo register shares a word with the phone');

    await context.setOffline(true);
    await box().pressSequentially(word, { delay: 20 });
    await page
      .getByRole('option', { name: new RegExp(homeName) })
      .first()
      .waitFor();
    await box().press('Enter');
    await page.waitForURL((url) => url.pathname === '/sepultados/pesquisa');
    // No cemetery downloaded: the page says the search covered only the records seen on this
    // phone, how many, and where the download is (it needs a connection).
    const seen = await storedRecords(page);
    expect(seen).toBeGreaterThan(0);
    await page.getByText(scopeText({ packs: [], rows: seen }), { exact: true }).waitFor();
    await page.getByText(DEVICE_SEARCH_TEXT.downloadWhy).waitFor();
    await page.getByText(/^\d+ resultado\(s\) encontrado\(s\)$/).waitFor();
    await page.getByRole('heading', { name: homeName }).first().waitFor();
    await screenshot(page, 'search-offline-390');

    // A name in the register that this phone never saw: "Nenhum resultado encontrado" is not
    // left to read as "not buried here".
    await page.goto(`/sepultados/pesquisa?q=${encodeURIComponent(unseen)}`);
    await page.getByText(SEARCH_MSG.noResults, { exact: true }).waitFor();
    await page.getByText(scopeText({ packs: [], rows: seen }), { exact: true }).waitFor();
    await screenshot(page, 'search-offline-unseen-390');
    await page.getByRole('link', { name: DEVICE_SEARCH_TEXT.downloadLink }).click();
    await page.waitForURL((url) => url.pathname === '/offline');
    await context.setOffline(false);
  });
});
