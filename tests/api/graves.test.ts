/**
 * Graves as places (/api/sepulturas): a record finds or makes its grave (same cemetery, same
 * folded rua + quadra + number), the admin creates one or a range, a taken number is a 409, the
 * list filters, the public page shows who rests there with public fields only, a capacity refuses
 * a burial beyond it, a concessionário writes a note only on graves of records assigned to him,
 * and a merge moves every record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BurialRecord } from '../../src/domain/burial-types';
import { GRAVE_MSG } from '../../src/domain/grave-rules';
import type { Grave, GraveList } from '../../src/domain/grave-types';
import { type Actor, actor, auth, createRecord, sepultadoBody } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';

const SAUDADE = 'Cemitério Municipal da Saudade';

describe.each(engines)('sepulturas ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let conc: Actor;
  let usuario: Actor;
  let cemId: string;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin');
    conc = await actor(h, 'concessionario');
    usuario = await actor(h, 'usuario');
    await createRecord(h, admin, { nome: 'Primeiro Registro', quadra: '1', chapa: '1' });
    const res = await h.app.inject({ method: 'GET', url: '/api/cemiterios' });
    cemId = (res.json() as { id: string; nome: string }[]).find((c) => c.nome === SAUDADE)
      ?.id as string;
  });
  afterAll(async () => {
    await h?.close();
  });

  const post = (url: string, payload: object, who: Actor | null = admin) =>
    h.app.inject({ method: 'POST', url, headers: auth(who), payload });
  const patch = (id: string, payload: object, who: Actor | null = admin) =>
    h.app.inject({ method: 'PATCH', url: `/api/sepulturas/${id}`, headers: auth(who), payload });
  const page = async (id: string, who: Actor | null = null) => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/sepulturas/${id}`,
      headers: auth(who),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { sepultura: Grave; sepultados: { id: string; nome: string }[] };
  };
  const list = async (query: string) => {
    const res = await h.app.inject({ method: 'GET', url: `/api/sepulturas?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as GraveList;
  };

  it('a record makes its grave and answers sepulturaId; the same place folded is the same grave', async () => {
    const a = await createRecord(h, admin, {
      nome: 'Ana Jazigo',
      rua: 'Rua das Flores',
      quadra: '7',
      chapa: '0458',
    });
    const b = await createRecord(h, admin, {
      nome: 'Bento Jazigo',
      rua: 'RUA DAS  FLÔRES',
      quadra: ' 7 ',
      chapa: '458',
    });
    expect(a.sepulturaId).toMatch(/^[0-9a-f]{24}$/);
    expect(b.sepulturaId).toBe(a.sepulturaId);
    const other = await createRecord(h, admin, {
      nome: 'Caio',
      rua: 'Rua das Flores',
      quadra: '8',
      chapa: '458',
    });
    expect(other.sepulturaId).not.toBe(a.sepulturaId);
    const p = await page(a.sepulturaId as string);
    expect(p.sepultura).toMatchObject({
      quadra: '7',
      numero: '0458',
      situacao: 'ocupada',
      ocupantes: 2,
    });
    expect(p.sepultados.map((s) => s.nome).sort()).toEqual(['Ana Jazigo', 'Bento Jazigo']);
    // The detail route answers the same link.
    const detail = await h.app.inject({ method: 'GET', url: `/api/sepultados/${a.id}` });
    expect((detail.json() as BurialRecord).sepulturaId).toBe(a.sepulturaId);
  });

  it('the public page holds public record fields only, and the way there', async () => {
    const r = await createRecord(h, admin, { nome: 'Dora Pública', quadra: '9', chapa: '1' });
    const res = await h.app.inject({ method: 'GET', url: `/api/sepulturas/${r.sepulturaId}` });
    const body = res.json() as Record<string, unknown> & { sepultados: Record<string, unknown>[] };
    expect(Object.keys(body.sepultados[0] ?? {}).sort()).toEqual(
      ['_id', 'dtFal', 'dtNasc', 'id', 'nome', 'thumb'].sort(),
    );
    expect(body.cemiterio).toMatchObject({ id: cemId, nome: SAUDADE });
    expect(body).not.toHaveProperty('concessao');
    expect(res.body).not.toMatch(/@exemplo\.com\.br|cpf|password|createdBy|created_by/i);
  });

  it("editing a record's place moves it to that grave", async () => {
    const r = await createRecord(h, admin, { nome: 'Edu Mudado', quadra: '10', chapa: '1' });
    const res = await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${r.id}`,
      headers: auth(admin),
      payload: { chapa: '2', version: r.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    const moved = (res.json() as { sepultado: BurialRecord }).sepultado;
    expect(moved.sepulturaId).not.toBe(r.sepulturaId);
    expect((await page(moved.sepulturaId as string)).sepultura.numero).toBe('2');
    expect((await page(r.sepulturaId as string)).sepultura.ocupantes).toBe(0);
  });

  it('creates one grave (admin only); a number taken after folding is a 409 under numero', async () => {
    const body = {
      cemiterioId: cemId,
      quadra: '20',
      numero: '0005',
      tipo: 'Nicho de ossuário',
      capacidade: 2,
    };
    expect((await post('/api/sepulturas', body, null)).statusCode).toBe(401);
    expect((await post('/api/sepulturas', body, conc)).statusCode).toBe(403);
    expect((await post('/api/sepulturas', body, usuario)).statusCode).toBe(403);
    const made = await post('/api/sepulturas', body);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      quadra: '20',
      numero: '0005',
      situacao: 'livre',
      ocupantes: 0,
    });
    const again = await post('/api/sepulturas', { ...body, quadra: ' 20', numero: '5' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ field: 'numero' });
    expect(again.json().message).toMatch(/Já existe a sepultura da quadra 20/);
    const blank = await post('/api/sepulturas', { ...body, numero: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: GRAVE_MSG.numeroRequired, field: 'numero' });
    const lonely = await post('/api/sepulturas', { ...body, numero: '6', latitude: -20 });
    expect(lonely.json()).toEqual({ message: GRAVE_MSG.coordinatesPair, field: 'latitude' });
    const nowhere = await post('/api/sepulturas', { ...body, cemiterioId: 'f'.repeat(24) });
    expect(nowhere.statusCode).toBe(422);
    expect(nowhere.json().field).toBe('cemiterioId');
  });

  it('creates a range (quadra 12, lotes 1–200), keeping numbers already there', async () => {
    const res = await post('/api/sepulturas/lote', {
      cemiterioId: cemId,
      quadra: '12',
      numeroInicial: 1,
      numeroFinal: 200,
      tipo: 'Terra',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ criadas: 200, existentes: 0 });
    const more = await post('/api/sepulturas/lote', {
      cemiterioId: cemId,
      quadra: '12',
      numeroInicial: 191,
      numeroFinal: 210,
    });
    expect(more.json()).toMatchObject({ criadas: 10, existentes: 10 });
    const reversed = await post('/api/sepulturas/lote', {
      cemiterioId: cemId,
      quadra: '12',
      numeroInicial: 5,
      numeroFinal: 1,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ message: GRAVE_MSG.rangeOrder, field: 'numeroFinal' });
    expect(
      (
        await post('/api/sepulturas/lote', {
          cemiterioId: cemId,
          quadra: '12',
          numeroInicial: 1,
          numeroFinal: 5000,
        })
      ).json().field,
    ).toBe('numeroFinal');
    // A burial into quadra 12 lote 0007 lies in the grave made by the range.
    const r = await createRecord(h, admin, {
      nome: 'Fábio Lote',
      rua: null,
      quadra: '12',
      chapa: '0007',
    });
    const g = await page(r.sepulturaId as string);
    expect(g.sepultura).toMatchObject({
      quadra: '12',
      numero: '7',
      tipo: 'Terra',
      situacao: 'ocupada',
    });
  });

  it('lists by cemetery, status and quadra, in numeric order, paged', async () => {
    const q12 = await list(`cemiterioId=${cemId}&quadra=%2012%20&limit=50`);
    expect(q12.total).toBe(210);
    expect(q12.pages).toBe(5);
    expect(q12.sepulturas.slice(0, 3).map((g) => g.numero)).toEqual(['1', '2', '3']);
    const second = await list(`cemiterioId=${cemId}&quadra=12&limit=50&page=2`);
    expect(second.sepulturas[0]?.numero).toBe('51');
    const busy = await list(`cemiterioId=${cemId}&quadra=12&situacao=ocupada`);
    expect(busy.sepulturas.map((g) => g.numero)).toEqual(['7']);
    const bad = await h.app.inject({ method: 'GET', url: '/api/sepulturas?situacao=quebrada' });
    expect(bad.statusCode).toBe(400);
  });

  it('a burial into a grave at capacity is refused with a clear message', async () => {
    const first = await createRecord(h, admin, { nome: 'Gil Gaveta', quadra: '30', chapa: '1' });
    const id = first.sepulturaId as string;
    const full = await patch(id, { capacidade: 1 });
    expect(full.statusCode, full.body).toBe(200);
    const res = await post(
      '/api/sepultados/create',
      sepultadoBody({ nome: 'Hugo', quadra: '30', chapa: '01' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().field).toBe('chapa');
    expect(res.json().message).toMatch(/capacidade completa \(1 gaveta\)/);
    const below = await patch(id, { capacidade: 1 });
    expect(below.statusCode).toBe(200);
    const r2 = await createRecord(h, admin, { nome: 'Iara', quadra: '30', chapa: '2' });
    await patch(r2.sepulturaId as string, { capacidade: null });
    const moved = await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${r2.id}`,
      headers: auth(admin),
      payload: { chapa: '1', version: r2.version },
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().message).toMatch(/capacidade completa/);
    const twoIn = await createRecord(h, admin, { nome: 'Jonas', quadra: '30', chapa: '2' });
    const shrink = await patch(twoIn.sepulturaId as string, { capacidade: 1 });
    expect(shrink.statusCode).toBe(422);
    expect(shrink.json()).toMatchObject({ field: 'capacidade' });
  });

  it('edits a grave; moving it rewrites its records; a stale version is a 409', async () => {
    const r = await createRecord(h, admin, { nome: 'Lia Movida', quadra: '40', chapa: '1' });
    const g = (await page(r.sepulturaId as string)).sepultura;
    const res = await patch(g.id, { numero: '1A', situacao: 'interditada', version: g.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      numero: '1A',
      situacao: 'interditada',
      version: g.version + 1,
    });
    const detail = await h.app.inject({ method: 'GET', url: `/api/sepultados/${r.id}` });
    expect(detail.json()).toMatchObject({ chapa: '1A', sepulturaId: g.id });
    expect((await patch(g.id, { observacoes: 'x', version: g.version })).statusCode).toBe(409);
    await createRecord(h, admin, { nome: 'Outro', quadra: '40', chapa: '2' });
    const taken = await patch(g.id, { numero: '02' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().field).toBe('numero');
    expect((await patch('0'.repeat(24), { observacoes: 'x' })).statusCode).toBe(404);
    // A malformed id names no grave: the route's own 404 words, never a 400 or a 500.
    const malformed = await h.app.inject({ method: 'GET', url: '/api/sepulturas/nao-e-um-id' });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toEqual({ message: GRAVE_MSG.notFound });
  });

  it('a concessionário notes the condition of graves of records assigned to him, nothing else', async () => {
    const r = await createRecord(h, admin, { nome: 'Mara Vistoria', quadra: '50', chapa: '1' });
    const id = r.sepulturaId as string;
    expect((await patch(id, { observacoes: 'Lápide trincada.' }, conc)).statusCode).toBe(403);
    const assigned = await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${r.id}/atribuir/${conc.id}`,
      headers: auth(admin),
    });
    expect(assigned.statusCode).toBe(200);
    const ok = await patch(id, { observacoes: 'Lápide trincada.' }, conc);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().observacoes).toBe('Lápide trincada.');
    const more = await patch(id, { observacoes: 'x', situacao: 'interditada' }, conc);
    expect(more.statusCode).toBe(403);
    expect(more.json().message).toBe(GRAVE_MSG.forbidden);
    expect((await patch(id, { observacoes: 'x' }, usuario)).statusCode).toBe(403);
    expect((await patch(id, { observacoes: 'x' }, null)).statusCode).toBe(401);
  });

  it('merges two graves that are one: records move, the source goes', async () => {
    const a = await createRecord(h, admin, { nome: 'Nina', quadra: '60', chapa: '3' });
    const b = await createRecord(h, admin, { nome: 'Otto', quadra: '60-B', chapa: '3' });
    const merge = (src: string, destino: string, who: Actor | null = admin) =>
      post(`/api/sepulturas/${src}/mesclar`, { destino }, who);
    expect((await merge(b.sepulturaId as string, a.sepulturaId as string, conc)).statusCode).toBe(
      403,
    );
    expect((await merge(a.sepulturaId as string, a.sepulturaId as string)).statusCode).toBe(400);
    const res = await merge(b.sepulturaId as string, a.sepulturaId as string);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: a.sepulturaId, ocupantes: 2 });
    const gone = await h.app.inject({ method: 'GET', url: `/api/sepulturas/${b.sepulturaId}` });
    expect(gone.statusCode).toBe(404);
    const otto = await h.app.inject({ method: 'GET', url: `/api/sepultados/${b.id}` });
    expect(otto.json()).toMatchObject({ quadra: '60', chapa: '3', sepulturaId: a.sepulturaId });
  });
});
