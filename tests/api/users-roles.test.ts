/**
 * Role changes and deletion by admins, with the server-side guards (no self-demotion, no
 * self-deletion, never without an admin) and sessions that follow a role change or a deletion
 * on the next request, not when the token expires.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { changeRole, deleteUser } from '../../server/modules/users/users-admin';
import { ACCOUNT_MSG } from '../../src/domain/account-messages';
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

describe.each(engines)('roles and deletion ($name)', (engine) => {
  let h: Harness;
  let admin: Person;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await createPerson(h, 'admin', { name: 'Administração Central' });
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(() => h.limiter.clear());

  const call = (method: Method, url: string, token?: string, payload?: object) =>
    send(h, method, url, token, payload);
  const avatarFile = (file: string) => path.join(h.dataDir, 'images', 'users', file);

  it('changes a role; the change takes effect on the next request', async () => {
    const person = await createPerson(h, 'concessionario');
    const res = await call('PATCH', `/api/users/${person.id}/role`, admin.token, {
      role: 'usuario',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: ACCOUNT_MSG.roleUpdated,
      user: { role: 'usuario' },
    });
    // The old session ends at once; a new login carries the new role.
    expect((await checkUser(h, person.token)).statusCode).toBe(401);
    const token = await loginToken(h, person.email);
    expect((await checkUser(h, token)).json().role).toBe('usuario');
    const denied = await call('GET', '/api/users/concessionarios', token);
    expect(denied.statusCode).toBe(403);

    const nonAdmin = await call('PATCH', `/api/users/${person.id}/role`, token, { role: 'admin' });
    expect(nonAdmin.statusCode).toBe(403);
  });

  it('never lets an admin demote or delete themselves, nor the last admin go', async () => {
    // Only one admin in this database at this point.
    const selfDemote = await call('PATCH', `/api/users/${admin.id}/role`, admin.token, {
      role: 'usuario',
    });
    expect(selfDemote.statusCode).toBe(409);
    expect(selfDemote.json()).toEqual({ message: ACCOUNT_MSG.cannotDemoteSelf, field: 'role' });
    const viaPatch = await call('PATCH', `/api/users/${admin.id}`, admin.token, {
      role: 'concessionario',
    });
    expect(viaPatch.statusCode).toBe(409);
    const selfDelete = await call('DELETE', `/api/users/${admin.id}`, admin.token);
    expect(selfDelete.statusCode).toBe(409);
    expect(selfDelete.json()).toEqual({ message: ACCOUNT_MSG.cannotDeleteSelf });
    expect((await checkUser(h, admin.token)).json().role).toBe('admin');

    // With a second admin, the first may be demoted; the second is then the last one.
    const second = await createPerson(h, 'admin');
    const [staleFirst] = await h.app.ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, admin.id));
    const demoteFirst = await call('PATCH', `/api/users/${admin.id}/role`, second.token, {
      role: 'usuario',
    });
    expect(demoteFirst.statusCode).toBe(200);
    expect(await adminCount()).toBe(1);
    admin.token = await loginToken(h, admin.email);
    expect((await call('DELETE', `/api/users/${second.id}`, admin.token)).statusCode).toBe(403);

    // The race the guard exists for: a request authenticated while its author was still an
    // admin reaches the service after the demotion. The last admin stays.
    if (!staleFirst) throw new Error('no row');
    await expect(changeRole(h.app.ctx, staleFirst, second.id, 'usuario')).rejects.toMatchObject({
      statusCode: 409,
      message: ACCOUNT_MSG.lastAdmin,
    });
    await expect(deleteUser(h.app.ctx, staleFirst, second.id)).rejects.toMatchObject({
      statusCode: 409,
      message: ACCOUNT_MSG.lastAdmin,
    });
    expect(await adminCount()).toBe(1);

    // Back to the starting point for the other tests.
    const restore = await call('PATCH', `/api/users/${admin.id}/role`, second.token, {
      role: 'admin',
    });
    expect(restore.statusCode).toBe(200);
    admin.token = await loginToken(h, admin.email);
  });

  async function adminCount() {
    const [row] = await h.app.ctx.database.sql.query<{ n: number }>(
      "select count(*)::int as n from users where role = 'admin'",
    );
    return row?.n ?? 0;
  }

  it('deletes a user: session dead, avatar file gone, tokens gone', async () => {
    const body = newUser({ role: 'usuario' });
    const form = await multipart(body, {
      field: 'image',
      name: 'a.png',
      type: 'image/png',
      data: await sharp({ create: { width: 40, height: 40, channels: 3, background: '#a55' } })
        .png()
        .toBuffer(),
    });
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/users/admin-create',
      headers: { ...bearer(admin.token), ...form.headers },
      payload: form.payload,
    });
    const { _id: id, image } = created.json().user as { _id: string; image: string };
    const token = await loginToken(h, body.email);
    expect(fs.existsSync(avatarFile(image))).toBe(true);

    const res = await call('DELETE', `/api/users/${id}`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MSG.userDeleted });
    expect((await checkUser(h, token)).statusCode).toBe(401);
    expect(fs.existsSync(avatarFile(image))).toBe(false);
    expect((await call('GET', `/api/users/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/users/${id}`, admin.token)).statusCode).toBe(404);
    const usuario = await createPerson(h, 'usuario');
    expect((await call('DELETE', `/api/users/${usuario.id}`, usuario.token)).statusCode).toBe(403);
  });
});
