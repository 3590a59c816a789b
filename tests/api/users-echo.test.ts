/**
 * The original app's profile screen sends back every field it received from GET
 * /users/checkuser (issue [C]): the read-only ones (`_id`, `id`, `createdAt`, `updatedAt`,
 * `emailVerified`, `pendingEmail`, an unchanged `role`, `image` naming the current photo) are
 * accepted and ignored on the user PATCH routes; anything else unknown is still refused, a changed
 * role by a non-admin is still 403, and a different `image` text is not a way to set a photo.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '../../src/domain/account-messages';
import { MSG } from '../../src/domain/messages';
import { bearer, engines, type Harness, startApp } from './helpers';
import { checkUser, createPerson, multipart } from './users-helpers';

describe.each(engines)('user PATCH routes take echoed read-only fields ($name)', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp(engine);
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(() => h.limiter.clear());

  const patch = (url: string, token: string, payload: object) =>
    h.app.inject({ method: 'PATCH', url, headers: bearer(token), payload });

  it('profile edit: the checkuser body sent back with a new name saves the name only', async () => {
    const me = await createPerson(h, 'usuario');
    const echoed = (await checkUser(h, me.token)).json();
    const res = await patch(`/api/users/edit/${me.id}`, me.token, {
      ...echoed,
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-01-02T00:00:00.000Z',
      pendingEmail: null,
      name: 'Nome Novo',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ACCOUNT_MSG.profileUpdated);
    const after = (await checkUser(h, me.token)).json();
    expect(after).toEqual({ ...echoed, name: 'Nome Novo' });
  });

  it('the same as multipart text parts (strings for booleans and nulls left out)', async () => {
    const me = await createPerson(h, 'usuario');
    const echoed = (await checkUser(h, me.token)).json();
    const form = await multipart({
      _id: echoed._id,
      id: echoed.id,
      role: echoed.role,
      emailVerified: String(echoed.emailVerified),
      name: 'Nome Multipart',
    });
    const res = await h.app.inject({
      method: 'PATCH',
      url: `/api/users/edit/${me.id}`,
      headers: { ...bearer(me.token), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await checkUser(h, me.token)).json().name).toBe('Nome Multipart');
  });

  it('still refuses an unknown field, a changed role by a non-admin and a foreign image name', async () => {
    const me = await createPerson(h, 'usuario');
    const echoed = (await checkUser(h, me.token)).json();
    const url = `/api/users/edit/${me.id}`;
    const unknown = await patch(url, me.token, { ...echoed, apelido: 'x' });
    expect(unknown.statusCode).toBe(400);
    const promoted = await patch(url, me.token, { ...echoed, role: 'admin' });
    expect(promoted.statusCode).toBe(403);
    expect(promoted.json().message).toBe(MSG.forbidden);
    const image = await patch(url, me.token, { ...echoed, image: 'outra-pessoa.webp' });
    expect(image.statusCode).toBe(400);
    expect(image.json()).toMatchObject({ message: ACCOUNT_MSG.imageAsFile, field: 'image' });
    expect((await checkUser(h, me.token)).json()).toEqual(echoed);
  });

  it('admin edit (PATCH /users/:id): echoed fields ignored, a real role change still applies', async () => {
    const admin = await createPerson(h, 'admin');
    const target = await createPerson(h, 'usuario');
    const echoed = (
      await h.app.inject({
        method: 'GET',
        url: `/api/users/${target.id}`,
        headers: bearer(admin.token),
      })
    ).json();
    const same = await patch(`/api/users/${target.id}`, admin.token, {
      ...echoed,
      phone: '11988887777',
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().user).toMatchObject({ phone: '11988887777', role: 'usuario' });
    const promoted = await patch(`/api/users/${target.id}`, admin.token, {
      ...echoed,
      role: 'concessionario',
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().user.role).toBe('concessionario');
  });
});
