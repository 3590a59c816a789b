/**
 * The admin's and the concessionário's screens as they look. First the burial form's photo
 * area, measured as a person sees it (docs/decisions.md#style-scope):
 * on create and edit, for the admin and for the concessionário, at a phone's 390 px and a
 * desktop's 1366 px, every photo is a full-size thumbnail that overlaps no other, and every
 * "Remover"/"Manter" button is fully on screen and unclipped. Each person first opens their
 * profile, as they do in a working day: that loads the users screens' styles, whose round
 * avatar once styled this grid too (two photos squeezed into one 112 px circle, "Remover" cut).
 * Then the admin's navigation ("Ferramentas", phone and desktop), the form's word on a blank
 * "Cemitério", the plan screen (which cemetery, a pt-BR file button, coordinates without float
 * noise) and the label sheet kept per cemetery.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { ADMIN, callApi, launchBrowser, logIn, screenshot, startAppServer } from './harness';

const CONC = {
  name: 'Rosângela Concessionária Prado',
  cpf: '52998224725',
  phone: '31988887777',
  email: 'rosangela.conc@exemplo.com.br',
  password: 'Jazigo@2025',
};
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every photo of the form's area laid out apart, each with its whole button visible. */
async function expectPhotoArea(page: Page, photos: number, label: string): Promise<void> {
  const list = page.getByRole('list', { name: 'Fotos do registro' });
  await list.waitFor();
  const items = list.getByRole('listitem');
  expect(await items.count(), label).toBe(photos);
  const images: Box[] = [];
  for (let i = 0; i < photos; i += 1) {
    const item = items.nth(i);
    await item.scrollIntoViewIfNeeded();
    const img = await item.getByRole('img').boundingBox();
    expect(img, `${label}: photo ${i + 1} is laid out`).not.toBeNull();
    if (!img) return;
    // A thumbnail a person can recognise, not a sliver of a shared circle.
    expect(img.width, `${label}: photo ${i + 1} width`).toBeGreaterThanOrEqual(120);
    expect(img.height, `${label}: photo ${i + 1} height`).toBeGreaterThanOrEqual(80);
    images.push(img);

    const button = item.getByRole('button', { name: /^(Remover|Manter)/ });
    await button.scrollIntoViewIfNeeded();
    const seen = await button.evaluate((el) => {
      const r = el.getBoundingClientRect();
      // Each edge's middle (just inside, clear of rounded corners) is the button itself:
      // nothing clips or covers it.
      const midX = (r.left + r.right) / 2;
      const midY = (r.top + r.bottom) / 2;
      const corners = (
        [
          [r.left + 2, midY],
          [r.right - 2, midY],
          [midX, r.top + 2],
          [midX, r.bottom - 2],
        ] as const
      ).map(([x, y]) => {
        const hit = document.elementFromPoint(x, y);
        return hit === el || el.contains(hit);
      });
      return {
        corners,
        // The text fits the button (a cut "Remover" overflows it).
        fits: el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1,
        onScreen: r.left >= 0 && r.right <= window.innerWidth,
        text: el.textContent,
      };
    });
    expect(seen.corners, `${label}: "${seen.text}" ${i + 1} fully visible`).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(seen.fits, `${label}: "${seen.text}" ${i + 1} text fits`).toBe(true);
    expect(seen.onScreen, `${label}: "${seen.text}" ${i + 1} on screen`).toBe(true);
  }
  // Boxes are measured in page coordinates after each scroll: compare them in one frame.
  await list.scrollIntoViewIfNeeded();
  const frame = await items.evaluateAll((els) =>
    els.map((el) => {
      const r = (el.querySelector('img') ?? el).getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
  frame.forEach((a, i) => {
    frame.slice(i + 1).forEach((b, j) => {
      const n = i + j + 2;
      expect(overlaps(a, b), `${label}: photos ${i + 1} and ${n} apart`).toBe(false);
    });
  });
}

describe('admin screens: photo area, navigation, plan, labels', () => {
  let server: ServerProcess;
  let browser: Browser;
  let photos: string[];
  let adminToken: string;
  let recordId = '';
  let concId = '';

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memorial-form-photos-'));
    photos = [];
    for (const [name, rgb] of [
      ['lapide-cinza.jpg', [120, 120, 120]],
      ['lapide-rosa.jpg', [190, 110, 130]],
    ] as const) {
      const file = path.join(dir, name);
      await sharp({
        create: {
          width: 800,
          height: 600,
          channels: 3,
          background: { r: rgb[0], g: rgb[1], b: rgb[2] },
        },
      })
        .jpeg({ quality: 80 })
        .toFile(file);
      photos.push(file);
    }
    // A generous start: the suite shares a busy machine.
    server = await startAppServer({ timeoutMs: 150_000 });
    const login = await callApi<{ token: string }>(server.url, 'POST', 'users/login', '', ADMIN);
    adminToken = login.body.token;
    const created = await callApi<{ user: { id: string } }>(
      server.url,
      'POST',
      'users/admin-create',
      adminToken,
      { ...CONC, role: 'concessionario', confirmpassword: CONC.password },
    );
    expect(created.status).toBe(201);
    concId = created.body.user.id;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function personPage(
    person: { email: string; password: string },
    viewport: { width: number; height: number },
  ): Promise<Page> {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    });
    const page = await context.newPage();
    await logIn(page, person);
    await page.goto('/user/profile');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return page;
  }

  it('admin, create: two new photos side by side with their "Remover"', async () => {
    for (const viewport of VIEWPORTS) {
      const page = await personPage(ADMIN, viewport);
      await page.goto('/sepultados/add');
      await page.getByRole('heading', { name: 'Criação de Memorial' }).waitFor();
      await page.getByLabel('Adicionar fotos').setInputFiles(photos);
      await expectPhotoArea(page, 2, `create ${viewport.width}px`);
      await screenshot(page, `form-layout-create-${viewport.width}`);
      if (viewport.width === 390) {
        await page.getByLabel('Nome', { exact: true }).fill('Iolanda Prado Ribeiro');
        await page.getByLabel('Data de falecimento').pressSequentially('03052015');
        await page.getByLabel('Quadra').fill('5');
        await page.getByLabel('Placa').fill('0505');
        await page.getByRole('button', { name: 'Cadastrar' }).click();
        await page.waitForURL((url) => url.pathname === '/sepultados/meumemorial');
        const found = await callApi<{ sepultados: { id: string }[] }>(
          server.url,
          'GET',
          `sepultados/pesquisa?q=${encodeURIComponent('Iolanda Prado Ribeiro')}`,
          adminToken,
        );
        recordId = found.body.sepultados[0]?.id ?? '';
      }
      await page.context().close();
    }
    expect(recordId).toMatch(/^[0-9a-f]{24}$/);
    const assigned = await callApi(
      server.url,
      'PATCH',
      `sepultados/${recordId}/atribuir/${concId}`,
      adminToken,
    );
    expect(assigned.status).toBe(200);
  });

  it('admin and concessionário, edit: two saved photos and a new one, one marked for removal', async () => {
    for (const person of [ADMIN, CONC]) {
      for (const viewport of VIEWPORTS) {
        const label = `edit ${person === ADMIN ? 'admin' : 'concessionário'} ${viewport.width}px`;
        const page = await personPage(person, viewport);
        await page.goto(`/sepultados/edit/${recordId}`);
        await page.getByRole('button', { name: 'Remover a foto 1 atual' }).waitFor();
        await page.getByRole('button', { name: 'Remover a foto 1 atual' }).click();
        await page.getByLabel('Adicionar fotos').setInputFiles(photos.slice(0, 1));
        await expectPhotoArea(page, 3, label);
        await screenshot(page, `form-layout-${label.replaceAll(' ', '-')}`);
        await page.context().close();
      }
    }
  });

  it('the admin finds the tools under "Ferramentas", on the phone and on the desktop', async () => {
    for (const viewport of VIEWPORTS) {
      const page = await personPage(ADMIN, viewport);
      if (viewport.width < 860) await page.getByRole('button', { name: 'Abrir menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Principal' });
      const tools = nav.getByRole('button', { name: 'Ferramentas' });
      await tools.click();
      for (const name of ['Cemitérios', 'Mapa', 'Etiquetas', 'Planilhas']) {
        const link = nav.getByRole('link', { name, exact: true });
        await link.waitFor({ state: 'visible' });
        const box = await link.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= viewport.width, `${name} on screen`).toBe(
          true,
        );
      }
      await screenshot(page, `admin-tools-${viewport.width}`);
      await nav.getByRole('link', { name: 'Planilhas', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/admin/planilhas');
      // The list closed behind the person (and the phone's menu with it).
      // (It closes in the render that follows the navigation.)
      await page.locator('#menu-ferramentas').waitFor({ state: 'hidden', timeout: 5000 });
      await page.context().close();
    }
  });

  it('a blank "Cemitério" says where the record will go', async () => {
    const page = await personPage(ADMIN, VIEWPORTS[0] as { width: number; height: number });
    await page.goto('/sepultados/add');
    const field = page.getByLabel('Cemitério', { exact: true });
    await field.fill('');
    // The first cemetery made (by the record created above, with none named) is the default.
    const hint = page.getByText(/^Sem cemitério informado, o registro será salvo em: /);
    await hint.waitFor();
    await field.fill('Cemitério do Carmo');
    await hint.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('the plan screen names its cemetery, offers a pt-BR file button and tidy coordinates', async () => {
    const made = await callApi(server.url, 'POST', 'sepultados/create', adminToken, {
      nome: 'Olímpio Carmo Neto',
      dtFal: '12/08/2001',
      quadra: '2',
      chapa: '0201',
      rua: 'Rua B',
      cemiterio: 'Cemitério do Carmo',
    });
    expect(made.status).toBe(201);
    const page = await personPage(ADMIN, VIEWPORTS[1] as { width: number; height: number });
    await page.goto('/admin/mapa');
    await page
      .getByRole('heading', { name: 'Mapa do cemitério: Cemitério municipal', level: 1 })
      .waitFor();
    await page
      .getByLabel('Cemitério', { exact: true })
      .selectOption({ label: 'Cemitério do Carmo' });
    await page
      .getByRole('heading', { name: 'Mapa do cemitério: Cemitério do Carmo', level: 1 })
      .waitFor();
    expect(new URL(page.url()).searchParams.get('cemiterio')).toMatch(/^[0-9a-f]{24}$/);
    // The browser's own (English) file button is not what a person sees: ours is.
    await page.getByText('Escolher imagem', { exact: true }).waitFor({ state: 'visible' });
    const input = page.getByLabel('Imagem do plano');
    expect(await input.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    await page.getByLabel('Imagem do plano').setInputFiles(photos.slice(0, 1));
    await page.getByText('lapide-cinza.jpg', { exact: true }).waitFor();
    await page.getByLabel('Latitude norte (borda de cima)').fill('-20.384');
    await page.getByLabel('Latitude sul (borda de baixo)').fill('-20.387');
    await page.getByLabel('Longitude oeste (borda esquerda)').fill('-43.502300000000005');
    await page.getByLabel('Longitude leste (borda direita)').fill('-43.5');
    await page.getByRole('button', { name: 'Salvar plano' }).click();
    await page.getByText('Plano atual').waitFor();
    await page.reload();
    const west = page.getByLabel('Longitude oeste (borda esquerda)');
    await page.getByText('Plano atual').waitFor();
    expect(await west.inputValue()).toBe('-43.5023');
    await screenshot(page, 'admin-plan-1366');
    await page.context().close();
  });

  it("the label sheet keeps each cemetery's quadra apart, and its inputs look like inputs", async () => {
    const made = await callApi(server.url, 'POST', 'sepultados/create', adminToken, {
      nome: 'Zilda Municipal Rocha',
      dtFal: '03/03/2003',
      quadra: '2',
      chapa: '0202',
      rua: 'Rua A',
    });
    expect(made.status).toBe(201);
    const page = await personPage(ADMIN, VIEWPORTS[0] as { width: number; height: number });
    await page.goto('/sepultados/etiquetas');
    const quadra = page.getByLabel('Quadra');
    const style = await quadra.evaluate((el) => {
      const css = getComputedStyle(el);
      return { height: el.getBoundingClientRect().height, border: css.borderTopWidth };
    });
    expect(style.height).toBeGreaterThanOrEqual(44);
    expect(style.border).not.toBe('0px');
    await quadra.fill('2');
    await page.getByRole('button', { name: 'Mostrar etiquetas' }).click();
    const groups = page.getByRole('region');
    await page.getByRole('heading', { name: 'Cemitério do Carmo (1)' }).waitFor();
    await page.getByRole('heading', { name: 'Cemitério municipal (1)' }).waitFor();
    expect(await groups.count()).toBe(2);
    await screenshot(page, 'admin-labels-grouped-390');
    await page
      .getByLabel('Cemitério', { exact: true })
      .selectOption({ label: 'Cemitério do Carmo' });
    await page.getByRole('button', { name: 'Mostrar etiquetas' }).click();
    await page.waitForURL((url) => url.searchParams.has('cemiterio'));
    await page.getByText('1 etiqueta(s), 21 por folha A4.').waitFor();
    await page.getByRole('listitem').filter({ hasText: 'Olímpio Carmo Neto' }).waitFor();
    expect(await page.getByText('Zilda Municipal Rocha').count()).toBe(0);
    await page.context().close();
  });
});
