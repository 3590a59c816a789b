/**
 * Work orders (/api/ordens): create with the kind's milestone template, list and its filters,
 * roles (a visitor, a usuário and another concessionário get nothing; the assigned one works
 * theirs and, while the order is open, may edit its record), PATCH's field-level merge and its
 * 409, a cancelled order refusing field work, and admin-added kinds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MSG } from '../../src/domain/work-order-rules';
import type { Order } from '../../src/domain/work-order-types';
import { type Actor, actor, auth } from './burials-helpers';
import { engines, type Harness, startApp, validCpf } from './helpers';
import { type Crew, crew, newOrder, recordInGrave } from './work-orders-helpers';

describe.each(engines)('ordens de serviço ($name)', (engine) => {
  let h: Harness;
  let c: Crew;
  beforeAll(async () => {
    h = await startApp(engine);
    c = await crew(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    who: Actor | null,
    payload?: object,
  ) => h.app.inject({ method, url, headers: auth(who), ...(payload ? { payload } : {}) });

  it('creates a sepultamento with its milestones from the template, at the wall clock', async () => {
    const place = await recordInGrave(h, c.admin);
    const order = await newOrder(h, c.admin, {
      tipo: 'sepultamento',
      agendadaPara: '10/12/2026 15:30',
      sepultadoId: place.sepultadoId,
      responsaveis: [c.conc.id],
    });
    expect(order).toMatchObject({
      tipo: 'sepultamento',
      tipoNome: 'Sepultamento',
      situacao: 'aberta',
      agendadaPara: '2026-12-10T15:30',
      sepultadoId: place.sepultadoId,
      lugar: { sepulturaId: place.sepulturaId, quadra: 'W' },
      responsaveis: [{ id: c.conc.id, nome: 'Carlos Coveiro' }],
      version: 1,
    });
    expect(order.marcos.map((m) => [m.nome, m.previstoPara])).toEqual([
      ['Preparar a cova', '2026-12-10T10:00'],
      ['Chegada do cortejo', '2026-12-10T14:00'],
      ['Sepultamento', '2026-12-10T15:30'],
      ['Fechamento', '2026-12-10T16:30'],
    ]);
    // Audited in the write's transaction: the order, its assignee and its milestones.
    const audit = await h.app.ctx.database.sql.query<{ resource: string; actor_id: string }>(
      `SELECT resource, actor_id FROM audit_log WHERE subject_id = $1 ORDER BY id`,
      [order.id],
    );
    expect(new Set(audit.map((a) => a.resource))).toEqual(
      new Set(['ordem', 'ordem_responsavel', 'ordem_marco']),
    );
    expect(audit.every((a) => a.actor_id === c.admin.id)).toBe(true);
  });

  it('refuses a bad date, an unknown kind, no place, an exhumation without a record and a non-concessionário', async () => {
    const place = await recordInGrave(h, c.admin);
    const bad = async (body: object, status: number, message: string, field: string) => {
      const res = await call('POST', '/api/ordens', c.admin, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ message, field });
    };
    await bad(
      { tipo: 'limpeza', agendadaPara: '31/02/2026 10:00', sepulturaId: place.sepulturaId },
      400,
      ORDER_MSG.dateInvalid,
      'agendadaPara',
    );
    await bad(
      { tipo: 'poda', agendadaPara: '2026-12-01T10:00', sepulturaId: place.sepulturaId },
      422,
      ORDER_MSG.tipoUnknown,
      'tipo',
    );
    await bad(
      { tipo: 'limpeza', agendadaPara: '2026-12-01T10:00' },
      400,
      ORDER_MSG.placeRequired,
      'sepulturaId',
    );
    await bad(
      { tipo: 'exumacao', agendadaPara: '2026-12-01T10:00', sepulturaId: place.sepulturaId },
      422,
      ORDER_MSG.remainsNeedRecord,
      'sepultadoId',
    );
    await bad(
      {
        tipo: 'limpeza',
        agendadaPara: '2026-12-01T10:00',
        sepulturaId: place.sepulturaId,
        responsaveis: [c.usuario.id],
      },
      422,
      ORDER_MSG.responsavelInvalid,
      'responsaveis',
    );
  });

  it('lists with filters; a concessionário sees only theirs; others get nothing', async () => {
    const place = await recordInGrave(h, c.admin);
    const mine = await newOrder(h, c.admin, {
      tipo: 'vistoria',
      agendadaPara: '2027-03-05T09:00',
      sepulturaId: place.sepulturaId,
      responsaveis: [c.conc.id],
    });
    const theirs = await newOrder(h, c.admin, {
      tipo: 'limpeza',
      agendadaPara: '2027-03-06T09:00',
      sepulturaId: place.sepulturaId,
      responsaveis: [c.other.id],
    });
    const ids = (res: { json(): unknown }) =>
      (res.json() as { ordens: Order[] }).ordens.map((o) => o.id);
    const all = await call('GET', '/api/ordens?de=2027-03-05&ate=2027-03-06', c.admin);
    expect(all.statusCode, all.body).toBe(200);
    expect(ids(all)).toEqual([mine.id, theirs.id]);
    expect(ids(await call('GET', '/api/ordens?de=2027-03-06&ate=2027-03-06', c.admin))).toEqual([
      theirs.id,
    ]);
    expect(ids(await call('GET', '/api/ordens?tipo=vistoria&de=2027-03-01', c.admin))).toEqual([
      mine.id,
    ]);
    expect(
      ids(await call('GET', `/api/ordens?responsavelId=${c.other.id}&de=2027-03-01`, c.admin)),
    ).toEqual([theirs.id]);
    expect(ids(await call('GET', '/api/ordens?de=2027-03-01', c.conc))).toEqual([mine.id]);
    expect((await call('GET', '/api/ordens', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/ordens', c.usuario)).statusCode).toBe(403);
    const peek = await call('GET', `/api/ordens/${mine.id}`, c.other);
    expect(peek.statusCode).toBe(403);
    expect(peek.json().message).toBe(ORDER_MSG.notAssigned);
    expect(peek.body).not.toContain(place.sepulturaId);
    expect((await call('GET', `/api/ordens/${mine.id}`, c.conc)).statusCode).toBe(200);
    expect((await call('GET', `/api/ordens/${mine.id}`, c.usuario)).statusCode).toBe(403);
    expect((await call('GET', `/api/ordens/${mine.id}`, null)).statusCode).toBe(401);
    expect(
      (
        await call('POST', '/api/ordens', c.conc, {
          tipo: 'limpeza',
          agendadaPara: '2027-03-06T09:00',
          sepulturaId: place.sepulturaId,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', '/api/ordens/calendario?de=2027-03-01&ate=2027-03-31', c.conc)).statusCode,
    ).toBe(403);
  });

  it('an open order lets its assignee edit the record, for the time of the order', async () => {
    const place = await recordInGrave(h, c.admin);
    const edit = () =>
      call('PATCH', `/api/sepultados/${place.sepultadoId}`, c.other, { epitafio: 'Paz.' });
    expect((await edit()).statusCode).toBe(403);
    const order = await newOrder(h, c.admin, {
      tipo: 'vistoria',
      agendadaPara: '2027-01-10T09:00',
      sepultadoId: place.sepultadoId,
      responsaveis: [c.other.id],
    });
    const during = await edit();
    expect(during.statusCode, during.body).toBe(200);
    // The device's list of editable records says so too (the phone edits it offline).
    const mine = async () =>
      ((await call('GET', '/api/sync/mine', c.other)).json() as { ids: string[] }).ids;
    expect(await mine()).toContain(place.sepultadoId);
    const cancel = await call('PATCH', `/api/ordens/${order.id}`, c.admin, {
      situacao: 'cancelada',
      motivoCancelamento: 'Família desistiu',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await edit()).statusCode).toBe(403);
    expect(await mine()).not.toContain(place.sepultadoId);
  });

  it('PATCH merges fields changed on one side and answers 409 for the same field on both', async () => {
    const place = await recordInGrave(h, c.admin);
    const order = await newOrder(h, c.admin, {
      tipo: 'limpeza',
      agendadaPara: '2027-02-01T08:00',
      sepulturaId: place.sepulturaId,
      responsaveis: [c.conc.id],
      descricao: 'Lavar a lápide',
    });
    // The office reschedules (version 1 → 2): the milestones still to do move with it.
    const moved = await call('PATCH', `/api/ordens/${order.id}`, c.admin, {
      agendadaPara: '2027-02-02T09:00',
      version: 1,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ agendadaPara: '2027-02-02T09:00', version: 2 });
    expect(moved.json().marcos[0].previstoPara).toBe('2027-02-02T09:00');
    // The phone, still at version 1, writes its note: another field, merged.
    const note = await call('PATCH', `/api/ordens/${order.id}`, c.conc, {
      observacoes: 'Faltou água no setor',
      version: 1,
    });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json()).toMatchObject({
      agendadaPara: '2027-02-02T09:00',
      observacoes: 'Faltou água no setor',
      version: 3,
    });
    // The office, from version 2, writes the same note field differently: conflict.
    const clash = await call('PATCH', `/api/ordens/${order.id}`, c.admin, {
      observacoes: 'Levar balde',
      version: 2,
    });
    expect(clash.statusCode, clash.body).toBe(409);
    expect(clash.json()).toMatchObject({
      message: ORDER_MSG.versionConflict,
      campos: ['observacoes'],
      atual: { observacoes: 'Faltou água no setor', version: 3 },
    });
    // A concessionário may not reschedule.
    const refused = await call('PATCH', `/api/ordens/${order.id}`, c.conc, {
      agendadaPara: '2027-02-03T09:00',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ORDER_MSG.editForbidden);
  });

  it('a cancelled order refuses field work with 409, its words and the order now', async () => {
    const place = await recordInGrave(h, c.admin);
    const order = await newOrder(h, c.admin, {
      tipo: 'limpeza',
      agendadaPara: '2027-02-01T08:00',
      sepulturaId: place.sepulturaId,
      responsaveis: [c.conc.id],
    });
    const noReason = await call('PATCH', `/api/ordens/${order.id}`, c.admin, {
      situacao: 'cancelada',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({
      message: ORDER_MSG.cancelMotivoRequired,
      field: 'motivoCancelamento',
    });
    await call('PATCH', `/api/ordens/${order.id}`, c.admin, {
      situacao: 'cancelada',
      motivoCancelamento: 'Chuva forte',
    });
    const marco = order.marcos[0]?.id as string;
    for (const res of [
      await call('POST', `/api/ordens/${order.id}/marcos/${marco}`, c.conc, {}),
      await call('POST', `/api/ordens/${order.id}/comentarios`, c.conc, { texto: 'Feito' }),
      await call('PATCH', `/api/ordens/${order.id}`, c.conc, { observacoes: 'x', version: 1 }),
      await call('POST', `/api/ordens/${order.id}/conclusao`, c.conc, {}),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        message: ORDER_MSG.cancelled,
        atual: { id: order.id, situacao: 'cancelada', motivoCancelamento: 'Chuva forte' },
      });
    }
    // The office may reopen it.
    const reopened = await call('PATCH', `/api/ordens/${order.id}`, c.admin, {
      situacao: 'aberta',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ situacao: 'aberta', motivoCancelamento: null });
  });

  it('a rotating grave due for exhumation names its open exumação order in the deadlines', async () => {
    const place = await recordInGrave(h, c.admin, {
      cemiterio: 'Rotativo',
      dtNasc: '01/01/1950',
      dtFal: '01/01/2015',
      idade: 65,
    });
    const grant = await call('POST', `/api/sepulturas/${place.sepulturaId}/concessoes`, c.admin, {
      titularNome: 'Titular Rotativo',
      titularCpf: validCpf(),
      regime: 'rotativa',
      inicio: '01/01/2015',
    });
    expect(grant.statusCode, grant.body).toBe(201);
    const [grave] = await h.app.ctx.database.sql.query<{ c: string }>(
      'SELECT cemiterio_id AS c FROM sepulturas WHERE id = $1',
      [place.sepulturaId],
    );
    const due = async () => {
      const res = await call('GET', `/api/prazos?cemiterioId=${grave?.c}&tipo=exumacao`, c.admin);
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .itens.find((i: { sepultadoId: string }) => i.sepultadoId === place.sepultadoId);
    };
    expect(await due()).toMatchObject({ tipo: 'exumacao', ordemId: null });
    const order = await newOrder(h, c.admin, {
      tipo: 'exumacao',
      agendadaPara: '2027-01-20T08:00',
      sepultadoId: place.sepultadoId,
    });
    expect(await due()).toMatchObject({ ordemId: order.id });
  });

  it('a grave merge carries its orders and requests; a deleted account takes its requests, not the orders', async () => {
    const a = await recordInGrave(h, c.admin, { cemiterio: 'Mescla' });
    const b = await recordInGrave(h, c.admin, { cemiterio: 'Mescla' });
    const order = await newOrder(h, c.admin, {
      tipo: 'limpeza',
      agendadaPara: '2027-01-20T08:00',
      sepulturaId: a.sepulturaId,
    });
    const asker = await actor(h, 'usuario', 'Quem Pede');
    const asked = await call('POST', `/api/sepulturas/${a.sepulturaId}/pedidos`, asker, {
      tipo: 'foto',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const accepted = await call('POST', `/api/pedidos/${asked.json().id}/aceite`, c.admin, {
      agendadaPara: '2027-01-21T08:00',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const merged = await call('POST', `/api/sepulturas/${a.sepulturaId}/mesclar`, c.admin, {
      destino: b.sepulturaId,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const after = await call('GET', `/api/ordens/${order.id}`, c.admin);
    expect(after.json().lugar.sepulturaId).toBe(b.sepulturaId);
    const gone = await h.app.inject({
      method: 'DELETE',
      url: `/api/users/${asker.id}`,
      headers: auth(c.admin),
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const fromRequest = await call('GET', `/api/ordens/${accepted.json().ordemId}`, c.admin);
    expect(fromRequest.statusCode).toBe(200);
    expect(fromRequest.json()).toMatchObject({
      pedidoId: null,
      lugar: { sepulturaId: b.sepulturaId },
    });
  });

  it('kinds: built-ins listed; an admin adds one, a duplicate is 409; orders of it have no template', async () => {
    const list = await call('GET', '/api/ordens/tipos', c.conc);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((k: { tipo: string }) => k.tipo)).toEqual(
      expect.arrayContaining([
        'sepultamento',
        'exumacao',
        'translado',
        'limpeza',
        'vistoria',
        'foto',
      ]),
    );
    expect((await call('POST', '/api/ordens/tipos', c.conc, { nome: 'Poda' })).statusCode).toBe(
      403,
    );
    const made = await call('POST', '/api/ordens/tipos', c.admin, { nome: 'Poda de árvore' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toEqual({ tipo: 'poda-de-arvore', nome: 'Poda de árvore', builtin: false });
    const again = await call('POST', '/api/ordens/tipos', c.admin, { nome: 'PODA DE ÁRVORE' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: ORDER_MSG.tipoExists, field: 'nome' });
    const place = await recordInGrave(h, c.admin);
    const order = await newOrder(h, c.admin, {
      tipo: 'poda-de-arvore',
      agendadaPara: '2027-04-01T07:00',
      sepulturaId: place.sepulturaId,
    });
    expect(order).toMatchObject({ tipoNome: 'Poda de árvore', marcos: [] });
  });
});
