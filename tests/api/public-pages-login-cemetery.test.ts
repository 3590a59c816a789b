import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CEM_MSG, recordCountText } from '../../src/domain/cemetery-messages';
import type { Cemetery } from '../../src/domain/cemetery-types';
import { LOGIN_FORM_MSG, MSG } from '../../src/domain/messages';
import { type Actor, actor, auth, createRecord } from './burials-helpers';
import { engines, type Harness } from './helpers';
import { publicData, SHELL, startRenderingApp } from './rendering-app';

const NOME = 'Cemitério da Boa Esperança';
const PASSWORD = 'Segredo#Nunca1Ecoado';

/** Nothing of an account: e-mails (all at exemplo.com.br here), CPF or phone, staff names. */
function expectNothingPrivate(html: string, staff: Actor[]) {
  expect(html).not.toMatch(/@exemplo\.com\.br/);
  expect(html).not.toMatch(/\b\d{11}\b/);
  for (const who of staff) {
    expect(html).not.toContain(who.name);
    expect(html).not.toContain(who.id);
    expect(html).not.toContain(who.token);
  }
}

describe.each(engines)('a cemetery’s page and /login rendered by the server ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let conc: Actor;
  let cemetery: Cemetery;
  let several = false;

  beforeAll(async () => {
    h = await startRenderingApp(engine);
    admin = await actor(h, 'admin', 'Administradora Reservada Silva');
    conc = await actor(h, 'concessionario', 'Clarice Concessionária Reservada');
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/cemiterios',
      headers: auth(admin),
      payload: {
        nome: NOME,
        endereco: 'Rua Direita, 100',
        horario: 'Todos os dias, das 7h às 18h',
        latitude: -20.39,
        longitude: -43.5,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    cemetery = created.json() as Cemetery;
    await createRecord(h, admin, { nome: 'Benedita Aparecida Rocha', cemiterio: NOME });
    await createRecord(h, admin, { nome: 'Olavo Bilac Neto', cemiterio: NOME });
    several = ((await page('/api/cemiterios')).json() as Cemetery[]).length > 1;
  });
  afterAll(async () => {
    await h?.close();
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url, headers });

  const postLogin = (
    url: string,
    remoteAddress: string,
    body: string,
    headers: Record<string, string> = {},
  ) =>
    h.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: body,
    });
  /** The API's own login from that address, with a wrong password. */
  const apiLogin = (remoteAddress: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/users/login',
      remoteAddress,
      payload: { email: 'pessoa@exemplo.com.br', password: PASSWORD },
    });

  const loginBody = `email=${encodeURIComponent('pessoa@exemplo.com.br')}&password=${encodeURIComponent(PASSWORD)}`;

  describe('/cemiterios/:id', () => {
    it('renders the cemetery: name, count, address, hours, the map link, a search that works without the app', async () => {
      const res = await page(`/cemiterios/${cemetery.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      const html = res.body;
      expect(html).toContain(`<title>${NOME} — Memorial</title>`);
      expect(html).toContain(`<h1 id="cemiterio-nome">${NOME}</h1>`);
      expect(html).toContain(recordCountText(2));
      expect(html).toContain('Rua Direita, 100');
      expect(html).toContain('Todos os dias, das 7h às 18h');
      expect(html).toContain('Ver a entrada no mapa');
      expect(html).not.toContain('Ative o JavaScript');
      // A GET form to the results page, narrowed to this cemetery, its button usable.
      const form = /<form [^>]*>[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
      expect(form).toContain('action="/sepultados/pesquisa"');
      expect(form).not.toContain('method="post"');
      expect(form).toContain(`<input type="hidden" name="cemiterio" value="${cemetery.id}"/>`);
      expect(form).toMatch(/<input [^>]*name="q"/);
      expect(form).not.toMatch(/<button [^>]*disabled/);
      const data = publicData(html);
      expect(data.kind).toBe('cemetery');
      expect(data.kind === 'cemetery' && data.cemetery).toEqual({ ...cemetery, total: 2 });
    });

    it('is the visitor’s page whoever asks: nothing private, not even for the admin', async () => {
      for (const who of [null, admin, conc]) {
        const res = await page(`/cemiterios/${cemetery.id}`, {
          ...auth(who),
          cookie: `token=${who?.token ?? 'x'}`,
        });
        expect(res.statusCode).toBe(200);
        expectNothingPrivate(res.body, [admin, conc]);
        // The visitor's navbar, not the admin's.
        expect(res.body).toContain('>Entrar</a>');
        expect(res.body).not.toContain('Sair');
      }
    });

    it('an unknown or malformed id answers 404 with the server’s words', async () => {
      for (const id of ['f'.repeat(24), 'nao-existe']) {
        const res = await page(`/cemiterios/${id}`);
        expect(res.statusCode, id).toBe(404);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toContain(`<h1>${CEM_MSG.notFound}</h1>`);
        expect(res.body).toContain(`<title>${CEM_MSG.notFound} — Memorial</title>`);
        expect(publicData(res.body)).toEqual({
          kind: 'cemeteryNotFound',
          id,
          message: CEM_MSG.notFound,
        });
      }
    });

    it('a page read again after an edit shows the edit', async () => {
      const before = await page(`/cemiterios/${cemetery.id}`);
      expect(before.body).toContain('Rua Direita, 100');
      const edited = await h.app.inject({
        method: 'PATCH',
        url: `/api/cemiterios/${cemetery.id}`,
        headers: auth(admin),
        payload: { endereco: 'Avenida Nova, 5' },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const after = await page(`/cemiterios/${cemetery.id}`);
      expect(after.body).toContain('Avenida Nova, 5');
      expect(after.body).not.toContain('Rua Direita, 100');
    });
  });

  describe('/login', () => {
    it('renders the form: posting to /login, its fields, "Entrar", the links, the visitor’s search', async () => {
      const res = await page('/login');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      const html = res.body;
      expect(html).toContain('<title>Entrar — Memorial</title>');
      expect(html).toContain('<h1 id="auth-title">Entrar</h1>');
      const forms = html.match(/<form [^>]*>/g) ?? [];
      expect(forms[0]).toContain('method="post"');
      expect(forms[0]).toContain('action="/login"');
      expect(html).toMatch(/<input id="email" type="email"[^>]* name="email"/);
      expect(html).toMatch(/<input id="password" type="password"[^>]* name="password"/);
      expect(html).toContain('href="/auth/forgot-password"');
      expect(html).toContain('href="/register"');
      // The visitor's search below: a GET to the results page, its button usable without the app.
      expect(forms[1]).toContain('action="/sepultados/pesquisa"');
      expect(forms[1]).not.toContain('method="post"');
      const search = /<search[\s\S]*?<\/search>/.exec(html)?.[0] ?? '';
      expect(search).toMatch(/<button [^>]*type="submit"/);
      expect(search).not.toMatch(/<button [^>]*disabled/);
      expect(html).not.toContain('Ative o JavaScript');
      expect(publicData(html)).toEqual({ kind: 'login', several, notice: null });
    });

    it('keeps where to go after the login in the form’s action', async () => {
      const html = (await page('/login?next=%2Fuser%2Fprofile')).body;
      expect(html).toContain('action="/login?next=%2Fuser%2Fprofile"');
    });

    it('is the same page whoever asks: nothing of a session', async () => {
      const plain = (await page('/login')).body;
      for (const who of [admin, conc]) {
        const res = await page('/login', { ...auth(who), cookie: `token=${who.token}` });
        expect(res.statusCode).toBe(200);
        expectNothingPrivate(res.body, [admin, conc]);
        expect(res.body).toBe(plain);
      }
    });

    it('a form sent without the app gets /login again saying so; the password is never echoed', async () => {
      const res = await postLogin('/login', '198.51.100.10', loginBody);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const html = res.body;
      expect(html).toContain(LOGIN_FORM_MSG.needsScript);
      expect(html).toContain('<h1 id="auth-title">Entrar</h1>');
      expect(html).not.toContain(PASSWORD);
      expect(html).not.toContain(encodeURIComponent(PASSWORD));
      expect(html).not.toContain('pessoa@exemplo.com.br');
      expect(res.headers.location).toBeUndefined();
      expect(publicData(html)).toEqual({
        kind: 'login',
        several,
        notice: LOGIN_FORM_MSG.needsScript,
      });
      // Nobody is logged in by it.
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('a form body larger than a login form is refused', async () => {
      const res = await postLogin(
        '/login',
        '198.51.100.11',
        `email=a&password=${'x'.repeat(5000)}`,
      );
      expect(res.statusCode).toBe(413);
      expect(res.body).not.toContain('xxxxxxxx');
    });

    it('each post counts against the address’s login attempts, with the API’s login', async () => {
      const ip = '198.51.100.12';
      let refused = null as Awaited<ReturnType<typeof postLogin>> | null;
      let sent = 0;
      while (!refused && sent < 40) {
        const res = await postLogin('/login', ip, loginBody);
        sent += 1;
        if (res.statusCode === 429) refused = res;
        else expect(res.statusCode).toBe(200);
      }
      expect(sent).toBe(31);
      expect(refused?.body).toContain(MSG.tooManyAttempts);
      expect(refused?.body).not.toContain(PASSWORD);
      expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
      // The same bound as the API's login from that address.
      const api = await apiLogin(ip);
      expect(api.statusCode).toBe(429);
    });

    it('a post another site made the browser send uses up no login attempt', async () => {
      const ip = '198.51.100.14';
      for (let i = 0; i < 35; i += 1) {
        const res = await postLogin('/login', ip, loginBody, { 'sec-fetch-site': 'cross-site' });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(LOGIN_FORM_MSG.needsScript);
      }
      const api = await apiLogin(ip);
      expect(api.statusCode).toBe(401);
    });
  });

  it('?ssr=0 answers the shell', async () => {
    for (const url of [`/cemiterios/${cemetery.id}?ssr=0`, '/login?ssr=0']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SHELL);
    }
  });

  it('a busy server answers the shell, not a render: the pages take a slot of the API’s lane', async () => {
    const { admission, config } = h.app.ctx;
    admission.setLimit('public', -1);
    try {
      for (const url of [`/cemiterios/${cemetery.id}`, '/login']) {
        const res = await page(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(SHELL);
      }
      const posted = await postLogin('/login', '198.51.100.13', loginBody);
      expect(posted.body).toBe(SHELL);
    } finally {
      admission.setLimit('public', config.maxConcurrent);
    }
    expect((await page(`/cemiterios/${cemetery.id}`)).body).toContain(`<h1 id="cemiterio-nome">`);
    expect(admission.current('public')).toBe(0);
  });
});
