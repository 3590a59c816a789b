/**
 * User management by admins: creation (JSON and multipart with a photo), search, edit. Role
 * changes, the admin guards and deletion are in users-roles.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '../../src/domain/account-messages';
import { MSG } from '../../src/domain/messages';
import { bearer, engines, type Harness, startApp } from './helpers';
import {
  checkUser,
  createPerson,
  loginToken,
  type Method,
  multipart,
  newUser,
  type Person,
  send,
} from './users-helpers';

describe.each(engines)('user management ($name)', (engine) => {
  let h: Harness;
  let admin: Person;
  let photo: Buffer;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await createPerson(h, 'admin', { name: 'Administração Central' });
    photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#7a6' },
    })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(() => h.limiter.clear());

  const call = (method: Method, url: string, token?: string, payload?: object) =>
    send(h, method, url, token, payload);
  const avatarFile = (file: string) => path.join(h.dataDir, 'images', 'users', file);

  it('creates a verified account with a role (JSON), then it can log in', async () => {
    const body = newUser();
    const res = await call('POST', '/api/users/admin-create', admin.token, body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json.message).toBe(ACCOUNT_MSG.userCreated);
    expect(json.user).toMatchObject({
      name: body.name,
      email: body.email,
      cpf: body.cpf,
      phone: '2134567890',
      role: 'concessionario',
      emailVerified: true,
      image: null,
    });
    const token = await loginToken(h, body.email);
    expect((await checkUser(h, token)).json().role).toBe('concessionario');
  });

  it('creates with a photo (multipart), re-encoded into the image store', async () => {
    const body = newUser({ role: 'usuario' });
    const form = await multipart(body, {
      field: 'image',
      name: 'foto.jpg',
      type: 'image/jpeg',
      data: photo,
    });
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/users/admin-create',
      headers: { ...bearer(admin.token), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    const image = res.json().user.image as string;
    expect(image).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(fs.existsSync(avatarFile(image))).toBe(true);
    const served = await call('GET', `/api/images/users/${image}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('applies the registration rules (no terms), uniqueness, and admin-only access', async () => {
    const weak = await call(
      'POST',
      '/api/users/admin-create',
      admin.token,
      newUser({ password: 'abc', confirmpassword: 'abc' }),
    );
    expect(weak.statusCode).toBe(422);
    expect(weak.json()).toEqual({ message: MSG.passwordWeak, field: 'password' });
    const badCpf = await call(
      'POST',
      '/api/users/admin-create',
      admin.token,
      newUser({ cpf: '123' }),
    );
    expect(badCpf.json()).toEqual({ message: MSG.cpfInvalid, field: 'cpf' });
    const dup = await call(
      'POST',
      '/api/users/admin-create',
      admin.token,
      newUser({ email: admin.email }),
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: MSG.duplicateUser, field: 'email' });
    const badRole = await call(
      'POST',
      '/api/users/admin-create',
      admin.token,
      newUser({ role: 'root' }),
    );
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json()).toMatchObject({ field: 'role' });

    const usuario = await createPerson(h, 'usuario');
    const concessionario = await createPerson(h, 'concessionario');
    expect(
      (await call('POST', '/api/users/admin-create', usuario.token, newUser())).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/users/admin-create', concessionario.token, newUser())).statusCode,
    ).toBe(403);
    expect((await call('POST', '/api/users/admin-create', undefined, newUser())).statusCode).toBe(
      401,
    );
  });

  it('searches by name or e-mail, ignoring case and accents; others see only themselves', async () => {
    const joao = await call(
      'POST',
      '/api/users/admin-create',
      admin.token,
      newUser({ name: 'João Estêvão Gonçalves', role: 'usuario' }),
    );
    const id = joao.json().user._id as string;
    for (const q of ['joao', 'JOÃO', 'estevao', 'GONÇALVES', 'gonc']) {
      const res = await call('GET', `/api/users?q=${encodeURIComponent(q)}&limit=20`, admin.token);
      expect(res.statusCode, q).toBe(200);
      expect(
        res.json().users.map((u: { _id: string }) => u._id),
        q,
      ).toContain(id);
    }
    const byEmail = await call(
      'GET',
      `/api/users?q=${encodeURIComponent(joao.json().user.email.slice(0, 14).toUpperCase())}`,
      admin.token,
    );
    expect(byEmail.json().users.map((u: { _id: string }) => u._id)).toContain(id);
    const none = await call('GET', '/api/users?q=%25_%5C', admin.token);
    expect(none.json()).toEqual({ users: [], page: 1, limit: 20, total: 0, pages: 0 });
    const limited = await call('GET', '/api/users?limit=1', admin.token);
    expect(limited.json().users).toHaveLength(1);
    // Pages of the original app's shape: every user once across the pages, in order.
    const all = (await call('GET', '/api/users?limit=100', admin.token)).json();
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 2); page++) {
      const res = (await call('GET', `/api/users?limit=2&page=${page}`, admin.token)).json();
      expect(res).toMatchObject({
        page,
        limit: 2,
        total: all.total,
        pages: Math.ceil(all.total / 2),
      });
      paged.push(...res.users.map((u: { _id: string }) => u._id));
    }
    expect(paged).toEqual(all.users.map((u: { _id: string }) => u._id));

    const usuario = await createPerson(h, 'usuario');
    const own = await call('GET', '/api/users?q=joao', usuario.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().users.map((u: { _id: string }) => u._id)).toEqual([usuario.id]);
    expect((await call('GET', '/api/users')).statusCode).toBe(401);
    expect((await call('GET', '/api/users?limit=0', admin.token)).statusCode).toBe(400);
  });

  it('edits a user (admin), e-mail set directly and verified; others get 403', async () => {
    const target = await createPerson(h, 'usuario', { emailVerified: false });
    const email = `trocado.${Date.now()}@exemplo.com`;
    const res = await call('PATCH', `/api/users/${target.id}`, admin.token, {
      name: 'Nome Corrigido',
      email,
      phone: '11912345678',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ACCOUNT_MSG.userUpdated);
    expect(res.json().user).toMatchObject({
      name: 'Nome Corrigido',
      email,
      emailVerified: true,
      pendingEmail: null,
    });
    await loginToken(h, email);

    const other = await createPerson(h, 'concessionario');
    expect(
      (await call('PATCH', `/api/users/${target.id}`, other.token, { name: 'X' })).statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', `/api/users/${'f'.repeat(24)}`, admin.token, { name: 'X' })).statusCode,
    ).toBe(404);
    const dupCpf = await call('PATCH', `/api/users/${target.id}`, admin.token, {
      cpf: await cpfOf(other.id),
    });
    expect(dupCpf.statusCode).toBe(409);
    expect(dupCpf.json()).toEqual({ message: MSG.duplicateUser, field: 'cpf' });
    const badPhone = await call('PATCH', `/api/users/${target.id}`, admin.token, { phone: '123' });
    expect(badPhone.json()).toEqual({ message: MSG.phoneInvalid, field: 'phone' });
  });

  async function cpfOf(id: string) {
    const [row] = await h.app.ctx.database.sql.query<{ cpf: string }>(
      'select cpf from users where id = $1',
      [id],
    );
    return row?.cpf ?? '';
  }
});
