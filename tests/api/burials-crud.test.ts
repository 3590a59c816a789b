import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEP_MSG } from '../../src/domain/burial-messages';
import type { BurialCard, BurialRecord } from '../../src/domain/burial-types';
import {
  type Actor,
  actor,
  auth,
  createRecord,
  createWithPhotos,
  multipartBody,
  photo,
  sepultadoBody,
} from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { jpeg } from './image-fixtures';

describe.each(engines)('sepultados: records ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin', 'Ana Administradora');
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (url: string, who: Actor | null = null) =>
    h.app.inject({ method: 'GET', url, headers: auth(who) });
  const patch = (id: string, payload: object, headers: Record<string, string> = {}) =>
    h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${id}`,
      headers: { ...auth(admin), ...headers },
      payload,
    });
  const create = (payload: object) =>
    h.app.inject({
      method: 'POST',
      url: '/api/sepultados/create',
      headers: auth(admin),
      payload,
    });

  it('creates from JSON with DD/MM/AAAA dates and answers ISO dates and the record', async () => {
    const res = await create(sepultadoBody());
    expect(res.statusCode).toBe(201);
    const { message, sepultado } = res.json() as { message: string; sepultado: BurialRecord };
    expect(message).toBe(SEP_MSG.created);
    expect(sepultado).toMatchObject({
      nome: 'Maria da Conceição',
      idade: 82,
      dtNasc: '1941-03-12',
      dtFal: '2023-07-05',
      quadra: '12',
      chapa: '0458',
      tipoSepultura: 'Jazigo',
      latitude: -20.3856,
      longitude: -43.5035,
      images: [],
      thumbs: [],
      version: 1,
      concessionarios: [],
    });
    expect(sepultado._id).toMatch(/^[0-9a-f]{24}$/);
    expect(sepultado.id).toBe(sepultado._id);
    expect(sepultado.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const detail = await get(`/api/sepultados/${sepultado.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ nome: 'Maria da Conceição', dtFal: '2023-07-05' });
  });

  it('accepts ISO dates, numbers as text, a lower-case grave type, and clears blanks', async () => {
    const res = await create(
      sepultadoBody({
        dtNasc: '1900-02-28',
        dtFal: '2000-02-29',
        idade: '100',
        tipoSepultura: 'gaveta',
        latitude: '-20,5',
        mae: '   ',
        epitafio: null,
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().sepultado).toMatchObject({
      dtNasc: '1900-02-28',
      dtFal: '2000-02-29',
      idade: 100,
      tipoSepultura: 'Gaveta',
      latitude: -20.5,
      mae: null,
      epitafio: null,
    });
  });

  it.each([
    ['nome', { nome: '  ' }, SEP_MSG.nomeRequired],
    ['dtFal', { dtFal: '' }, SEP_MSG.dtFalInvalid],
    ['dtFal', { dtFal: '31/02/2020' }, SEP_MSG.dtFalInvalid],
    ['dtFal', { dtFal: '29/02/2023' }, SEP_MSG.dtFalInvalid],
    ['dtFal', { dtFal: '10/13/2020' }, SEP_MSG.dtFalInvalid],
    ['dtFal', { dtFal: '01/01/0999' }, SEP_MSG.dtFalInvalid],
    ['dtFal', { dtFal: '2020-02-30' }, SEP_MSG.dtFalInvalid],
    ['quadra', { quadra: ' ' }, SEP_MSG.quadraRequired],
    ['chapa', { chapa: '' }, SEP_MSG.chapaRequired],
    ['dtNasc', { dtNasc: '32/01/1950' }, SEP_MSG.dtNascInvalid],
    ['dtNasc', { dtNasc: '01/01/2024' }, SEP_MSG.dtNascAfterDtFal],
    ['idade', { idade: 151 }, SEP_MSG.idadeInvalid],
    ['idade', { idade: -1 }, SEP_MSG.idadeInvalid],
    ['idade', { idade: 'oitenta' }, SEP_MSG.idadeInvalid],
    ['tipoSepultura', { tipoSepultura: 'Mausoléu' }, SEP_MSG.tipoSepulturaInvalid],
    ['latitude', { latitude: 91 }, SEP_MSG.latitudeInvalid],
    ['longitude', { longitude: -180.5 }, SEP_MSG.longitudeInvalid],
    ['nome', { nome: 'x'.repeat(151) }, 'Use no máximo 150 caracteres'],
  ])('refuses a bad %s with 422 and the message', async (field, change, message) => {
    const before = (await get('/api/sepultados?limit=100')).json().length;
    const res = await create(sepultadoBody(change));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message, field });
    expect((await get('/api/sepultados?limit=100')).json().length).toBe(before);
  });

  it('refuses unknown fields and wrong types with 400 naming the field', async () => {
    const extra = await create(sepultadoBody({ concessionarios: ['a'] }));
    expect(extra.statusCode).toBe(400);
    expect(extra.json().field).toBe('concessionarios');
    const wrong = await create(sepultadoBody({ nome: { $ne: '' } }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('nome');
  });

  it('creates from multipart with text fields parsed like JSON', async () => {
    const { payload, headers } = await multipartBody(
      {
        nome: 'João Batista dos Santos',
        idade: '67',
        dtFal: '03/11/2019',
        quadra: 'B',
        chapa: '0012',
        latitude: '-20.38',
      },
      [photo(await jpeg(320, 240))],
    );
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/sepultados/create',
      headers: { ...auth(admin), ...headers },
      payload,
    });
    expect(res.statusCode).toBe(201);
    const rec = res.json().sepultado as BurialRecord;
    expect(rec).toMatchObject({ idade: 67, dtFal: '2019-11-03', latitude: -20.38 });
    expect(rec.images).toHaveLength(1);
    expect(rec.thumbs).toHaveLength(1);
  });

  it('lists newest first with card fields only, pages by keyset, caps the limit', async () => {
    const a = await createRecord(h, admin, { nome: 'Primeiro Registro' });
    const b = await createWithPhotos(h, admin, [await jpeg(), await jpeg(300, 300, 90)], {
      nome: 'Segundo Registro',
    });
    const list = (await get('/api/sepultados')).json() as BurialCard[];
    expect(list[0]?.id).toBe(b.id);
    expect(list[1]?.id).toBe(a.id);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      ['_id', 'id', 'nome', 'rua', 'quadra', 'chapa', 'cemiterio', 'images', 'thumb'].sort(),
    );
    expect(list[0]?.images).toEqual([b.images[0]]);
    expect(list[0]?.thumb).toBe(b.thumbs[0]);
    expect(list[1]?.images).toEqual([]);
    expect(list[1]?.thumb).toBeNull();
    const page = (await get(`/api/sepultados?limit=1&before=${b.id}`)).json() as BurialCard[];
    expect(page.map((c) => c.id)).toEqual([a.id]);
    expect((await get('/api/sepultados?limit=1000')).statusCode).toBe(200);
    expect((await get('/api/sepultados?limit=0')).statusCode).toBe(400);
    expect((await get('/api/sepultados?before=zzz')).json()).toEqual([]);
  });

  it('answers 404 with the message for unknown, malformed and deleted ids', async () => {
    const rec = await createRecord(h, admin);
    await h.app.inject({
      method: 'DELETE',
      url: `/api/sepultados/${rec.id}`,
      headers: auth(admin),
    });
    for (const id of ['0123456789abcdef01234567', 'nada', rec.id, "1' or '1'='1"]) {
      const res = await get(`/api/sepultados/${encodeURIComponent(id)}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: SEP_MSG.notFound });
    }
  });

  it('edits only the fields sent, clears optional ones with "", keeps required ones', async () => {
    const rec = await createRecord(h, admin);
    const res = await patch(rec.id, { chapa: '0999', epitafio: '', dtFal: '2023-07-06' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(SEP_MSG.updated);
    const after = res.json().sepultado as BurialRecord;
    expect(after).toMatchObject({
      chapa: '0999',
      epitafio: null,
      dtFal: '2023-07-06',
      nome: rec.nome,
      mae: rec.mae,
      version: rec.version + 1,
    });
    const cleared = await patch(rec.id, { nome: '' });
    expect(cleared.statusCode).toBe(422);
    expect(cleared.json()).toEqual({ message: SEP_MSG.nomeRequired, field: 'nome' });
    // A birth date after the stored death date is refused even when only it is sent.
    const order = await patch(rec.id, { dtNasc: '01/01/2024' });
    expect(order.statusCode).toBe(422);
    expect(order.json().field).toBe('dtNasc');
  });

  it('shows an edit and a deletion on the very next read (no stale cache)', async () => {
    const rec = await createRecord(h, admin);
    expect((await get(`/api/sepultados/${rec.id}`)).json().chapa).toBe('0458');
    await patch(rec.id, { chapa: '7777' });
    expect((await get(`/api/sepultados/${rec.id}`)).json().chapa).toBe('7777');
    await h.app.inject({
      method: 'DELETE',
      url: `/api/sepultados/${rec.id}`,
      headers: auth(admin),
    });
    expect((await get(`/api/sepultados/${rec.id}`)).statusCode).toBe(404);
  });

  it('answers 409 with the current record for a stale version (field or If-Match)', async () => {
    const rec = await createRecord(h, admin);
    const first = await patch(rec.id, { quadra: '7', version: rec.version });
    expect(first.statusCode).toBe(200);
    const stale = await patch(rec.id, { quadra: '8', version: rec.version });
    expect(stale.statusCode).toBe(409);
    // The 409 names the fields changed on both sides (sync-merge.test.ts).
    expect(stale.json().message).toBe(SEP_MSG.editConflict);
    expect(stale.json().conflicts).toEqual([
      { field: 'quadra', base: '12', mine: '8', theirs: '7' },
    ]);
    expect(stale.json().current).toMatchObject({ id: rec.id, quadra: '7', version: 2 });
    const staleHeader = await patch(rec.id, { quadra: '8' }, { 'if-match': '"1"' });
    expect(staleHeader.statusCode).toBe(409);
    // Intentional change: a stale version is fine for a field nobody else changed.
    const disjoint = await patch(rec.id, { chapa: '0459' }, { 'if-match': '"1"' });
    expect(disjoint.statusCode).toBe(200);
    expect(disjoint.json().sepultado).toMatchObject({ quadra: '7', chapa: '0459', version: 3 });
    const fresh = await patch(rec.id, { quadra: '8' }, { 'if-match': '"3"' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().sepultado.quadra).toBe('8');
    expect((await patch(rec.id, { version: 'abc' })).statusCode).toBe(400);
  });

  it('deletes softly: gone from the list, the detail and the dashboard; twice is 404', async () => {
    const rec = await createRecord(h, admin, { nome: 'Registro Para Remover' });
    const del = await h.app.inject({
      method: 'DELETE',
      url: `/api/sepultados/${rec.id}`,
      headers: auth(admin),
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: SEP_MSG.removed });
    const list = (await get('/api/sepultados?limit=100')).json() as BurialCard[];
    expect(list.some((c) => c.id === rec.id)).toBe(false);
    const mine = (await get('/api/sepultados/meussepultados?q=Remover', admin)).json();
    expect(mine).toEqual([]);
    const [row] = await h.app.ctx.database.sql.query<{ deleted: boolean; v: number }>(
      'select deleted_at is not null as deleted, version as v from sepultados where id = $1',
      [rec.id],
    );
    expect(row).toEqual({ deleted: true, v: 2 });
    const again = await h.app.inject({
      method: 'DELETE',
      url: `/api/sepultados/${rec.id}`,
      headers: auth(admin),
    });
    expect(again.statusCode).toBe(404);
  });

  it('gives every write a new change_seq and keeps version for assignment changes', async () => {
    const seq = async (id: string) =>
      (
        await h.app.ctx.database.sql.query<{ s: string; v: number }>(
          'select change_seq::text as s, version as v from sepultados where id = $1',
          [id],
        )
      )[0];
    const rec = await createRecord(h, admin);
    const s0 = await seq(rec.id);
    await patch(rec.id, { rua: 'Rua 3' });
    const s1 = await seq(rec.id);
    const conc = await actor(h, 'concessionario');
    await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${rec.id}/atribuir/${conc.id}`,
      headers: auth(admin),
    });
    const s2 = await seq(rec.id);
    expect(BigInt(s1?.s ?? 0)).toBeGreaterThan(BigInt(s0?.s ?? 0));
    expect(BigInt(s2?.s ?? 0)).toBeGreaterThan(BigInt(s1?.s ?? 0));
    expect([s0?.v, s1?.v, s2?.v]).toEqual([1, 2, 2]);
  });
});
