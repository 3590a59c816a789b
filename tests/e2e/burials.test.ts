/**
 * The burial register as people use it, in Chromium against the real server: an admin creates a
 * record with two photos → it is on the home page → the detail shows both in the carousel → the
 * admin assigns a concessionário → the concessionário edits the plate, and is refused another
 * record with the spec's 403 text → an edit of a field changed meanwhile answers 409 → the admin
 * deletes the record → gone from home, and the detail shows the server's not-found message.
 * And a detail page opened once still shows with the network off.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { SEP_MSG } from '../../src/domain/burial-messages';
import {
  ADMIN,
  callApi,
  launchBrowser,
  logIn,
  newPhoneContext,
  screenshot,
  startAppServer,
  waitForServiceWorker,
} from './harness';

const CONC = {
  name: 'Cláudio Concessionário Teixeira',
  cpf: '11144477735',
  phone: '31987654321',
  email: 'claudio.conc@exemplo.com.br',
  password: 'Jazigo@2025',
};
const NOME = 'Benedita Aparecida dos Anjos';
const OTHER = 'Sebastião Ferreira Lima';

async function makeJpeg(dir: string, name: string, rgb: [number, number, number]) {
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
  return file;
}

describe('burial register: create, carousel, assign, edit, refuse, delete, offline', () => {
  let server: ServerProcess;
  let browser: Browser;
  let adminContext: BrowserContext;
  let admin: Page;
  let concContext: BrowserContext;
  let conc: Page;
  let photos: string[];
  let adminToken: string;
  let concToken: string;
  let recordId = '';
  let otherId = '';

  const api = <T>(method: string, url: string, token: string, body?: unknown) =>
    callApi<T>(server.url, method, url, token, body);

  async function tokenOf(email: string, password: string) {
    const { body } = await api<{ token: string }>('POST', 'users/login', '', { email, password });
    return body.token;
  }

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memorial-photos-'));
    photos = [
      await makeJpeg(dir, 'lapide-azul.jpg', [40, 90, 160]),
      await makeJpeg(dir, 'lapide-verde.jpg', [40, 140, 70]),
    ];
    server = await startAppServer();
    adminToken = await tokenOf(ADMIN.email, ADMIN.password);
    const created = await api<{ message: string }>('POST', 'users/admin-create', adminToken, {
      ...CONC,
      role: 'concessionario',
      confirmpassword: CONC.password,
    });
    expect(created.status).toBe(201);
    concToken = await tokenOf(CONC.email, CONC.password);
    const other = await api<{ sepultado: { id: string } }>(
      'POST',
      'sepultados/create',
      adminToken,
      { nome: OTHER, dtFal: '12/08/2001', quadra: '4', chapa: '0210', rua: 'Rua das Acácias' },
    );
    expect(other.status).toBe(201);
    otherId = other.body.sepultado.id;

    browser = await launchBrowser();
    adminContext = await newPhoneContext(browser, server.url);
    admin = await adminContext.newPage();
    concContext = await newPhoneContext(browser, server.url);
    conc = await concContext.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('admin creates a record with two photos, after the form showed its rules', async () => {
    await logIn(admin, ADMIN);
    await admin.goto('/sepultados/add');
    await admin.getByRole('heading', { name: 'Criação de Memorial' }).waitFor();
    await admin.getByText('Nenhuma imagem disponível').waitFor();
    // Spec §174: the admin's create screen loads the concessionários (assigning is optional).
    const assignee = admin.getByLabel('Concessionário (opcional)');
    await assignee.locator('option', { hasText: CONC.email }).waitFor({ state: 'attached' });
    expect(await assignee.inputValue()).toBe('');
    await admin.getByRole('button', { name: 'Cadastrar' }).click();
    for (const text of [
      'O nome é obrigatório',
      'Data de falecimento inválida (DD/MM/AAAA)',
      'Quadra é obrigatória',
      'Placa é obrigatória',
    ]) {
      await admin.getByText(text, { exact: true }).waitFor();
    }
    await admin.getByLabel('Nome', { exact: true }).fill(NOME);
    await admin.getByLabel('Data de nascimento').pressSequentially('0204193012');
    expect(await admin.getByLabel('Data de nascimento').inputValue()).toBe('02/04/1930');
    await admin.getByLabel('Data de falecimento').pressSequentially('17092019');
    expect(await admin.getByLabel('Data de falecimento').inputValue()).toBe('17/09/2019');
    await admin.getByLabel('Rua').fill('Rua dos Ipês');
    await admin.getByLabel('Quadra').fill('9');
    await admin.getByLabel('Placa').fill('0777');
    await admin.getByLabel('Tipo de sepultura').selectOption('Jazigo');
    await admin.getByLabel('Epitáfio').fill('Mãe querida, sempre presente.');
    await admin.getByLabel('Adicionar fotos').setInputFiles(photos);
    expect(await admin.getByRole('img', { name: /^Nova foto:/ }).count()).toBe(2);
    await screenshot(admin, 'burials-create-filled');
    await admin.getByRole('button', { name: 'Cadastrar' }).click();
    await admin.waitForURL('**/sepultados/meumemorial');
    await admin.getByText('Criado com sucesso!').waitFor();
    await admin.getByRole('link', { name: NOME, exact: true }).waitFor();
  });

  it('shows the new record on the home page', async () => {
    await admin.goto('/');
    const card = admin.locator('article', { hasText: NOME });
    await card.waitFor();
    expect(await card.textContent()).toContain('0777');
    const href = await card.getByRole('link', { name: /Mais detalhes/ }).getAttribute('href');
    recordId = href?.split('/').pop() ?? '';
    expect(recordId).toMatch(/^[0-9a-f]{24}$/);
    // The card photo opens the enlarged overlay, closed by its × button.
    await card.getByRole('button', { name: `Ampliar a foto de ${NOME}` }).click();
    await admin.getByRole('dialog').waitFor();
    await admin.getByRole('button', { name: 'Fechar' }).click();
    await admin.getByRole('dialog').waitFor({ state: 'hidden' });
    await screenshot(admin, 'burials-home');
  });

  it('the detail shows both photos in the carousel, the sections and the defaults', async () => {
    await admin.locator('article', { hasText: NOME }).getByRole('link').click();
    await admin.getByRole('heading', { name: NOME, level: 1 }).waitFor();
    for (const heading of ['Dados Pessoais', 'Dados da Sepultura', 'Epitáfio', 'Homenagens']) {
      await admin.getByRole('heading', { name: heading }).waitFor();
    }
    await admin.getByText('02/04/1930').waitFor();
    await admin.getByText('17/09/2019').waitFor();
    expect(await admin.getByText('Informação desconhecida').count()).toBeGreaterThan(0);
    const dots = admin.getByRole('button', { name: /^Ir para a foto/ });
    expect(await dots.count()).toBe(2);
    await dots.nth(1).click();
    await admin
      .locator('.burial-carousel-dot.active[aria-label="Ir para a foto 2 de 2"]')
      .waitFor();
    await admin.waitForFunction(() => {
      const track = document.querySelector('.burial-carousel-track');
      return track !== null && track.scrollLeft >= track.clientWidth - 2;
    });
    expect(await dots.nth(1).getAttribute('aria-current')).toBe('true');
    expect(await dots.nth(0).getAttribute('aria-current')).toBeNull();
    const loaded = await admin.waitForFunction(() => {
      const imgs = [...document.querySelectorAll<HTMLImageElement>('.burial-carousel-photo')];
      return imgs.length === 2 && imgs.every((i) => i.complete && i.naturalWidth > 0)
        ? imgs.map((i) => i.currentSrc)
        : null;
    });
    const srcs = (await loaded.jsonValue()) as string[];
    expect(new Set(srcs).size).toBe(2);
    for (const src of srcs) expect(src).toContain('/api/images/sepultados/');
    // Full-size overlay, closed by a click outside the photo.
    await admin.getByRole('button', { name: 'Ampliar a foto 2 de 2' }).click();
    await admin.getByRole('dialog').waitFor();
    await screenshot(admin, 'burials-overlay');
    await admin.mouse.click(5, 830);
    await admin.getByRole('dialog').waitFor({ state: 'hidden' });
    await screenshot(admin, 'burials-detail');
  });

  it('admin assigns the concessionário from the dashboard (lookup by e-mail)', async () => {
    // The concessionário reads the same on every screen: "Nome (e-mail)", as on the create form.
    await admin.goto(`/sepultados/edit/${recordId}`);
    const option = admin.locator('select#concessionario option', { hasText: CONC.email });
    await option.waitFor({ state: 'attached' });
    expect(await option.textContent()).toBe(`${CONC.name} (${CONC.email})`);
    await admin.goto('/sepultados/meumemorial');
    await admin.getByRole('heading', { name: 'Gerenciamento de Sepultados' }).waitFor();
    await admin.getByRole('link', { name: 'Novo Registro' }).waitFor();
    await admin.getByRole('button', { name: `Atribuir concessionário a ${NOME}` }).click();
    const entry = admin.getByRole('combobox', { name: /Atribuir concessionário a/ });
    await entry.fill('Zacarias');
    await admin.getByRole('button', { name: 'Confirmar' }).click();
    await admin
      .getByText('Nenhum concessionário encontrado para "Zacarias"', { exact: false })
      .waitFor();
    await entry.fill(CONC.email.toUpperCase());
    await admin.getByRole('button', { name: 'Confirmar' }).click();
    await admin.getByText('Concessionário atribuído com sucesso!').waitFor();
    // One "Desatribuir" on the row with one concessionário (beside the name), none on the row
    // with nobody.
    const rowOf = (nome: string) =>
      admin.locator('.burial-dash-row', {
        has: admin.getByRole('link', { name: nome, exact: true }),
      });
    await rowOf(NOME)
      .getByRole('button', { name: `Desatribuir ${CONC.name} de ${NOME}` })
      .waitFor();
    expect(
      await rowOf(NOME)
        .getByRole('button', { name: /^Desatribuir/ })
        .count(),
    ).toBe(1);
    expect(
      await rowOf(OTHER)
        .getByRole('button', { name: /^Desatribuir/ })
        .count(),
    ).toBe(0);
    // The edit screen's panel lists who is assigned.
    await admin.goto(`/sepultados/edit/${recordId}`);
    await admin.getByRole('heading', { name: 'Concessionários atribuídos' }).waitFor();
    await admin.locator('.burial-assigned-list').getByText(CONC.name).waitFor();
  });

  it('the concessionário edits the plate of the assigned record', async () => {
    await logIn(conc, CONC);
    await conc.goto('/sepultados/meumemorial');
    await conc.getByRole('link', { name: NOME, exact: true }).waitFor();
    expect(await conc.getByRole('link', { name: OTHER, exact: true }).count()).toBe(0);
    expect(await conc.getByRole('button', { name: /^Excluir/ }).count()).toBe(0);
    expect(await conc.getByRole('link', { name: 'Novo Registro' }).count()).toBe(0);
    await conc.getByRole('link', { name: `Editar ${NOME}` }).click();
    await conc.getByRole('heading', { name: `Editando as informações de ${NOME}` }).waitFor();
    await conc.getByLabel('Placa').fill('0778');
    await conc.getByRole('button', { name: 'Atualizar' }).click();
    await conc.getByText('Registro atualizado com sucesso!').waitFor();
    await conc.waitForURL('**/sepultados/meumemorial');
    await conc.goto(`/sepultados/${recordId}`);
    await conc.getByText('0778', { exact: true }).waitFor();
    // Existing photos were kept.
    expect(await conc.getByRole('button', { name: /^Ir para a foto/ }).count()).toBe(2);
  });

  it('another record is refused with the spec 403 text, on screen and by the server', async () => {
    await conc.goto(`/sepultados/edit/${otherId}`);
    await conc.getByText('Sem permissão para editar este registro.').waitFor();
    expect(await conc.getByRole('button', { name: 'Atualizar' }).count()).toBe(0);
    const refused = await api<{ message: string }>('PATCH', `sepultados/${otherId}`, concToken, {
      chapa: '9999',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Sem permissão para editar este registro.');
    await screenshot(conc, 'burials-refused');
  });

  it('an edit of a field someone changed meanwhile answers 409, with both ways out', async () => {
    await admin.goto(`/sepultados/edit/${otherId}`);
    await admin.getByRole('button', { name: 'Atualizar' }).waitFor();
    const meanwhile = await api('PATCH', `sepultados/${otherId}`, adminToken, {
      chapa: '0212',
      epitafio: 'Alterado por outra pessoa',
    });
    expect(meanwhile.status).toBe(200);
    await admin.getByLabel('Placa').fill('0211');
    await admin.getByRole('button', { name: 'Atualizar' }).click();
    await admin.getByText(SEP_MSG.editConflict).waitFor();
    await admin.getByText('Sua alteração: 0211 · Agora no registro: 0212').waitFor();
    await screenshot(admin, 'burials-conflict');
    // Way out 1: load what is there now.
    await admin.getByRole('button', { name: 'Carregar dados atuais' }).click();
    expect(await admin.getByLabel('Placa').inputValue()).toBe('0212');
    expect(await admin.getByLabel('Epitáfio').inputValue()).toBe('Alterado por outra pessoa');
    // Way out 2: keep mine, sent again against the version that is there now.
    expect(
      (await api('PATCH', `sepultados/${otherId}`, adminToken, { chapa: '0213' })).status,
    ).toBe(200);
    await admin.getByLabel('Placa').fill('0214');
    await admin.getByRole('button', { name: 'Atualizar' }).click();
    await admin.getByText('Sua alteração: 0214 · Agora no registro: 0213').waitFor();
    await admin.getByRole('button', { name: 'Manter minhas alterações' }).click();
    await admin.getByText('Registro atualizado com sucesso!').waitFor();
    await admin.waitForURL('**/sepultados/meumemorial');
    const now = await api<{ chapa: string }>('GET', `sepultados/${otherId}`, adminToken);
    expect(now.body.chapa).toBe('0214');
  });

  it('a detail page opened before still shows with the network off', async () => {
    await admin.goto(`/sepultados/${otherId}`);
    await admin.getByRole('heading', { name: OTHER, level: 1 }).waitFor();
    await admin.getByText('Alterado por outra pessoa').waitFor();
    await waitForServiceWorker(admin);
    await adminContext.setOffline(true);
    try {
      await admin.reload();
      await admin.getByRole('heading', { name: OTHER, level: 1 }).waitFor();
      await admin.getByRole('heading', { name: 'Dados da Sepultura' }).waitFor();
      await admin.getByText('0214', { exact: true }).waitFor();
      await admin.goto('/');
      await admin.locator('article', { hasText: OTHER }).waitFor();
      await screenshot(admin, 'burials-offline-home');
    } finally {
      await adminContext.setOffline(false);
    }
  });

  it('admin deletes the record: gone from home, and the detail says it is not found', async () => {
    await admin.goto('/sepultados/meumemorial');
    admin.once('dialog', (dialog) => void dialog.accept());
    await admin.getByRole('button', { name: `Excluir ${NOME}` }).click();
    await admin.getByText('Removido com sucesso!').waitFor();
    await admin.getByRole('link', { name: NOME, exact: true }).waitFor({ state: 'detached' });
    await admin.goto('/');
    await admin.locator('article', { hasText: OTHER }).waitFor();
    expect(await admin.locator('article', { hasText: NOME }).count()).toBe(0);
    await admin.goto(`/sepultados/${recordId}`);
    // The server's 404 message, not §8's "Erro ao carregar sepultado." (kept for a failed
    // load): a deleted record is not a failure to load (docs/decisions/0075-record-page-edges.md).
    await admin.getByRole('heading', { name: SEP_MSG.notFound }).waitFor();
    expect(await admin.getByText(SEP_MSG.detailLoadFailed).count()).toBe(0);
    await screenshot(admin, 'burials-not-found');
  });
});
