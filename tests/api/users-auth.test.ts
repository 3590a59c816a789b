import { eq, or } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { MSG } from '../../src/domain/messages';
import {
  bearer,
  engines,
  type Harness,
  registration,
  STRONG_PASSWORD,
  signUp,
  startApp,
} from './helpers';

describe.each(engines)('accounts, first slice ($name)', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp(engine);
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(() => h.limiter.clear());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const countUsers = async () =>
    Number(
      (
        await h.app.ctx.database.sql.query<{ n: string }>('select count(*)::text as n from users')
      )[0]?.n,
    );

  it('answers health with the engine name', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: engine.name });
  });

  it('registers, stores the CPF and phone as digits, hashes with Argon2id', async () => {
    const body = registration({ cpf: '529.982.247-25', phone: '(11) 98765-4321' });
    const res = await post('/api/users/register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: MSG.registered });
    const [row] = await h.app.ctx.database.sql.query<{
      cpf: string;
      phone: string;
      password_hash: string;
      role: string;
      email: string;
    }>('select cpf, phone, password_hash, role, email from users where email = $1', [body.email]);
    expect(row?.cpf).toBe('52998224725');
    expect(row?.phone).toBe('11987654321');
    expect(row?.password_hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(row?.role).toBe('usuario');
  });

  it('answers a taken e-mail (any case) or CPF like a new registration, and creates nothing', async () => {
    // docs/decisions.md "Registration": the public answer never tells who has an account (the owner is
    // e-mailed instead, see registration-privacy.test.ts); the admin's create keeps its 409.
    const first = registration();
    const fresh = await post('/api/users/register', first);
    expect(fresh.statusCode).toBe(201);
    const sameEmail = await post(
      '/api/users/register',
      registration({
        email: first.email.toUpperCase(),
        password: 'Outra@123',
        confirmpassword: 'Outra@123',
      }),
    );
    const sameCpf = await post('/api/users/register', registration({ cpf: first.cpf }));
    for (const res of [sameEmail, sameCpf]) {
      expect(res.statusCode).toBe(201);
      expect(res.body).toBe(fresh.body);
    }
    const rows = await h.app.ctx.database.db
      .select()
      .from(users)
      .where(or(eq(users.email, first.email.toLowerCase()), eq(users.cpf, first.cpf)));
    expect(rows).toHaveLength(1);
    const old = await post('/api/users/login', { email: first.email, password: first.password });
    expect(old.statusCode).toBe(200);
  });

  it.each([
    ['name', { name: '   ' }, MSG.nameRequired],
    ['cpf', { cpf: '52998224724' }, MSG.cpfInvalid],
    ['cpf', { cpf: '11111111111' }, MSG.cpfInvalid],
    ['phone', { phone: '119876543' }, MSG.phoneInvalid],
    ['phone', { phone: '119876543210' }, MSG.phoneInvalid],
    ['email', { email: 'maria@exemplo.c' }, MSG.emailInvalid],
    ['password', { password: 'senha123', confirmpassword: 'senha123' }, MSG.passwordWeak],
    ['confirmpassword', { confirmpassword: 'Outra@123' }, MSG.passwordMismatch],
    ['agreeTerms', { agreeTerms: false }, MSG.termsRequired],
  ])('rejects a bad %s with the spec text and writes nothing', async (field, change, message) => {
    const before = await countUsers();
    const res = await post('/api/users/register', registration(change));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, field });
    expect(await countUsers()).toBe(before);
  });

  it('logs in with the right password and checks the user without leaking secrets', async () => {
    const body = registration();
    await post('/api/users/register', body);
    const res = await post('/api/users/login', {
      email: body.email.toUpperCase(),
      password: body.password,
    });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.message).toBe(MSG.loginOk);
    expect(typeof json.token).toBe('string');
    const check = await h.app.inject({
      method: 'GET',
      url: '/api/users/checkuser',
      headers: bearer(json.token),
    });
    expect(check.statusCode).toBe(200);
    // The user object itself, role at the top (both the original client and ours read it).
    const user = check.json();
    expect(user).toMatchObject({ name: body.name, email: body.email, role: 'usuario' });
    expect(user._id).toMatch(/^[0-9a-f]{24}$/);
    expect(user.id).toBe(user._id);
    expect(user).not.toHaveProperty('user');
    expect(user).not.toHaveProperty('passwordHash');
    expect(check.body).not.toMatch(/argon2|password|hash|token/i);
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const body = registration();
    await post('/api/users/register', body);
    const wrong = await post('/api/users/login', { email: body.email, password: 'Errada@123' });
    const unknown = await post('/api/users/login', {
      email: `ninguem.${Date.now()}@exemplo.com`,
      password: STRONG_PASSWORD,
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({ message: MSG.loginFailed });
  });

  it('rate-limits login per e-mail with 429 and a pt-BR message', async () => {
    const body = registration();
    await post('/api/users/register', body);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await post('/api/users/login', { email: body.email, password: 'Errada@123' });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toEqual({ message: MSG.tooManyAttempts });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Even the right password waits out the window.
    const right = await post('/api/users/login', { email: body.email, password: body.password });
    expect(right.statusCode).toBe(429);
  });

  it('rate-limits login per IP across e-mails', async () => {
    const headers = {};
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: `x${i}@exemplo.com`, password: 'Errada@123' },
        remoteAddress: '203.0.113.9',
        headers,
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
    // Another address is not affected.
    const other = await h.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'y@exemplo.com', password: 'Errada@123' },
      remoteAddress: '203.0.113.10',
    });
    expect(other.statusCode).toBe(401);
  });

  describe('bad tokens', () => {
    let token = '';
    beforeAll(async () => {
      token = (await signUp(h.app)).token;
    });
    const check = (authorization?: string) =>
      h.app.inject({
        method: 'GET',
        url: '/api/users/checkuser',
        headers: authorization === undefined ? {} : { authorization },
      });

    it('accepts the good one', async () => {
      expect((await check(`Bearer ${token}`)).statusCode).toBe(200);
    });
    it('refuses no token, a tampered one, a foreign-signed one, an expired one, no Bearer', async () => {
      const [head, payload, sig] = token.split('.');
      const tamperedPayload = Buffer.from(
        JSON.stringify({
          ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()),
          tv: 9,
        }),
      ).toString('base64url');
      const foreign = createSigner({ key: 'x'.repeat(40), iss: 'memorial' })({
        sub: 'a'.repeat(24),
        tv: 0,
      });
      const expired = createSigner({
        key: h.config.jwtSecret ?? '',
        iss: 'memorial',
        expiresIn: 1,
        clockTimestamp: Date.now() - 60_000,
      })({ sub: 'a'.repeat(24), tv: 0 });
      const cases = [
        undefined,
        `Bearer ${head}.${tamperedPayload}.${sig}`,
        `Bearer ${foreign}`,
        `Bearer ${expired}`,
        token,
        `Basic ${token}`,
        'Bearer',
      ];
      for (const authorization of cases) {
        const res = await check(authorization);
        expect(res.statusCode, String(authorization)).toBe(401);
        expect(typeof res.json().message).toBe('string');
      }
    });
  });

  describe('bad input never writes and never answers 5xx', () => {
    const cases: [string, () => Promise<import('light-my-request').Response>, number][] = [
      [
        'malformed JSON',
        () =>
          h.app.inject({
            method: 'POST',
            url: '/api/users/register',
            headers: { 'content-type': 'application/json' },
            payload: '{"name": "x",',
          }),
        400,
      ],
      ['wrong types', () => post('/api/users/register', registration({ agreeTerms: 'sim' })), 400],
      [
        'missing field',
        () => {
          const { email: _e, ...rest } = registration();
          return post('/api/users/register', rest);
        },
        400,
      ],
      ['unknown field', () => post('/api/users/register', registration({ role: 'admin' })), 400],
      [
        'a 5 MB body',
        () => post('/api/users/register', registration({ name: 'x'.repeat(5 * 1024 * 1024) })),
        413,
      ],
      [
        'an XML body',
        () =>
          h.app.inject({
            method: 'POST',
            url: '/api/users/login',
            headers: { 'content-type': 'application/xml' },
            payload: '<email>a</email>',
          }),
        415,
      ],
    ];
    it.each(cases)('%s', async (_name, send, status) => {
      const before = await countUsers();
      const res = await send();
      expect(res.statusCode).toBe(status);
      const json = res.json();
      expect(typeof json.message).toBe('string');
      expect(json.message.length).toBeGreaterThan(3);
      expect(await countUsers()).toBe(before);
    });

    it('names the field at fault', async () => {
      const res = await post('/api/users/register', registration({ role: 'admin' }));
      expect(res.json()).toMatchObject({ field: 'role' });
      const { email: _e, ...rest } = registration();
      expect((await post('/api/users/register', rest)).json()).toMatchObject({ field: 'email' });
    });
  });

  it('answers unknown API paths with 404 JSON, not the app shell', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/nada/aqui' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: MSG.apiNotFound });
  });

  it('sends a Content-Security-Policy and no CORS header by default', async () => {
    // The app's pages get the page's policy (whether or not the client is built here).
    const page = await h.app.inject({ method: 'GET', url: '/sepultados/busca' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['permissions-policy']).toBeDefined();
    // API answers are never documents: opened as a page they load nothing and cannot be framed.
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://malicioso.example' },
    });
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
