/**
 * Accessible navigation and a visitor's way in, in Chromium against the demo cemetery:
 * - a family without an account: /login → "Procurar sepultado" → results → the record, with
 *   each page's own title and focus moved to its heading;
 * - the skip link, and the photo overlay giving focus back to the photo that opened it;
 * - axe-core (WCAG 2.0/2.1 A and AA, 2.2 AA) finds nothing on every route at 390 and 1366 px.
 */
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSession } from '../../bench/lib/route-bytes';
import type { ServerProcess } from '../../scripts/server-process';
import { graveLabel } from '../../src/domain/grave-rules';
import {
  ADMIN,
  appRunning,
  launchBrowser,
  logIn,
  newPhoneContext,
  startAppServer,
} from './harness';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

async function axeViolations(page: Page): Promise<string[]> {
  // The test's contexts bypass the CSP (script-src 'self') to inject axe; the app is unchanged.
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: unknown): Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, { runOnly: { type: 'tag', values: tags } })) as {
      violations: AxeViolation[];
      passes: { id: string }[];
      incomplete: { id: string }[];
    };
    const ran = [...result.passes, ...result.incomplete, ...result.violations].map((r) => r.id);
    return { list: result.violations, passes: result.passes.length, ran };
  }, TAGS);
  // axe really looked at the page (labels, contrast, landmarks… passed).
  expect(violations.passes).toBeGreaterThan(10);
  // WCAG 2.2's target size (2.5.8, the wcag22aa tag) was among the rules that looked at it.
  expect(violations.ran).toContain('target-size');
  return violations.list.map(
    (v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** Scrolls "Como chegar" into view and waits for the lazy map and its marker. */
async function showMap(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Como chegar', level: 2 }).scrollIntoViewIfNeeded();
  await page.locator('.map-grave-marker').waitFor();
  await page.waitForLoadState('networkidle');
}

const focusedHeading = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.tagName === 'H1' ? el.textContent : null;
  });

describe('accessible navigation and the visitor search', () => {
  let server: ServerProcess;
  let browser: Browser;
  let record: { id: string; nome: string };
  let mapped: { id: string; nome: string };
  let grave: { id: string; label: string };
  let orderId = '';
  let adminId: string;

  beforeAll(async () => {
    server = await startAppServer({ env: { SEED: 'demo' } });
    browser = await launchBrowser();
    const session = await apiSession(server.url, ADMIN.email, ADMIN.password);
    const res = await fetch(`${server.url}/api/sepultados`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    const rows = (await res.json()) as {
      _id: string;
      nome: string;
      images: string[];
    }[];
    const withPhoto = rows.find((r) => r.images.length > 0);
    if (!withPhoto) throw new Error('the demo cemetery has no record with a photo');
    record = { id: withPhoto._id, nome: withPhoto.nome };
    const auth = { headers: { authorization: `Bearer ${session.token}` } };
    // A record with coordinates, so its page draws the map.
    const created = await fetch(`${server.url}/api/sepultados/create`, {
      method: 'POST',
      headers: { ...auth.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        nome: 'Lúcia Ferraz Andrade',
        dtFal: '03/09/1998',
        rua: '3',
        quadra: '12',
        chapa: '0458',
        latitude: -20.3857,
        longitude: -43.5036,
      }),
    });
    if (created.status !== 201)
      throw new Error(`create: ${created.status} ${await created.text()}`);
    const body = (await created.json()) as { sepultado: { id: string; nome: string } };
    mapped = { id: body.sepultado.id, nome: body.sepultado.nome };
    const graves = (await (await fetch(`${server.url}/api/sepulturas`, auth)).json()) as {
      sepulturas: {
        id: string;
        quadra: string;
        rua: string | null;
        numero: string;
        latitude: number | null;
      }[];
    };
    const first = graves.sepulturas[0];
    if (!first) throw new Error('the demo cemetery has no grave');
    grave = { id: first.id, label: graveLabel(first) };
    // A work order on a grave with a position, today, for the crew's and the office's order
    // screens (the order's page draws the grave's map).
    const placed = graves.sepulturas.find((g) => g.latitude !== null);
    if (!placed) throw new Error('the demo cemetery has no grave with a position');
    const today = new Date().toISOString().slice(0, 10);
    const ordered = await fetch(`${server.url}/api/ordens`, {
      method: 'POST',
      headers: { ...auth.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        tipo: 'limpeza',
        agendadaPara: `${today}T10:00`,
        sepulturaId: placed.id,
      }),
    });
    if (ordered.status !== 201) throw new Error(`order: ${ordered.status} ${await ordered.text()}`);
    orderId = ((await ordered.json()) as { id: string }).id;
    const users = (await (await fetch(`${server.url}/api/users?q=admin`, auth)).json()) as {
      users: { _id: string; email?: string }[];
    };
    adminId = users.users[0]?._id ?? '';
    if (!adminId) throw new Error('no admin in the user list');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a visitor without an account finds a grave from /login', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    try {
      await page.goto('/');
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByRole('heading', { name: 'Procurar sepultado' }).waitFor();
      await page
        .getByText(
          'Para procurar um sepultado e abrir o registro da sepultura não é preciso ter conta.',
        )
        .waitFor();
      expect(await page.title()).toBe('Entrar — Memorial');
      const term = record.nome.split(' ')[0] ?? record.nome;
      await page.getByLabel('Sepultado, rua, quadra ou placa').fill(term);
      await page.getByRole('button', { name: 'Procurar' }).click();
      await page.waitForURL((url) => url.pathname === '/sepultados/pesquisa');
      await page.getByRole('heading', { name: 'Resultados da Pesquisa', level: 1 }).waitFor();
      await expect.poll(() => page.title()).toBe(`Resultados: ${term} — Memorial`);
      await expect.poll(() => focusedHeading(page)).toBe('Resultados da Pesquisa');
      // No navbar box when logged out (spec §2); the page's own form holds the term.
      expect(await page.getByRole('combobox', { name: 'Pesquisar sepultados' }).count()).toBe(0);
      expect(await page.getByLabel('Sepultado, rua, quadra ou placa').inputValue()).toBe(term);
      const card = page.locator('.burial-search-card', { hasText: record.nome }).first();
      await card.getByRole('link', { name: 'Mais detalhes' }).click();
      await page.getByRole('heading', { name: record.nome, level: 1 }).waitFor();
      await expect.poll(() => page.title()).toBe(`${record.nome} — Memorial`);
      await expect.poll(() => focusedHeading(page)).toBe(record.nome);
    } finally {
      await context.close();
    }
  });

  it('skip link first; closing the photo overlay gives focus back to the photo', async () => {
    const context = await newPhoneContext(browser, server.url);
    const page = await context.newPage();
    try {
      await page.goto(`/sepultados/${record.id}`);
      await page.getByRole('heading', { name: record.nome, level: 1 }).waitFor();
      await appRunning(page);
      await page.keyboard.press('Tab');
      const first = await page.evaluate(() => document.activeElement?.textContent);
      expect(first).toBe('Pular para o conteúdo');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('conteudo');

      const opener = page.locator('.burial-carousel-open').first();
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.locator('dialog.burial-image-overlay');
      await dialog.waitFor();
      await page.getByRole('button', { name: 'Fechar' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    } finally {
      await context.close();
    }
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    it(`axe finds no WCAG A/AA violation on any route at ${viewport.width} px`, async () => {
      const found: string[] = [];
      const check = async (
        context: BrowserContext,
        path: string,
        ready: string | RegExp,
        then?: (page: Page) => Promise<void>,
      ) => {
        const page = await context.newPage();
        try {
          await page.goto(path);
          await page.getByRole('heading', { name: ready, level: 1 }).first().waitFor();
          await page.waitForLoadState('networkidle');
          await then?.(page);
          for (const v of await axeViolations(page)) found.push(`${path}: ${v}`);
        } finally {
          await page.close();
        }
      };
      const visitor = await browser.newContext({
        baseURL: server.url,
        viewport,
        locale: 'pt-BR',
        bypassCSP: true,
      });
      try {
        await check(visitor, '/login', 'Entrar');
        await check(visitor, '/register', 'Cadastro de Usuário');
        await check(visitor, '/auth/forgot-password', 'Recuperar senha');
        await check(visitor, '/sepultados/pesquisa', 'Resultados da Pesquisa');
        await check(visitor, '/sepultados/pesquisa?q=maria', 'Resultados da Pesquisa');
        await check(visitor, `/sepultados/${record.id}`, record.nome);
        // The record with its map: the lazy part loads once scrolled near, then axe looks at
        // Leaflet's controls, the marker and the map's own buttons too.
        await check(visitor, `/sepultados/${mapped.id}`, mapped.nome, showMap);
        await check(visitor, '/offline', 'Uso offline');
        await check(visitor, '/auth/reset-password', 'Redefinir senha');
        await check(visitor, '/auth/verify-email', 'Verificação de e-mail');
        await check(visitor, '/pendentes', 'Envios');
        const cemeteries = (await (await fetch(`${server.url}/api/cemiterios`)).json()) as Array<{
          id: string;
          nome: string;
        }>;
        const cemetery = cemeteries[0];
        if (!cemetery) throw new Error('no cemetery');
        await check(visitor, `/cemiterios/${cemetery.id}`, cemetery.nome);
      } finally {
        await visitor.close();
      }
      const admin = await browser.newContext({
        baseURL: server.url,
        viewport,
        locale: 'pt-BR',
        bypassCSP: true,
      });
      try {
        const page = await admin.newPage();
        await logIn(page, ADMIN);
        await page.close();
        await check(admin, '/', 'Recentes');
        await check(admin, `/sepultados/${record.id}`, record.nome);
        await check(admin, '/sepultados/meumemorial', 'Gerenciamento de Sepultados');
        await check(admin, '/sepultados/add', 'Criação de Memorial');
        await check(admin, `/sepultados/edit/${record.id}`, /Editando as informações/);
        await check(admin, '/user/profile', 'Perfil');
        await check(admin, '/meuusuario', 'Gerenciamento de Usuários');
        await check(admin, '/usuarios/add', 'Novo Usuário');
        await check(admin, '/pendentes', 'Envios');
        await check(admin, '/admin/cemiterios', 'Cemitérios');
        await check(admin, `/sepultados/${mapped.id}`, mapped.nome, showMap);
        await check(admin, '/sepultados/etiquetas', 'Etiquetas com código QR');
        await check(admin, `/usuarios/edit/${adminId}`, 'Editar Usuário');
        await check(admin, '/pendentes/nao-existe', 'Nada para revisar');
        await check(admin, '/admin/mapa', /Mapa do cemitério/);
        await check(admin, '/admin/planilhas', 'Planilhas');
        await check(admin, '/admin/sepulturas', 'Sepulturas');
        await check(admin, '/admin/prazos', 'Prazos');
        await check(admin, `/sepulturas/${grave.id}`, grave.label);
        await check(admin, '/admin/copias', 'Cópias de segurança');
        await check(admin, '/admin/auditoria', 'Auditoria');
        await check(admin, '/admin/recadastramento', 'Recadastramento');
        await check(admin, '/hoje', 'Hoje');
        await check(admin, `/ordens/${orderId}`, 'Limpeza/reforma', showMap);
        await check(admin, '/admin/ordens', 'Ordens de serviço');
        await check(admin, '/admin/ordens/calendario', 'Calendário de ordens de serviço');
        await check(
          admin,
          `/admin/ordens/${orderId}/imprimir`,
          'Ordem de serviço · Limpeza/reforma',
        );
        await check(admin, '/admin/pedidos', 'Pedidos das famílias');
      } finally {
        await admin.close();
      }
      expect(found).toEqual([]);
      // Some thirty pages, each loaded, settled and checked by axe.
    }, 400_000);
  }
});
