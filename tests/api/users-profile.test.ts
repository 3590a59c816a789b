/**
 * The profile (PATCH /api/users/edit/:id, self or admin): name, phone, avatar through the image
 * pipeline, and a password change that really changes the password, ends the other sessions
 * and hands the person a fresh token so their own session continues.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '../../src/domain/account-messages';
import { MSG } from '../../src/domain/messages';
import { bearer, engines, type Harness, startApp } from './helpers';
import { checkUser, createPerson, loginToken, multipart } from './users-helpers';

const NEW_PASSWORD = 'Outra$Senha7';

describe.each(engines)('profile edit ($name)', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp(engine);
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(() => h.limiter.clear());

  const edit = (id: string, token: string | undefined, payload: object) =>
    h.app.inject({
      method: 'PATCH',
      url: `/api/users/edit/${id}`,
      headers: token ? bearer(token) : {},
      payload,
    });
  const avatarPath = (file: string) => path.join(h.dataDir, 'images', 'users', file);

  it('updates name and phone of the own account', async () => {
    const me = await createPerson(h, 'usuario');
    const res = await edit(me.id, me.token, { name: '  Ana Lúcia  ', phone: '(31) 99876-5432' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ACCOUNT_MSG.profileUpdated);
    expect(res.json().user).toMatchObject({ name: 'Ana Lúcia', phone: '31998765432' });
    expect(res.json().token).toBeUndefined();
    // No password change: the session goes on.
    expect((await checkUser(h, me.token)).statusCode).toBe(200);
  });

  it('changes the password for real; other sessions end, a fresh token continues', async () => {
    const me = await createPerson(h, 'concessionario');
    const otherSession = await loginToken(h, me.email);
    const weak = await edit(me.id, me.token, { password: 'fraca', confirmpassword: 'fraca' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json()).toEqual({ message: MSG.passwordWeak, field: 'password' });
    const mismatch = await edit(me.id, me.token, {
      password: NEW_PASSWORD,
      confirmpassword: 'Diferente#1',
    });
    expect(mismatch.json()).toEqual({ message: MSG.passwordMismatch, field: 'confirmpassword' });
    // An empty password means "keep the current one".
    const empty = await edit(me.id, me.token, { name: 'Sem Troca', password: '' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().token).toBeUndefined();

    const res = await edit(me.id, me.token, {
      password: NEW_PASSWORD,
      confirmpassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().token as string;
    expect(typeof fresh).toBe('string');
    expect((await checkUser(h, fresh)).statusCode).toBe(200);
    expect((await checkUser(h, me.token)).statusCode).toBe(401);
    expect((await checkUser(h, otherSession)).statusCode).toBe(401);
    await loginToken(h, me.email, NEW_PASSWORD);
    const old = await h.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: me.email, password: 'Senha@123' },
    });
    expect(old.statusCode).toBe(401);
  });

  it("refuses other people's profiles (403) but lets an admin edit them", async () => {
    const a = await createPerson(h, 'usuario');
    const b = await createPerson(h, 'concessionario');
    const admin = await createPerson(h, 'admin');
    expect((await edit(b.id, a.token, { name: 'Invasor' })).statusCode).toBe(403);
    expect((await edit(a.id, b.token, { name: 'Invasor' })).statusCode).toBe(403);
    expect((await edit(a.id, undefined, { name: 'Invasor' })).statusCode).toBe(401);

    const byAdmin = await edit(a.id, admin.token, { name: 'Corrigido', password: NEW_PASSWORD });
    expect(byAdmin.statusCode).toBe(200);
    // The admin's own session is untouched and gets no token for someone else.
    expect(byAdmin.json().token).toBeUndefined();
    expect((await checkUser(h, admin.token)).statusCode).toBe(200);
    expect((await checkUser(h, a.token)).statusCode).toBe(401);
    await loginToken(h, a.email, NEW_PASSWORD);
  });

  it('refuses fields the profile does not own, and duplicates', async () => {
    const me = await createPerson(h, 'usuario');
    const other = await createPerson(h, 'usuario');
    const cpf = await edit(me.id, me.token, { cpf: '52998224725' });
    expect(cpf.statusCode).toBe(400);
    expect(cpf.json()).toMatchObject({ field: 'cpf' });
    // A role change is a right the person lacks (issue [C]: the echoed, unchanged role passes).
    const role = await edit(me.id, me.token, { role: 'admin' });
    expect(role.statusCode).toBe(403);
    const dup = await edit(me.id, me.token, { email: other.email });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: MSG.duplicateUser, field: 'email' });
    const badEmail = await edit(me.id, me.token, { email: 'sem-arroba' });
    expect(badEmail.json()).toEqual({ message: MSG.emailInvalid, field: 'email' });
    // A malformed id names no one: the same 404 as an unknown id (docs/decisions.md "Input").
    const badId = await edit('nao-e-id', me.token, { name: 'X' });
    expect(badId.statusCode).toBe(404);
    expect(badId.json()).toEqual({ message: ACCOUNT_MSG.userNotFound });
  });

  it('replaces the avatar through the image pipeline and removes the old file', async () => {
    const me = await createPerson(h, 'usuario');
    const jpeg = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#345' } })
      .jpeg()
      .toBuffer();
    const send = async (data: Buffer, type: string, fields: Record<string, string> = {}) => {
      const form = await multipart(fields, { field: 'image', name: 'eu.jpg', type, data });
      return h.app.inject({
        method: 'PATCH',
        url: `/api/users/edit/${me.id}`,
        headers: { ...bearer(me.token), ...form.headers },
        payload: form.payload,
      });
    };
    const first = await send(jpeg, 'image/jpeg', { name: 'Com Foto', phone: '' });
    expect(first.statusCode).toBe(200);
    const firstFile = first.json().user.image as string;
    expect(first.json().user.name).toBe('Com Foto');
    expect(fs.existsSync(avatarPath(firstFile))).toBe(true);

    const second = await send(await sharp(jpeg).png().toBuffer(), 'image/png');
    const secondFile = second.json().user.image as string;
    expect(secondFile).not.toBe(firstFile);
    expect(fs.existsSync(avatarPath(secondFile))).toBe(true);
    expect(fs.existsSync(avatarPath(firstFile))).toBe(false);

    const notImage = await send(Buffer.from('<script>alert(1)</script>'), 'image/jpeg');
    expect(notImage.statusCode).toBe(415);
    expect((await checkUser(h, me.token)).json().image).toBe(secondFile);
    const wrongField = await multipart(
      {},
      {
        field: 'foto',
        name: 'x.jpg',
        type: 'image/jpeg',
        data: jpeg,
      },
    );
    const res = await h.app.inject({
      method: 'PATCH',
      url: `/api/users/edit/${me.id}`,
      headers: { ...bearer(me.token), ...wrongField.headers },
      payload: wrongField.payload,
    });
    expect(res.statusCode).toBe(400);
  });
});
