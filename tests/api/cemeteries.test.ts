/**
 * Cemeteries as places (/api/cemiterios): the public list and page with counts, admin create
 * and edit with pt-BR validation, 409 on a name that folds equal to another's, a rename that
 * reaches the records (detail and the sync stream), a merge that moves every record and keeps
 * the count, a plan per cemetery, who may do what, and hostile input answered 404/400, never 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BurialRecord } from '../../src/domain/burial-types';
import { CEM_MSG } from '../../src/domain/cemetery-messages';
import type { Cemetery } from '../../src/domain/cemetery-types';
import { type Actor, actor, auth, createRecord, multipartBody } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { jpeg } from './image-fixtures';
import { endCursor, walk } from './sync-helpers';

const SAUDADE = 'Cemitério Municipal da Saudade';
const BOUNDS = { south: '-20.3870', west: '-43.5050', north: '-20.3840', east: '-43.5020' };

describe.each(engines)('cemitérios ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let conc: Actor;
  let usuario: Actor;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin');
    conc = await actor(h, 'concessionario');
    usuario = await actor(h, 'usuario');
  });
  afterAll(async () => {
    await h?.close();
  });

  const list = async (): Promise<Cemetery[]> => {
    const res = await h.app.inject({ method: 'GET', url: '/api/cemiterios' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Cemetery[];
  };
  const byName = async (nome: string): Promise<Cemetery> => {
    const found = (await list()).find((c) => c.nome === nome);
    if (!found) throw new Error(`no cemetery ${nome}`);
    return found;
  };
  const send = (method: 'POST' | 'PATCH', url: string, payload: unknown, who = admin) =>
    h.app.inject({ method, url, headers: auth(who), payload: payload as Record<string, unknown> });
  const record = async (id: string): Promise<BurialRecord> => {
    const res = await h.app.inject({ method: 'GET', url: `/api/sepultados/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as BurialRecord;
  };

  it('a record makes its cemetery; the list and the page are public, with the count', async () => {
    await createRecord(h, admin, { cemiterio: SAUDADE });
    await createRecord(h, admin, { cemiterio: 'cemiterio municipal  da saudade', nome: 'Ana' });
    const saudade = await byName(SAUDADE);
    expect(saudade.total).toBe(2);
    expect(saudade.plan).toBeNull();
    const page = await h.app.inject({ method: 'GET', url: `/api/cemiterios/${saudade.id}` });
    expect(page.statusCode).toBe(200);
    expect((page.json() as Cemetery).total).toBe(2);
  });

  it('admin creates and edits a cemetery; fields tidied; null clears', async () => {
    const res = await send('POST', '/api/cemiterios', {
      nome: '  Cemitério   São João ',
      endereco: 'Rua Direita, 100',
      horario: 'Todos os dias, das 7h às 18h',
      latitude: -20.39,
      longitude: -43.5,
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as Cemetery;
    expect(made).toMatchObject({
      nome: 'Cemitério São João',
      total: 0,
      endereco: 'Rua Direita, 100',
    });
    const names = (await list()).map((c) => c.nome);
    expect(names).toEqual([SAUDADE, 'Cemitério São João']);

    const edited = await send('PATCH', `/api/cemiterios/${made.id}`, {
      horario: null,
      bounds: { south: -20.4, west: -43.6, north: -20.3, east: -43.4 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      nome: 'Cemitério São João',
      horario: null,
      endereco: 'Rua Direita, 100',
      bounds: { south: -20.4, west: -43.6, north: -20.3, east: -43.4 },
    });
  });

  it('a name that folds equal to another cemetery’s is a 409 with a clear message', async () => {
    const dup = await send('POST', '/api/cemiterios', { nome: 'CEMITERIO municipal da  saudade' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      message: `Já existe um cemitério com este nome: “${SAUDADE}”.`,
      field: 'nome',
    });
    const joao = await byName('Cemitério São João');
    const rename = await send('PATCH', `/api/cemiterios/${joao.id}`, {
      nome: SAUDADE.toUpperCase(),
    });
    expect(rename.statusCode).toBe(409);
    // Its own name in other letters is not a duplicate.
    const own = await send('PATCH', `/api/cemiterios/${joao.id}`, { nome: 'cemitério são joão' });
    expect(own.statusCode, own.body).toBe(200);
    const back = await send('PATCH', `/api/cemiterios/${joao.id}`, { nome: 'Cemitério São João' });
    expect(back.statusCode).toBe(200);
  });

  it('validation answers in pt-BR with the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ nome: '   ' }, 'nome'],
      [{ nome: 'x'.repeat(121) }, 'nome'],
      [{ nome: 'Novo', latitude: -20 }, 'longitude'],
      [{ nome: 'Novo', latitude: 95, longitude: 0 }, 'latitude'],
      [{ nome: 'Novo', bounds: { south: -20, west: -43, north: -21, east: -42 } }, 'bounds'],
      [{ nome: 'Novo', senha: 'x' }, 'senha'],
      [{}, 'nome'],
    ];
    for (const [body, field] of cases) {
      const res = await send('POST', '/api/cemiterios', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const answer = res.json() as { message: string; field: string };
      expect(answer.field, JSON.stringify(body)).toBe(field);
      expect(answer.message.length).toBeGreaterThan(5);
    }
    const blank = await send('POST', '/api/cemiterios', { nome: '  ' });
    expect((blank.json() as { message: string }).message).toBe(CEM_MSG.nameRequired);
  });

  it('a rename shows in the record, in a new version, and in the sync stream', async () => {
    const rec = await createRecord(h, admin, { cemiterio: 'Cemitério do Carmo', nome: 'Beatriz' });
    await record(rec.id); // cached now
    const carmo = await byName('Cemitério do Carmo');
    const cursor = await endCursor(h);
    const res = await send('PATCH', `/api/cemiterios/${carmo.id}`, {
      nome: 'Cemitério Nossa Senhora do Carmo',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await record(rec.id);
    expect(after.cemiterio).toBe('Cemitério Nossa Senhora do Carmo');
    expect(after.version).toBe(rec.version + 1);
    const { pages } = await walk(h, cursor);
    const synced = pages.flatMap((p) => p.changed).find((r) => r.id === rec.id);
    expect(synced?.cemiterio).toBe('Cemitério Nossa Senhora do Carmo');
    expect((await byName('Cemitério Nossa Senhora do Carmo')).total).toBe(1);
  });

  it('a cemetery has its own plan; /api/mapa/plano keeps answering the first one’s', async () => {
    const joao = await byName('Cemitério São João');
    const none = await h.app.inject({ method: 'GET', url: `/api/cemiterios/${joao.id}/plano` });
    expect(none.statusCode).toBe(404);
    const { payload, headers } = await multipartBody(BOUNDS, [
      { name: 'plano.jpg', type: 'image/jpeg', data: await jpeg(400, 300), field: 'imagem' },
    ]);
    const put = await h.app.inject({
      method: 'PUT',
      url: `/api/cemiterios/${joao.id}/plano`,
      headers: { ...auth(admin), ...headers },
      payload,
    });
    expect(put.statusCode, put.body).toBe(200);
    const got = await h.app.inject({ method: 'GET', url: `/api/cemiterios/${joao.id}/plano` });
    expect(got.statusCode).toBe(200);
    expect((await byName('Cemitério São João')).plan?.bounds.south).toBe(-20.387);
    // The first cemetery (the oldest: Saudade) has none.
    const old = await h.app.inject({ method: 'GET', url: '/api/mapa/plano' });
    expect(old.statusCode).toBe(404);
  });

  it('a merge moves every record (a data change) and keeps the count; the plan follows', async () => {
    const joao = await byName('Cemitério São João');
    const source = (
      (await send('POST', '/api/cemiterios', { nome: 'Cemitério Velho' })).json() as Cemetery
    ).id;
    const a = await createRecord(h, admin, { cemiterio: 'Cemitério Velho', nome: 'Carlos' });
    await createRecord(h, admin, { cemiterio: 'cemitério velho', nome: 'Dora' });
    await record(a.id); // cached now
    const before = await list();
    const sum = (cs: Cemetery[]) => cs.reduce((n, c) => n + c.total, 0);
    expect(before.find((c) => c.id === source)?.total).toBe(2);

    const self = await send('POST', `/api/cemiterios/${source}/mesclar`, { destino: source });
    expect(self.statusCode).toBe(400);
    expect((self.json() as { message: string }).message).toBe(CEM_MSG.mergeSelf);
    const gone = await send('POST', `/api/cemiterios/${source}/mesclar`, {
      destino: 'ffffffffffffffffffffffff',
    });
    expect(gone.statusCode).toBe(422);

    const res = await send('POST', `/api/cemiterios/${source}/mesclar`, { destino: joao.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Cemetery).total).toBe(2);
    const after = await list();
    expect(after.find((c) => c.id === source)).toBeUndefined();
    expect(sum(after)).toBe(sum(before));
    const moved = await record(a.id);
    expect(moved.cemiterio).toBe('Cemitério São João');
    expect(moved.version).toBe(a.version + 1);
    const page = await h.app.inject({ method: 'GET', url: `/api/cemiterios/${source}` });
    expect(page.statusCode).toBe(404);
    expect((page.json() as { message: string }).message).toBe(CEM_MSG.notFound);
    // São João kept its plan; merging it into Saudade (no plan) moves the plan there.
    const saudade = await byName(SAUDADE);
    const into = await send('POST', `/api/cemiterios/${joao.id}/mesclar`, { destino: saudade.id });
    expect(into.statusCode, into.body).toBe(200);
    const merged = into.json() as Cemetery;
    expect(merged.plan?.bounds.north).toBe(-20.384);
    expect(merged.total).toBe(saudade.total + 2);
    const old = await h.app.inject({ method: 'GET', url: '/api/mapa/plano' });
    expect(old.statusCode).toBe(200);
  });

  it('visitors, usuários and concessionários may read but not manage', async () => {
    const target = (await list())[0];
    if (!target) throw new Error('no cemetery');
    const attempts = [
      { method: 'POST' as const, url: '/api/cemiterios', payload: { nome: 'Outro' } },
      { method: 'PATCH' as const, url: `/api/cemiterios/${target.id}`, payload: { nome: 'X' } },
      {
        method: 'POST' as const,
        url: `/api/cemiterios/${target.id}/mesclar`,
        payload: { destino: target.id },
      },
    ];
    for (const a of attempts) {
      const anon = await h.app.inject({ method: a.method, url: a.url, payload: a.payload });
      expect(anon.statusCode, a.url).toBe(401);
      for (const who of [usuario, conc]) {
        const res = await send(a.method, a.url, a.payload, who);
        expect(res.statusCode, a.url).toBe(403);
        expect((res.json() as { message: string }).message).toBe(CEM_MSG.forbidden);
      }
    }
    const plan = await h.app.inject({
      method: 'PUT',
      url: `/api/cemiterios/${target.id}/plano`,
      headers: auth(conc),
      payload: { south: 1 },
    });
    expect(plan.statusCode).toBe(403);
    expect((await list()).map((c) => c.nome)).not.toContain('Outro');
  });

  it('hostile ids are the route’s 404 (malformed path ids, the project’s rule) and bad bodies 400s, never 500s', async () => {
    const target = (await list())[0];
    if (!target) throw new Error('no cemetery');
    const bad = ['abc', "1' OR '1'='1", '%00', 'FFFFFFFFFFFFFFFFFFFFFFFF', 'a'.repeat(60)];
    for (const id of bad) {
      const url = `/api/cemiterios/${encodeURIComponent(id)}`;
      for (const res of [
        await h.app.inject({ method: 'GET', url }),
        await h.app.inject({ method: 'GET', url: `${url}/plano` }),
        await send('PATCH', url, { nome: 'Y' }),
        await send('POST', `${url}/mesclar`, { destino: target.id }),
      ]) {
        expect(res.statusCode, `${url} ${res.body}`).toBe(404);
        expect((res.json() as { message: string }).message).toBe(CEM_MSG.notFound);
      }
    }
    const merge = await send('POST', `/api/cemiterios/${target.id}/mesclar`, {
      destino: "'; DROP TABLE cemiterios; --",
    });
    expect(merge.statusCode).toBe(400);
    const unknown = await h.app.inject({
      method: 'GET',
      url: '/api/cemiterios/000000000000000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const arr = await send('PATCH', `/api/cemiterios/${target.id}`, [1, 2]);
    expect(arr.statusCode).toBe(400);
    const weird = await send('PATCH', `/api/cemiterios/${target.id}`, { nome: { a: 1 } });
    expect(weird.statusCode).toBe(400);
  });
});
