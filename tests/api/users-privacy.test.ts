/**
 * Privacy of every route that returns users, for every role: strangers see a name and an
 * avatar; CPF, e-mail and phone go only to the person and to admins; lists mask the CPF; and no
 * answer anywhere carries a password hash, a token hash or the token version.
 */
import type { Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, engines, type Harness, STRONG_PASSWORD, startApp } from './helpers';
import { createPerson, type Person } from './users-helpers';

type Role = 'usuario' | 'concessionario' | 'admin';
const ROLES: Role[] = ['usuario', 'concessionario', 'admin'];
const PUBLIC_KEYS = ['_id', 'id', 'image', 'name'];

describe.each(engines)('privacy of user answers ($name)', (engine) => {
  let h: Harness;
  const people = {} as Record<Role, Person>;
  let target: Person;
  /** Every 2xx answer that carries user data, scanned at the end. */
  const answers: Response[] = [];

  beforeAll(async () => {
    h = await startApp(engine);
    for (const role of ROLES) people[role] = await createPerson(h, role);
    target = await createPerson(h, 'concessionario', { name: 'Alvo da Silva' });
    // Outstanding links too, so their hashes exist to be looked for.
    await h.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: target.email },
    });
    await h.app.ctx.background.drain();
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = async (url: string, token?: string) => {
    const res = await h.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
    if (res.statusCode < 300) answers.push(res);
    return res;
  };

  it('GET /users/:id: public part for visitors and other users, full for self and admin', async () => {
    const visitor = await get(`/api/users/${target.id}`);
    expect(visitor.statusCode).toBe(200);
    expect(Object.keys(visitor.json()).sort()).toEqual(PUBLIC_KEYS);
    for (const role of ['usuario', 'concessionario'] as const) {
      const res = await get(`/api/users/${target.id}`, people[role].token);
      expect(Object.keys(res.json()).sort(), role).toEqual(PUBLIC_KEYS);
      const own = await get(`/api/users/${people[role].id}`, people[role].token);
      expect(own.json(), role).toMatchObject({ email: people[role].email });
      expect(own.json().cpf, role).toMatch(/^\d{11}$/);
    }
    const byAdmin = await get(`/api/users/${target.id}`, people.admin.token);
    expect(byAdmin.json()).toMatchObject({
      name: 'Alvo da Silva',
      email: target.email,
      phone: '11987654321',
      role: 'concessionario',
    });
    expect(byAdmin.json().cpf).toMatch(/^\d{11}$/);
  });

  it('GET /users: masked CPF, no phone; non-admins get only themselves; visitors 401', async () => {
    expect((await get('/api/users')).statusCode).toBe(401);
    for (const role of ROLES) {
      const res = await get('/api/users?limit=100', people[role].token);
      expect(res.statusCode).toBe(200);
      const list = res.json().users as Record<string, unknown>[];
      if (role === 'admin') expect(list.length).toBeGreaterThanOrEqual(4);
      else expect(list.map((u) => u._id)).toEqual([people[role].id]);
      for (const item of list) {
        expect(item.cpf).toMatch(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/);
        expect(item).not.toHaveProperty('phone');
      }
    }
  });

  it('checkuser, login and the write answers carry only the own or managed record', async () => {
    for (const role of ROLES) {
      answers.push(await get('/api/users/checkuser', people[role].token));
      const login = await h.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: people[role].email, password: STRONG_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      answers.push(login);
      people[role].token = login.json().token;
      const edit = await h.app.inject({
        method: 'PATCH',
        url: `/api/users/edit/${people[role].id}`,
        headers: bearer(people[role].token),
        payload: { name: `Editado ${role}` },
      });
      expect(edit.statusCode).toBe(200);
      answers.push(edit);
    }
    const admin = bearer(people.admin.token);
    for (const [method, url, payload] of [
      ['PATCH', `/api/users/${target.id}`, { phone: '11900001111' }],
      ['PATCH', `/api/users/${target.id}/role`, { role: 'usuario' }],
      [
        'POST',
        '/api/users/admin-create',
        {
          name: 'Criado Pelo Admin',
          cpf: '52998224725',
          email: `criado.${Date.now()}@exemplo.com`,
          phone: '1133334444',
          password: STRONG_PASSWORD,
          confirmpassword: STRONG_PASSWORD,
        },
      ],
    ] as const) {
      const res = await h.app.inject({ method, url, headers: admin, payload });
      expect(res.statusCode, url).toBeLessThan(300);
      answers.push(res);
    }
    const concessionarios = await get('/api/users/concessionarios', people.admin.token);
    expect(concessionarios.statusCode).toBe(200);
  });

  it('the audit trail: only admins read it; the public and other roles get 401/403', async () => {
    const urls = ['/api/auditoria', '/api/auditoria/csv', `/api/users/${target.id}/historico`];
    for (const url of urls) {
      expect((await get(url)).statusCode, url).toBe(401);
      for (const role of ['usuario', 'concessionario'] as const) {
        expect((await get(url, people[role].token)).statusCode, `${role} ${url}`).toBe(403);
      }
    }
    // The admin's answers join the scan below: no hash, no token, in any entry.
    expect((await get(`/api/users/${target.id}/historico`, people.admin.token)).statusCode).toBe(
      200,
    );
    expect((await get('/api/auditoria?recurso=usuario', people.admin.token)).statusCode).toBe(200);
    // A person's own data: theirs only, and no secret in it either.
    expect((await get(`/api/users/${target.id}/dados`)).statusCode).toBe(401);
    expect((await get(`/api/users/${target.id}/dados`, people.usuario.token)).statusCode).toBe(403);
    expect((await get(`/api/users/${target.id}/dados`, people.admin.token)).statusCode).toBe(200);
    const own = `/api/users/${people.usuario.id}/dados`;
    expect((await get(own, people.usuario.token)).statusCode).toBe(200);
  });

  it('no answer carries a password hash, a token hash or the token version', async () => {
    const secrets = await h.app.ctx.database.sql.query<{ s: string }>(
      `select password_hash as s from users union all select token_hash from account_tokens`,
    );
    expect(secrets.length).toBeGreaterThan(5);
    expect(answers.length).toBeGreaterThan(15);
    for (const res of answers) {
      expect(res.body).not.toMatch(/argon2|hash|tokenVersion|token_version|password|senha"/i);
      for (const { s } of secrets) expect(res.body).not.toContain(s);
      // modules/burials/assignees-routes.ts sits outside the accounts plugin and its hook.
      if (!res.raw.req.url?.includes('concessionarios')) {
        expect(res.headers['cache-control'], res.raw.req.url).toBe('no-store');
      }
    }
  });
});
