/**
 * Homenagens in Chromium against the real server with the demo cemetery: a visitor is
 * asked to log in (and comes back to the record); a verified person posts a tribute with an
 * emoji and a photo and sees it on top, while the lazily loaded emoji picker fetches nothing
 * from outside the origin; "Carregar mais" pages without repeats; the photo modal; a hostile
 * text shows literally; the text survives a lost signal; the author deletes the tribute.
 */
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import type { TributeItem, TributeList } from '../../src/domain/tribute-types';
import {
  ADMIN,
  launchBrowser,
  newPhoneContext,
  screenshot,
  startAppServer,
  waitForServiceWorker,
} from './harness';

const PASSWORD = 'Saudade@2025';
const XSS = '<img src=x onerror=alert(1)>';

let cpfSeq = 0;
/** A valid CPF (check digits computed), distinct per call. */
function cpf(): string {
  cpfSeq += 1;
  const base = String(100_000_000 + cpfSeq * 7_919)
    .slice(-9)
    .split('')
    .map(Number);
  const d1 = ((base.reduce((s, n, i) => s + n * (10 - i), 0) * 10) % 11) % 10;
  const d2 = (([...base, d1].reduce((s, n, i) => s + n * (11 - i), 0) * 10) % 11) % 10;
  return [...base, d1, d2].join('');
}

describe('homenagens: post, list, page, modal, delete', () => {
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let recordId = '';
  let person = { email: '', name: 'Helena Moreira', token: '' };

  async function call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
    const res = await fetch(`${server.url}/api/${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  const login = (email: string, password: string) =>
    call<{ token: string }>('POST', 'users/login', undefined, { email, password });

  /** A verified account (admin-created accounts are), logged in through the API. */
  async function verifiedPerson(name: string) {
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@exemplo.com.br`;
    const admin = await login(ADMIN.email, ADMIN.password);
    await call('POST', 'users/admin-create', admin.token, {
      name,
      cpf: cpf(),
      email,
      phone: '(31) 98888-7777',
      role: 'usuario',
      password: PASSWORD,
      confirmpassword: PASSWORD,
    });
    const { token } = await login(email, PASSWORD);
    return { email, name, token };
  }

  const list = (query = '') =>
    call<TributeList>('GET', `sepultados/${recordId}/comentarios${query ? `?${query}` : ''}`);

  async function logInInPage(email: string) {
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
  }

  const items = () => page.locator('.tribute-list > li');

  /**
   * A flash after a tribute is posted or removed shows where the person is (inside the
   * viewport, while they are at "Homenagens"), and its coming does not push the page: the
   * heading keeps its place in the document (a removed entry below it may still end the page
   * sooner, so the viewport position is not the measure).
   */
  const docY = (anchor: Locator) =>
    anchor.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  async function expectFlashInView(text: string, anchor: Locator, anchorY: number) {
    const flash = page.getByRole('status').filter({ hasText: text });
    await flash.waitFor();
    const box = await flash.boundingBox();
    const height = page.viewportSize()?.height ?? 0;
    expect(box && box.y >= 0 && box.y + box.height <= height, `"${text}" on screen`).toBe(true);
    expect(Math.abs((await docY(anchor)) - anchorY)).toBeLessThan(1);
  }

  /** Tributes on the server holding this text (all pages). */
  async function countTributesWithText(text: string): Promise<number> {
    const all = await list('limit=50');
    return all.items.filter((t) => t.texto === text).length;
  }

  beforeAll(async () => {
    server = await startAppServer({ env: { SEED: 'demo' } });
    const records = await call<{ _id: string }[] | { sepultados: { _id: string }[] }>(
      'GET',
      'sepultados',
    );
    const first = (Array.isArray(records) ? records : records.sepultados)[0];
    if (!first) throw new Error('the demo seed made no records');
    recordId = first._id;
    // More than one page (10) on this record: 11 more by three authors, within the rate limits
    // (5 a minute per person, 20 per IP).
    const authors = [
      (await login(ADMIN.email, ADMIN.password)).token,
      (await verifiedPerson('Rosa Pereira')).token,
      (await verifiedPerson('Tadeu Lima')).token,
    ];
    for (let i = 0; i < 11; i += 1) {
      await call('POST', `sepultados/${recordId}/comentarios`, authors[i % 3], {
        comentario: `Lembrança número ${i + 1}`,
      });
    }
    person = await verifiedPerson('Helena Moreira');
    browser = await launchBrowser();
    context = await newPhoneContext(browser, server.url);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('asks a visitor to log in, then brings them back to the record', async () => {
    await page.goto(`/sepultados/${recordId}`);
    await page.getByRole('heading', { name: 'Homenagens' }).waitFor();
    await page.getByText('Você precisa estar logado para comentar.', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Enviar homenagem' }).count()).toBe(0);
    await items().first().waitFor();
    await page.getByRole('link', { name: /Entrar para deixar uma homenagem/ }).click();
    await page.waitForURL('**/login');
    await logInInPage(person.email);
    await page.waitForURL(`**/sepultados/${recordId}`);
    await page.getByRole('button', { name: 'Enviar homenagem' }).waitFor();
  });

  it('sends nothing without text or photo', async () => {
    const posts: string[] = [];
    const onRequest = (r: Request) => {
      if (r.method() === 'POST' && r.url().includes('/comentarios')) posts.push(r.url());
    };
    page.on('request', onRequest);
    await page.getByLabel('Sua homenagem').fill('   ');
    await page.getByRole('button', { name: 'Enviar homenagem' }).click();
    await page.getByText('Escreva uma mensagem ou anexe uma foto.').waitFor();
    page.off('request', onRequest);
    expect(posts).toEqual([]);
  });

  it('posts a tribute with an emoji and a photo; the picker is lazy and stays on the origin', async () => {
    const origin = new URL(server.url).origin;
    const scripts: string[] = [];
    const outside: string[] = [];
    const onRequest = (r: Request) => {
      const url = r.url();
      if (!/^(data|blob):/.test(url) && new URL(url).origin !== origin) outside.push(url);
      if (r.resourceType() === 'script') scripts.push(url);
    };
    page.on('request', onRequest);
    const text = 'Saudades, tia Lourdes.\nObrigada por tudo.';
    await page.getByLabel('Sua homenagem').fill(text);
    expect(await page.getByText(`${text.length}/1000`, { exact: true }).count()).toBe(1);
    // Not in the first load: the picker's chunk is fetched only now.
    expect(scripts.some((s) => s.includes('emoji-picker'))).toBe(false);
    await page.getByRole('button', { name: 'Escolher emojis' }).click();
    const rose = page.locator('[data-epr-category="suggested"] [data-epr-part="emoji"]').first();
    await rose.waitFor();
    await page.getByPlaceholder('Pesquisar emoji').waitFor();
    await screenshot(page, 'tributes-picker');
    await rose.click();
    await page.getByRole('button', { name: 'Remover 🌹' }).waitFor();
    expect(await page.locator('.tribute-picker').count()).toBe(0);
    page.off('request', onRequest);
    expect(scripts.some((s) => s.includes('emoji-picker'))).toBe(true);
    // The picker's emojis come from the origin (no CDN). The record's map section may come near
    // the viewport while the picker opens and fetch its OpenStreetMap tiles (allowed by the CSP,
    // cached by the worker): those are the map's, not the picker's.
    expect(outside.filter((url) => !url.startsWith('https://tile.openstreetmap.org/'))).toEqual([]);

    const photo = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 120, g: 160, b: 130 } },
    })
      .jpeg()
      .toBuffer();
    await page
      .locator('input[type="file"][name="imagem"]')
      .setInputFiles({ name: 'flores.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('img', { name: 'Pré-visualização da foto escolhida' }).waitFor();
    const heading = page.getByRole('heading', { name: 'Homenagens', level: 2 });
    const before = await docY(heading);
    await page.getByRole('button', { name: 'Enviar homenagem' }).click();
    await expectFlashInView('Comentário adicionado com sucesso!', heading, before);

    // The form is empty again and the tribute is on top, with its emoji and photo.
    expect(await page.getByLabel('Sua homenagem').inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Remover 🌹' }).count()).toBe(0);
    expect(await page.getByRole('img', { name: /Pré-visualização/ }).count()).toBe(0);
    const top = items().first();
    expect(await top.locator('.tribute-author').textContent()).toBe(person.name);
    expect(await top.locator('.tribute-text').textContent()).toBe(text);
    expect(await top.locator('.tribute-emojis').textContent()).toBe('🌹');
    expect(await top.locator('time').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await top.getByRole('img', { name: `Foto da homenagem de ${person.name}` }).waitFor();
    const [saved] = (await list('limit=1')).items;
    expect(saved?.emojis).toEqual(['🌹']);
    expect(saved?.imagem).toBeTruthy();
    await screenshot(page, 'tributes-posted');
  });

  it('loads more without repeating a tribute', async () => {
    const { total } = await list();
    expect(total).toBeGreaterThan(11);
    // Page 1 (10) plus the tribute just posted on top of it.
    expect(await items().count()).toBe(11);
    // Hold the next page a moment so "Carregando…" can be seen.
    await page.route('**/comentarios?*before=*', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Carregar mais' }).click();
    await page.getByRole('button', { name: 'Carregando…' }).waitFor();
    await page.waitForFunction(
      (n) => document.querySelectorAll('.tribute-list > li').length === n,
      Math.min(total, 21),
    );
    await page.unroute('**/comentarios?*before=*');
    const texts = await items().locator('.tribute-text').allInnerTexts();
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts).toContain('Lembrança número 1');
    if (total <= 20)
      expect(await page.getByRole('button', { name: 'Carregar mais' }).count()).toBe(0);
  });

  it('opens the photos in a modal with dots, closed by Escape, × or a click outside', async () => {
    const thumb = page.getByRole('button', { name: `Ampliar foto da homenagem de ${person.name}` });
    await thumb.click();
    const dialog = page.getByRole('dialog', { name: 'Fotos das homenagens' });
    await dialog.waitFor();
    const dots = dialog.getByRole('button', { name: /^Foto \d+ de \d+$/ });
    expect(await dots.count()).toBeGreaterThanOrEqual(2);
    expect(await dots.first().getAttribute('aria-current')).toBe('true');
    await dots.nth(1).click();
    expect(await dots.nth(1).getAttribute('aria-current')).toBe('true');
    await screenshot(page, 'tributes-modal');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await thumb.evaluate((el) => el === document.activeElement)).toBe(true);

    await thumb.click();
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await thumb.click();
    // The dark area around the photo, away from the × button.
    await page.mouse.click(60, 30);
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows a hostile text literally', async () => {
    let alerted = false;
    page.on('dialog', (d) => {
      alerted = true;
      void d.dismiss();
    });
    await page.getByLabel('Sua homenagem').fill(XSS);
    await page.getByRole('button', { name: 'Enviar homenagem' }).click();
    await page.getByText('Comentário adicionado com sucesso!').waitFor();
    await page.waitForFunction(
      (text) => document.querySelector('.tribute-list > li .tribute-text')?.textContent === text,
      XSS,
    );
    await page.waitForTimeout(300);
    expect(alerted).toBe(false);
    expect(await page.locator('.tribute-list img[src="x"]').count()).toBe(0);
    page.removeAllListeners('dialog');
  });

  it('without signal a typed draft survives a reload, and the saved list shows', async () => {
    await waitForServiceWorker(page);
    const newest = await items().first().locator('.tribute-text').textContent();
    await context.setOffline(true);
    try {
      await page.getByLabel('Sua homenagem').fill('Rascunho sem sinal');
      await page.reload();
      await page
        .getByText('Sem conexão: mostrando as homenagens guardadas neste aparelho.')
        .waitFor();
      expect(await items().first().locator('.tribute-text').textContent()).toBe(newest);
      expect(await page.getByLabel('Sua homenagem').inputValue()).toBe('Rascunho sem sinal');
    } finally {
      await context.setOffline(false);
    }
    // Signal back: the live list replaces the saved one.
    await page.locator('.tribute-offline').waitFor({ state: 'detached' });
    await page.getByLabel('Sua homenagem').fill('');
  });

  it('sent without signal, a tribute waits on the device and reaches the server once', async () => {
    await waitForServiceWorker(page);
    await context.setOffline(true);
    const pending = page.locator('.tribute-pending-list > li');
    try {
      await page.getByLabel('Sua homenagem').fill('Escrito sem sinal');
      await page.getByRole('button', { name: 'Enviar homenagem' }).click();
      await page
        .getByText('Homenagem guardada no aparelho. Será enviada quando houver conexão.')
        .waitFor();
      // The form is free again; the tribute shows on top with its state.
      expect(await page.getByLabel('Sua homenagem').inputValue()).toBe('');
      await pending.filter({ hasText: 'Escrito sem sinal' }).waitFor();
      await pending.getByText('Aguardando conexão').waitFor();
      await screenshot(page, 'tributes-pending');
      // Closing the page loses nothing.
      await page.reload();
      await pending
        .filter({ hasText: 'Escrito sem sinal' })
        .getByText('Aguardando conexão')
        .waitFor();
    } finally {
      await context.setOffline(false);
    }
    // Signal back: sent once, and it joins the list.
    await items().filter({ hasText: 'Escrito sem sinal' }).first().waitFor();
    await pending.waitFor({ state: 'detached' });
    const sent = await countTributesWithText('Escrito sem sinal');
    expect(sent).toBe(1);
  });

  it('with a mouse, the picker closes when the pointer leaves it', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    try {
      const button = page.getByRole('button', { name: 'Escolher emojis' });
      await button.scrollIntoViewIfNeeded();
      await button.hover();
      await button.click();
      const picker = page.locator('.tribute-picker');
      await page.locator('[data-epr-part="emoji"]').first().waitFor();
      const box = await picker.boundingBox();
      if (!box) throw new Error('the picker has no box');
      // Straight down from the button into the picker (the popover's top padding bridges the
      // two, so the path never leaves them), then away from it.
      const from = await button.boundingBox();
      if (!from) throw new Error('the button has no box');
      await page.mouse.move(from.x + from.width / 2, box.y + 20, { steps: 5 });
      expect(await picker.count()).toBe(1);
      await page.mouse.move(box.x + box.width + 200, box.y + box.height + 100, { steps: 5 });
      await picker.waitFor({ state: 'detached' });
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
    }
  });

  it('the picker stays open when the page moves under a still mouse', async () => {
    // A window resized or a phone turned moves the page under a mouse that did not move (a
    // full-page screenshot does the same): the browser then reports the mouse as having left.
    const button = page.getByRole('button', { name: 'Escolher emojis' });
    await button.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await button.click();
    const picker = page.locator('.tribute-picker');
    await page.locator('[data-epr-part="emoji"]').first().waitFor();
    await page.setViewportSize({ width: 390, height: 3000 });
    // Two frames at the new size: the browser has placed the mouse over the moved page.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await picker.count()).toBe(1);
    // Moving into the picker and away still closes it. (Straight away from where it stood, the
    // mouse may never cross the picker's edge: after the resize the browser may still place it
    // over the moved page.)
    const box = await picker.boundingBox();
    if (!box) throw new Error('the picker has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + 20, { steps: 3 });
    expect(await picker.count()).toBe(1);
    await page.mouse.move(5, 5, { steps: 5 });
    await picker.waitFor({ state: 'detached' });
  });

  it('lets the author delete a tribute after confirming', async () => {
    const { items: before } = await list('limit=50');
    const mine = before.find((t: TributeItem) => t.texto.startsWith('Saudades, tia Lourdes.'));
    if (!mine) throw new Error('the posted tribute is missing');
    const entry = items().filter({ hasText: 'Saudades, tia Lourdes.' });
    page.once('dialog', (d) => {
      expect(d.message()).toBe('Tem certeza que deseja remover esta homenagem?');
      void d.accept();
    });
    await entry.scrollIntoViewIfNeeded();
    const heading = page.getByRole('heading', { name: 'Homenagens', level: 2 });
    const headingAt = await docY(heading);
    await entry.getByRole('button', { name: `Remover homenagem de ${person.name}` }).click();
    await expectFlashInView('Comentário removido.', heading, headingAt);
    await entry.waitFor({ state: 'detached' });
    const { items: after } = await list('limit=50');
    expect(after.some((t) => t._id === mine._id)).toBe(false);
    // Only the author's own tributes carry "Remover" for a usuario.
    const removable = await page.getByRole('button', { name: /^Remover homenagem de / }).count();
    const own = await items().filter({ hasText: person.name }).count();
    expect(removable).toBe(own);
  });

  it('tells an unverified account to confirm its e-mail and offers a new link', async () => {
    const email = `nao.confirmado.${Date.now()}@exemplo.com.br`;
    await call('POST', 'users/register', undefined, {
      name: 'Jorge Nunes',
      cpf: cpf(),
      phone: '31977776666',
      email,
      password: PASSWORD,
      confirmpassword: PASSWORD,
      agreeTerms: true,
      acceptedTermsAt: new Date().toISOString(),
      acceptedTermsVersion: '1.0',
      acceptedTermsUrl: '/termos-de-uso.html',
    });
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await logInInPage(email);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(`/sepultados/${recordId}`);
    await page.getByText('Confirme seu e-mail para publicar homenagens.').waitFor();
    await page.getByLabel('Sua homenagem').fill('Ainda sem confirmar');
    await page.getByRole('button', { name: 'Enviar homenagem' }).click();
    await page.getByText(`Enviamos um link para ${email}`, { exact: false }).first().waitFor();
    expect(await page.getByLabel('Sua homenagem').inputValue()).toBe('Ainda sem confirmar');
    await page.getByRole('button', { name: 'Reenviar link' }).click();
    await page.getByText(`Enviamos um novo link de confirmação para ${email}.`).waitFor();
  });
});
