import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deleteTributesOf } from '../../server/modules/tributes/tributes-write';
import { SEP_MSG } from '../../src/domain/burial-messages';
import { TRIBUTE_MSG } from '../../src/domain/tribute-rules';
import type { TributeItem } from '../../src/domain/tribute-types';
import { type Actor, actor, auth, createRecord, photo, storedFiles } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { jpeg } from './image-fixtures';
import { countRows, list, postForm, tribute, url } from './tributes-helpers';

describe.each(engines)('removing tributes ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let maria: Actor;
  let joao: Actor;
  let concessionario: Actor;
  let recordId: string;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin', 'Ana Administradora');
    maria = await actor(h, 'usuario', 'Maria das Dores');
    joao = await actor(h, 'usuario', 'João Batista');
    concessionario = await actor(h, 'concessionario', 'Carlos Concessionário');
    recordId = (await createRecord(h, admin)).id;
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(() => h.limiter.clear());

  const remove = (who: Actor | null, commentId: string, record = recordId) =>
    h.app.inject({ method: 'DELETE', url: `${url(record)}/${commentId}`, headers: auth(who) });

  async function withPhoto(who: Actor): Promise<TributeItem> {
    const res = await postForm(h, who, recordId, { comentario: 'Com foto' }, [
      photo(await jpeg(400, 300)),
    ]);
    expect(res.statusCode).toBe(201);
    return res.json() as TributeItem;
  }

  it('lets the author remove a tribute, and its photo files go too', async () => {
    const item = await withPhoto(maria);
    expect(storedFiles(h, 'comentarios')).toEqual(
      expect.arrayContaining([item.imagem, item.imagemThumb]),
    );
    const res = await remove(maria, item.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: TRIBUTE_MSG.removed });
    expect(storedFiles(h, 'comentarios')).not.toContain(item.imagem);
    expect(storedFiles(h, 'comentarios')).not.toContain(item.imagemThumb);
    expect((await list(h, recordId)).items.map((i) => i.id)).not.toContain(item.id);
    const image = await h.app.inject({
      method: 'GET',
      url: `/api/images/comentarios/${item.imagem}`,
    });
    expect(image.statusCode).toBe(404);
  });

  it('keeps a scrubbed tombstone: no words, emojis or photo remain', async () => {
    const item = await tribute(h, maria, recordId, 'Palavras que a autora apagou');
    expect((await remove(maria, item.id)).statusCode).toBe(200);
    const [row] = await h.app.ctx.database.sql.query<{
      texto: string;
      emojis: string[];
      imagem: string | null;
      deleted_at: Date | null;
    }>('select texto, emojis, imagem, deleted_at from comentarios where id = $1', [item.id]);
    expect(row).toMatchObject({ texto: '', emojis: [], imagem: null });
    expect(row?.deleted_at).not.toBeNull();
  });

  it('lets an admin remove anyone’s tribute', async () => {
    const item = await withPhoto(joao);
    const res = await remove(admin, item.id);
    expect(res.statusCode).toBe(200);
    expect(storedFiles(h, 'comentarios')).not.toContain(item.imagem);
  });

  it('refuses anyone else with 403 (a concessionário too) and keeps the tribute', async () => {
    const item = await withPhoto(maria);
    for (const who of [joao, concessionario]) {
      const res = await remove(who, item.id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: TRIBUTE_MSG.forbiddenDelete });
    }
    expect((await list(h, recordId)).items.map((i) => i.id)).toContain(item.id);
    expect(storedFiles(h, 'comentarios')).toContain(item.imagem);
  });

  it('refuses a visitor with 401', async () => {
    const item = await tribute(h, maria, recordId, 'Fica');
    const res = await remove(null, item.id);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('message');
    expect((await list(h, recordId)).items.map((i) => i.id)).toContain(item.id);
  });

  it('answers 404 for a removed, unknown or other record’s tribute, and an unknown record', async () => {
    const item = await tribute(h, maria, recordId, 'Uma vez só');
    expect((await remove(maria, item.id)).statusCode).toBe(200);
    const again = await remove(maria, item.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: TRIBUTE_MSG.notFound });
    expect((await remove(maria, '0123456789abcdef01234567')).statusCode).toBe(404);
    const other = (await createRecord(h, admin)).id;
    const mine = await tribute(h, maria, recordId, 'Daqui');
    expect((await remove(maria, mine.id, other)).statusCode).toBe(404);
    const unknown = await remove(maria, mine.id, '0123456789abcdef01234567');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: SEP_MSG.notFound });
  });

  it('removing a burial record removes its tributes and their photo files', async () => {
    const record = (await createRecord(h, admin, { nome: 'Registro Com Homenagens' })).id;
    const res = await postForm(h, maria, record, { comentario: 'Foto' }, [
      photo(await jpeg(300, 300)),
    ]);
    const item = res.json() as TributeItem;
    await tribute(h, joao, record, 'Texto');
    const untouched = await tribute(h, joao, recordId, 'Em outro registro');

    const del = await h.app.inject({
      method: 'DELETE',
      url: `/api/sepultados/${record}`,
      headers: auth(admin),
    });
    expect(del.statusCode).toBe(200);
    expect(await countRows(h, record, true)).toBe(0);
    expect(storedFiles(h, 'comentarios')).not.toContain(item.imagem);
    expect(storedFiles(h, 'comentarios')).not.toContain(item.imagemThumb);
    expect((await list(h, recordId)).items.map((i) => i.id)).toContain(untouched.id);
  });

  it('deleteTributesOf without a transaction commits and removes the files itself', async () => {
    const record = (await createRecord(h, admin)).id;
    const res = await postForm(h, maria, record, { comentario: 'x' }, [
      photo(await jpeg(200, 200)),
    ]);
    const item = res.json() as TributeItem;
    const files = await deleteTributesOf(h.app.ctx, record);
    expect(files).toEqual([item.imagem]);
    expect(await countRows(h, record, true)).toBe(0);
    expect(storedFiles(h, 'comentarios')).not.toContain(item.imagemThumb);
  });
});
