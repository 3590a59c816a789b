import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyToPost } from '../../src/domain/account-messages';
import { SEP_MSG } from '../../src/domain/burial-messages';
import { TRIBUTE_LIMITS, TRIBUTE_MSG } from '../../src/domain/tribute-rules';
import type { TributeItem } from '../../src/domain/tribute-types';
import { UPLOAD_MSG } from '../../src/domain/upload-rules';
import { type Actor, actor, auth, createRecord, photo, storedFiles } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { htmlPage, jpeg, png, svgWithScript } from './image-fixtures';
import { countRows, post, postForm } from './tributes-helpers';
import { createPerson } from './users-helpers';

describe.each(engines)('posting tributes ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let maria: Actor;
  let recordId: string;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin', 'Ana Administradora');
    maria = await actor(h, 'usuario', 'Maria das Dores');
    recordId = (await createRecord(h, admin)).id;
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(() => h.limiter.clear());

  it('publishes a text tribute with emojis and answers 201 with the list shape', async () => {
    const res = await post(h, maria, recordId, {
      comentario: '  Saudades eternas, vó.  ',
      emojis: ['🌹', '🙏🏽', '❤️'],
    });
    expect(res.statusCode).toBe(201);
    const item = res.json() as TributeItem;
    expect(item).toEqual({
      _id: item.id,
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      sepultadoId: recordId,
      user: maria.id,
      autor: 'Maria das Dores',
      autorImage: null,
      texto: 'Saudades eternas, vó.',
      imagem: null,
      imagemThumb: null,
      emojis: ['🌹', '🙏🏽', '❤️'],
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(Date.now() - Date.parse(item.createdAt)).toBeLessThan(60_000);
  });

  it('accepts a photo alone (multipart) and serves it re-encoded, with a thumbnail', async () => {
    const res = await postForm(h, maria, recordId, { comentario: '   ' }, [
      photo(await jpeg(2400, 1600), 'vovo.jpg'),
    ]);
    expect(res.statusCode).toBe(201);
    const item = res.json() as TributeItem;
    expect(item.texto).toBe('');
    expect(item.imagem).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(item.imagemThumb).toBe(item.imagem?.replace('.webp', '-t.webp'));
    expect(storedFiles(h, 'comentarios')).toEqual(
      expect.arrayContaining([item.imagem, item.imagemThumb]),
    );
    const image = await h.app.inject({
      method: 'GET',
      url: `/api/images/comentarios/${item.imagem}`,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('takes text, photo and emojis together, emojis as one JSON part or repeated parts', async () => {
    const asJson = await postForm(
      h,
      maria,
      recordId,
      { comentario: 'Com carinho', emojis: '["🌹","🕊️"]' },
      [photo(await png(), 'flor.png', 'image/png')],
    );
    expect(asJson.statusCode).toBe(201);
    expect(asJson.json()).toMatchObject({ texto: 'Com carinho', emojis: ['🌹', '🕊️'] });
    const repeated = await postForm(h, maria, recordId, {
      comentario: 'De novo',
      emojis: ['🌻', '🇧🇷'],
    });
    expect(repeated.statusCode).toBe(201);
    expect(repeated.json()).toMatchObject({ emojis: ['🌻', '🇧🇷'], imagem: null });
  });

  it.each([
    ['no text at all', {}],
    ['empty text', { comentario: '' }],
    ['whitespace only', { comentario: ' \n\t\r\n ' }],
    ['null text', { comentario: null }],
    ['emojis without text or photo', { comentario: ' ', emojis: ['🌹'] }],
  ])('refuses %s with 422 and publishes nothing', async (_label, body) => {
    const before = await countRows(h, recordId);
    const res = await post(h, maria, recordId, body);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: TRIBUTE_MSG.empty, field: 'comentario' });
    expect(await countRows(h, recordId)).toBe(before);
  });

  it('refuses an empty multipart form the same way', async () => {
    const res = await postForm(h, maria, recordId, { comentario: '  ' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: TRIBUTE_MSG.empty, field: 'comentario' });
  });

  it('takes exactly the limit and refuses one character more', async () => {
    const max = 'é'.repeat(TRIBUTE_LIMITS.textMax);
    expect((await post(h, maria, recordId, { comentario: max })).statusCode).toBe(201);
    const res = await post(h, maria, recordId, { comentario: `${max}🌹` });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: TRIBUTE_MSG.textTooLong, field: 'comentario' });
  });

  it.each([
    ['a word', ['flor']],
    ['two emojis in one entry', ['🌹🌹']],
    ['markup', ['<img src=x onerror=alert(1)>']],
    ['a digit', ['1']],
  ])('refuses emojis that are %s with 422', async (_label, emojis) => {
    const res = await post(h, maria, recordId, { comentario: 'Saudades', emojis });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: TRIBUTE_MSG.emojiInvalid, field: 'emojis' });
  });

  it('refuses more than the maximum number of emojis', async () => {
    const emojis = Array.from({ length: TRIBUTE_LIMITS.emojisMax + 1 }, () => '🌹');
    const res = await post(h, maria, recordId, { comentario: 'Saudades', emojis });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: TRIBUTE_MSG.tooManyEmojis, field: 'emojis' });
  });

  it.each([
    ['an HTML page', htmlPage, 'text/html'],
    ['an SVG with a script', svgWithScript, 'image/svg+xml'],
    ['plain text named .jpg', Buffer.from('não sou uma foto'), 'image/jpeg'],
  ])('refuses %s as the photo with 415 and keeps no file', async (_label, data, type) => {
    const before = storedFiles(h, 'comentarios');
    const beforeRows = await countRows(h, recordId);
    const res = await postForm(h, maria, recordId, { comentario: 'Foto' }, [
      photo(data, 'foto.jpg', type),
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: UPLOAD_MSG.notImage });
    expect(storedFiles(h, 'comentarios')).toEqual(before);
    expect(await countRows(h, recordId)).toBe(beforeRows);
  });

  it('refuses two photos, and a file in another field', async () => {
    const two = await postForm(h, maria, recordId, { comentario: 'x' }, [
      photo(await jpeg(100, 100)),
      photo(await jpeg(100, 100)),
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ message: TRIBUTE_MSG.oneImage, field: 'imagem' });
    const other = await postForm(h, maria, recordId, { comentario: 'x' }, [
      { ...photo(await jpeg(100, 100)), field: 'images' },
    ]);
    expect(other.statusCode).toBe(400);
  });

  it('stores markup as plain text and answers it as JSON, never as HTML', async () => {
    const xss = '<script>alert("x")</script><img src=x onerror=alert(1)> & "aspas"';
    const res = await post(h, maria, recordId, { comentario: xss });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect((res.json() as TributeItem).texto).toBe(xss);
    const listed = await h.app.inject({
      method: 'GET',
      url: `/api/sepultados/${recordId}/comentarios`,
    });
    expect(listed.headers['content-type']).toMatch(/^application\/json/);
    expect(listed.headers['x-content-type-options']).toBe('nosniff');
    expect((listed.json() as { items: TributeItem[] }).items[0]?.texto).toBe(xss);
  });

  it('drops control characters such as NUL instead of failing', async () => {
    const res = await post(h, maria, recordId, { comentario: 'Paz\u0000 eterna\u0007' });
    expect(res.statusCode).toBe(201);
    expect((res.json() as TributeItem).texto).toBe('Paz eterna');
  });

  it('refuses unknown fields and a malformed clientId with 400 naming the field', async () => {
    const extra = await post(h, maria, recordId, { comentario: 'x', autor: 'Outro' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ field: 'autor' });
    const badId = await post(h, maria, recordId, { comentario: 'x', clientId: 'abc' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ field: 'clientId' });
    const badKey = await post(
      h,
      maria,
      recordId,
      { comentario: 'x' },
      { 'idempotency-key': 'a b' },
    );
    expect(badKey.statusCode).toBe(400);
  });

  it('answers 404 for an unknown, malformed or deleted record', async () => {
    for (const id of ['0123456789abcdef01234567', 'nao-existe']) {
      const res = await post(h, maria, id, { comentario: 'x' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: SEP_MSG.notFound });
    }
    const gone = await createRecord(h, admin, { nome: 'Registro Removido' });
    const del = await h.app.inject({
      method: 'DELETE',
      url: `/api/sepultados/${gone.id}`,
      headers: auth(admin),
    });
    expect(del.statusCode).toBe(200);
    const res = await post(h, maria, gone.id, { comentario: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: SEP_MSG.notFound });
  });

  it('asks a visitor to log in, with the spec words', async () => {
    const res = await post(h, null, recordId, { comentario: 'x' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: TRIBUTE_MSG.loginRequired });
  });

  it('refuses an account whose e-mail is not verified yet (403, shared guard)', async () => {
    const person = await createPerson(h, 'usuario', { emailVerified: false });
    const res = await post(h, { id: person.id, name: person.name, token: person.token }, recordId, {
      comentario: 'Saudades',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: verifyToPost(person.email), field: 'emailVerified' });
  });

  it('refuses a body that is neither JSON nor multipart', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/sepultados/${recordId}/comentarios`,
      headers: { ...auth(maria), 'content-type': 'text/plain' },
      payload: 'Saudades',
    });
    expect(res.statusCode).toBe(415);
  });
});
