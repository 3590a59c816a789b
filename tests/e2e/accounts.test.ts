/**
 * Accounts in Chromium against the real server, the way people use them:
 * register → follow the verification link from the .eml the server wrote → verified page;
 * change the password on the profile and keep the session (the fresh token is stored);
 * forgot → reset (link from the .eml) → log in with the new password;
 * an admin creates a concessionário with a photo, edits it, changes its role, finds it by an
 * accent-free search and deletes it.
 */

import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../../scripts/server-process';
import { ACCOUNT_MSG } from '../../src/domain/account-messages';
import {
  ADMIN,
  launchBrowser,
  logIn,
  newPhoneContext,
  screenshot,
  startAppServer,
} from './harness';
import { linkIn, waitForMail } from './mail-files';

const PERSON = {
  name: 'Lúcia Helena Brandão',
  cpf: '52998224725',
  phone: '11987654321',
  email: 'lucia.brandao@exemplo.com.br',
  password: 'Saudade@2025',
  profilePassword: 'Lembranca#2026',
  resetPassword: 'Memoria$2027',
};

const CONCESSIONARIO = {
  name: 'Joaquim Antônio Conceição',
  edited: 'Joaquim Antônio da Conceição',
  cpf: '11144477735',
  phone: '3133334444',
  email: 'joaquim.conceicao@exemplo.com.br',
  password: 'Jazigo@2025',
};

describe('accounts: verification, password, user management', () => {
  let server: ServerProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const seen = new Set<string>();

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    context = await newPhoneContext(browser, server.url);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const visible = (text: string) => page.getByText(text, { exact: true }).first().waitFor();

  async function logOut() {
    const toggle = page.getByRole('button', { name: /menu/i });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await page.getByRole('navigation').getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL('**/login');
  }

  it('registers and verifies the e-mail through the link in the .eml file', async () => {
    await page.goto('/register');
    await page.getByLabel('Nome').fill(PERSON.name);
    await page.getByLabel('CPF').fill(PERSON.cpf);
    await page.getByLabel('Telefone').fill(PERSON.phone);
    await page.getByLabel('E-mail').fill(PERSON.email);
    await page.getByLabel('Senha', { exact: true }).fill(PERSON.password);
    await page.getByLabel('Confirmar senha').fill(PERSON.password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await page.waitForURL('**/login');
    const first = await waitForMail(server.dataDir, PERSON.email, 'verify-email', seen);

    // Logged in but unverified: the profile says so and offers a new link.
    await logIn(page, PERSON);
    await page.goto('/user/profile');
    await visible('Seu e-mail ainda não foi confirmado. Confirme-o para publicar homenagens.');
    await page.getByRole('button', { name: 'Reenviar link de confirmação' }).click();
    await visible(`Enviamos um novo link de confirmação para ${PERSON.email}.`);
    const resent = await waitForMail(server.dataDir, PERSON.email, 'verify-email', seen);
    expect(resent.file).not.toBe(first.file);
    const link = linkIn(resent, 'verify-email');
    expect(link.searchParams.get('email')).toBe(PERSON.email);

    const verifyCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/users/verify-email')) verifyCalls.push(req.url());
    });
    await page.goto(link.pathname + link.search);
    await visible('E-mail verificado com sucesso!');
    await visible('Você já pode fechar esta página.');
    await screenshot(page, 'accounts-verified');
    // The token is single use: the page asked exactly once; the same link opened again says
    // the address is confirmed (not "Link inválido ou expirado").
    expect(verifyCalls).toHaveLength(1);
    await page.reload();
    await visible(ACCOUNT_MSG.alreadyVerified);
    expect(await page.getByText('Link inválido ou expirado').count()).toBe(0);

    await page.goto('/user/profile');
    await page.getByRole('button', { name: 'Editar' }).waitFor();
    expect(
      await page.getByText('Seu e-mail ainda não foi confirmado.', { exact: false }).count(),
    ).toBe(0);
  });

  it('says "Link inválido ou expirado" when the link lacks its token or e-mail', async () => {
    await page.goto(`/auth/verify-email?email=${encodeURIComponent(PERSON.email)}`);
    await visible('Link inválido ou expirado');
  });

  it('changes the password on the profile and keeps this session with the new token', async () => {
    await page.goto('/user/profile');
    const before = await page.evaluate(() => localStorage.getItem('token'));
    await page.getByLabel('Senha', { exact: true }).fill(PERSON.profilePassword);
    await page.getByLabel('Confirmar senha').fill(PERSON.profilePassword);
    await page.getByRole('button', { name: 'Editar' }).click();
    await visible('Perfil atualizado com sucesso!');
    await page.waitForFunction(
      (old) => localStorage.getItem('token') !== old && localStorage.getItem('token') !== null,
      before,
    );
    // The old token is dead on the server; a reload only stays here with the new one.
    await page.reload();
    await page.getByRole('button', { name: 'Editar' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/profile');
    expect(await page.getByLabel('Nome').inputValue()).toBe(PERSON.name);
  });

  it('recovers the password: forgot → link from the .eml → reset → log in', async () => {
    await logOut();
    await page.getByRole('link', { name: 'Esqueci a senha' }).click();
    await page.waitForURL('**/auth/forgot-password');
    await page.getByRole('heading', { name: 'Recuperar senha' }).waitFor();
    // The same sentence for an unknown address: the screen tells nobody who is registered.
    await page.getByLabel('E-mail').fill('ninguem@exemplo.com.br');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await visible('Se o e-mail existir, enviaremos instruções para recuperação.');
    await page.getByLabel('E-mail').fill(PERSON.email);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.getByRole('button', { name: 'Enviar' }).waitFor();
    const mail = await waitForMail(server.dataDir, PERSON.email, 'reset-password', seen);
    const link = linkIn(mail, 'reset-password');

    await page.goto(link.pathname + link.search);
    await page.getByLabel('Nova senha').fill(PERSON.resetPassword);
    await page.getByLabel('Confirmar senha').fill('Outra#2027');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await visible('As senhas não conferem.');
    await page.getByLabel('Nova senha').fill('fraca');
    await page.getByLabel('Confirmar senha').fill('fraca');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForFunction(
      () => document.querySelector('#novaSenha')?.getAttribute('aria-invalid') === 'true',
    );
    await page.getByLabel('Nova senha').fill(PERSON.resetPassword);
    await page.getByLabel('Confirmar senha').fill(PERSON.resetPassword);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await visible('Senha alterada com sucesso!');
    expect(await page.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
    await screenshot(page, 'accounts-reset-done');
    await page.getByRole('link', { name: 'Entrar' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('E-mail').fill(PERSON.email);
    await page.getByLabel('Senha', { exact: true }).fill(PERSON.resetPassword);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('lets an admin create, edit, re-role, find and delete a concessionário', async () => {
    await logOut();
    await logIn(page, ADMIN);
    await page.goto('/meuusuario');
    await page.getByRole('heading', { name: 'Gerenciamento de Usuários' }).waitFor();
    await page.getByRole('link', { name: 'Novo Usuário' }).click();
    await page.waitForURL('**/usuarios/add');

    // The admin form's alerts come before the field rules (spec §5).
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await visible('Preencha a senha e a confirmação.');
    await page.getByLabel('Senha', { exact: true }).fill(CONCESSIONARIO.password);
    await page.getByLabel('Confirmar Senha').fill('Diferente@1');
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await visible('As senhas não conferem.');
    await page.getByLabel('Confirmar Senha').fill(CONCESSIONARIO.password);
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await visible('O nome é obrigatório');

    const photo = await sharp({
      create: { width: 320, height: 320, channels: 3, background: '#6b8f71' },
    })
      .jpeg()
      .toBuffer();
    await page.getByLabel('Foto (JPG/PNG)').setInputFiles({
      name: 'joaquim.jpg',
      mimeType: 'image/jpeg',
      buffer: photo,
    });
    await page.getByRole('img', { name: 'Pré-visualização da foto escolhida' }).waitFor();
    await page.getByLabel('Nome').fill(CONCESSIONARIO.name);
    await page.getByLabel('E-mail').fill(CONCESSIONARIO.email);
    await page.getByLabel('CPF').pressSequentially(CONCESSIONARIO.cpf);
    expect(await page.getByLabel('CPF').inputValue()).toBe('111.444.777-35');
    await page.getByLabel('Telefone').pressSequentially(CONCESSIONARIO.phone);
    expect(await page.getByLabel('Telefone').inputValue()).toBe('(31) 3333-4444');
    await page.getByLabel('Papel', { exact: true }).selectOption('concessionario');
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await visible('Usuário criado!');
    await page.waitForURL('**/meuusuario');

    // Found without accents or capitals; shown with photo and role.
    await page.getByLabel('Buscar por nome ou e-mail').fill('antonio conceicao');
    await page.getByRole('main').getByRole('button', { name: 'Pesquisar' }).click();
    const row = page.getByRole('listitem', { name: CONCESSIONARIO.name });
    await row.waitFor();
    // The unfiltered list already held the new account: wait for the search's answer to settle.
    const listed = page.getByRole('list', { name: 'Usuários' }).getByRole('listitem');
    await expect.poll(() => listed.count(), { timeout: 10_000 }).toBe(1);
    await row.getByText('Concessionário', { exact: true }).waitFor();
    const avatar = row.locator('img');
    expect(await avatar.getAttribute('src')).toMatch(/^\/api\/images\/users\//);
    await page.waitForFunction(
      () => (document.querySelector('.user-row img') as HTMLImageElement | null)?.naturalWidth ?? 0,
    );
    await screenshot(page, 'accounts-user-found');

    await row.getByRole('link', { name: /Editar/ }).click();
    await page.waitForURL('**/usuarios/edit/**');
    await page.getByRole('button', { name: 'Salvar' }).waitFor();
    expect(await page.getByLabel('Nome').inputValue()).toBe(CONCESSIONARIO.name);
    expect(await page.getByLabel('CPF').inputValue()).toBe('111.444.777-35');
    await page.getByRole('group', { name: 'Papel do Usuário' }).waitFor();
    await page.getByLabel('Nome').fill(CONCESSIONARIO.edited);
    await page.getByLabel('Telefone').fill('31999887766');
    await page.getByLabel('Papel', { exact: true }).selectOption('usuario');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await visible('Papel do usuário atualizado com sucesso!');
    await page.waitForURL('**/meuusuario');

    await page.getByLabel('Buscar por nome ou e-mail').fill('DA CONCEIÇÃO');
    await page.getByRole('main').getByRole('button', { name: 'Pesquisar' }).click();
    const edited = page.getByRole('listitem', { name: CONCESSIONARIO.edited });
    await edited.getByText('Usuário', { exact: true }).waitFor();

    // Cancelling the confirmation keeps the account; accepting deletes it.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await edited.getByRole('button', { name: /Excluir/ }).click();
    await page.waitForTimeout(300);
    expect(await edited.count()).toBe(1);
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await edited.getByRole('button', { name: /Excluir/ }).click();
    await visible('Excluído com sucesso!');
    expect(asked).toBe('Tem certeza que deseja excluir este usuário?');
    await edited.waitFor({ state: 'detached' });

    await page.getByRole('main').getByRole('button', { name: 'Pesquisar' }).click();
    await visible('Nenhum usuário encontrado.');
    await page.getByRole('button', { name: 'Limpar' }).click();
    // Limpar lists everybody again, the admin's own row (no "Excluir") among them.
    await page.getByText('(você)').waitFor();
    expect(await page.getByLabel('Buscar por nome ou e-mail').inputValue()).toBe('');
  });
});
