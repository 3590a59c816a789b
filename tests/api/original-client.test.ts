/**
 * The original app's own client driven against this API (the switch-over): the requests it
 * makes exactly as it makes them, and the answers read as it reads them. Each case here broke
 * that client once: a profile save echoing `image: "null"`, a user created from JSON with the
 * chosen photo as `{}`, a registration without `agreeTerms`, and a citizen's own tribute told by
 * `comment.user === userId`. (A migrated account posting a tribute: legacy-import.test.ts.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '../../src/domain/account-messages';
import { MSG } from '../../src/domain/messages';
import type { TributeItem } from '../../src/domain/tribute-types';
import { type Actor, actor, auth, createRecord } from './burials-helpers';
import { bearer, engines, type Harness, registration, startApp } from './helpers';
import { list, post } from './tributes-helpers';
import { checkUser, createPerson, multipart, newUser, send } from './users-helpers';

describe.each(engines)("the original app's client ($name)", (engine) => {
  let h: Harness;
  let admin: Actor;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin', 'Administração');
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(() => h.limiter.clear());

  it('saves the profile of a person without a photo, `image` echoed as "null" (JSON and form)', async () => {
    const me = await createPerson(h, 'usuario');
    const echoed = (await checkUser(h, me.token)).json();
    expect(echoed.image).toBeNull();
    const url = `/api/users/edit/${me.id}`;
    const json = await send(h, 'PATCH', url, me.token, {
      ...echoed,
      image: 'null',
      name: 'Nome pelo JSON',
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().message).toBe(ACCOUNT_MSG.profileUpdated);

    const form = await multipart({ name: 'Nome pelo formulário', image: 'null' });
    const multi = await h.app.inject({
      method: 'PATCH',
      url,
      headers: { ...bearer(me.token), ...form.headers },
      payload: form.payload,
    });
    expect(multi.statusCode, multi.body).toBe(200);
    const after = (await checkUser(h, me.token)).json();
    expect(after).toMatchObject({ name: 'Nome pelo formulário', image: null });
    // "null" is "no photo", never a photo named "null"; another name is still refused.
    const other = await send(h, 'PATCH', url, me.token, { ...echoed, image: 'foto-de-outro.webp' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ message: ACCOUNT_MSG.imageAsFile, field: 'image' });
  });

  it('an admin creates a user from JSON carrying the chosen photo as `{}`: the photo is ignored', async () => {
    const body = newUser({ role: 'usuario' });
    const res = await send(h, 'POST', '/api/users/admin-create', admin.token, {
      ...body,
      image: {},
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: ACCOUNT_MSG.userCreated,
      user: { email: body.email, image: null },
    });
    const nothing = await send(h, 'POST', '/api/users/admin-create', admin.token, {
      ...newUser(),
      image: null,
    });
    expect(nothing.statusCode, nothing.body).toBe(201);
    // A text naming a photo is not a way to give one.
    const named = await send(h, 'POST', '/api/users/admin-create', admin.token, {
      ...newUser(),
      image: 'foto.webp',
    });
    expect(named.statusCode).toBe(400);
    expect(named.json()).toMatchObject({ message: ACCOUNT_MSG.imageAsFile, field: 'image' });
    // Anything else in `image` is still refused by the schema.
    const junk = await send(h, 'POST', '/api/users/admin-create', admin.token, {
      ...newUser(),
      image: { path: '/etc/passwd' },
    });
    expect(junk.statusCode).toBe(400);
  });

  it("registration without `agreeTerms` answers the spec's words, under that field", async () => {
    const { agreeTerms: _omitted, ...body } = registration();
    const res = await h.app.inject({ method: 'POST', url: '/api/users/register', payload: body });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: MSG.termsRequired, field: 'agreeTerms' });
    expect(MSG.termsRequired).toBe('Você precisa aceitar os Termos de Uso para continuar');
    const refused = await h.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { ...body, agreeTerms: false },
    });
    expect(refused.json()).toEqual({ message: MSG.termsRequired, field: 'agreeTerms' });
  });

  it('a citizen finds their own tribute by `comment.user === userId` and deletes it', async () => {
    const record = await createRecord(h, admin);
    const citizen = await actor(h, 'usuario', 'Maria Cidadã');
    const other = await actor(h, 'usuario', 'Outra Pessoa');
    const posted = await post(h, citizen, record._id, { comentario: 'Saudades.' });
    expect(posted.statusCode).toBe(201);
    await post(h, other, record._id, { comentario: 'Descanse em paz.' });
    // The original keeps the id of the login answer (user._id) and compares it with `user`.
    const login = await h.app.inject({
      method: 'GET',
      url: '/api/users/checkuser',
      headers: auth(citizen),
    });
    const userId = (login.json() as { _id: string })._id;
    const { items } = await list(h, record._id);
    const mine = items.filter((c: TributeItem) => c.user === userId);
    expect(mine.map((c) => c.texto)).toEqual(['Saudades.']);
    expect((posted.json() as TributeItem).user).toBe(userId);
    // What it shows for the author: `autor` and `autorImage`.
    expect(mine[0]).toMatchObject({ autor: 'Maria Cidadã', autorImage: null });
    const del = await h.app.inject({
      method: 'DELETE',
      url: `/api/sepultados/${record._id}/comentarios/${mine[0]?._id}`,
      headers: auth(citizen),
    });
    expect(del.statusCode, del.body).toBe(200);
    const left = await list(h, record._id);
    expect(left.items.map((c) => c.texto)).toEqual(['Descanse em paz.']);
  });
});
