/**
 * Family requests: a logged-in person asks from a grave's page; a duplicate pending request is
 * 409, past the daily limit 429; text with a CPF is kept for the office and never reaches the
 * crew; the office accepts (an order of the request's kind, linked) or refuses with a reason;
 * a photo request done with a photo reaches the person by e-mail (a real SMTP server).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_LIMITS, ORDER_MSG } from '../../src/domain/work-order-rules';
import type { FamilyRequest, Order, RequestList } from '../../src/domain/work-order-types';
import { type Actor, actor, auth, insertPerson, multipartBody } from './burials-helpers';
import { engines, type Harness, STRONG_PASSWORD, startApp } from './helpers';
import { jpeg } from './image-fixtures';
import { type MailServer, startMailServer } from './mail-server';
import { type Crew, crew, recordInGrave } from './work-orders-helpers';

describe.each(engines)('pedidos da família ($name)', (engine) => {
  let h: Harness;
  let c: Crew;
  let mail: MailServer;
  beforeAll(async () => {
    mail = await startMailServer();
    h = await startApp(engine, { SMTP_URL: mail.url, PUBLIC_URL: 'https://memorial.test' });
    c = await crew(h);
  });
  afterAll(async () => {
    await h?.close();
    await mail?.close();
  });

  const ask = (graveId: string, who: Actor | null, body: object) =>
    h.app.inject({
      method: 'POST',
      url: `/api/sepulturas/${graveId}/pedidos`,
      headers: auth(who),
      payload: body,
    });
  const act = (url: string, who: Actor, payload: object) =>
    h.app.inject({ method: 'POST', url, headers: auth(who), payload });

  it('a duplicate pending request is 409; past the daily limit 429; a visitor 401', async () => {
    const person = await actor(h, 'usuario', 'Rosa Repetida');
    const { sepulturaId } = await recordInGrave(h, c.admin);
    expect((await ask(sepulturaId, null, { tipo: 'foto' })).statusCode).toBe(401);
    const first = await ask(sepulturaId, person, { tipo: 'foto' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      tipo: 'foto',
      situacao: 'pendente',
      autorNome: 'Rosa Repetida',
    });
    const dup = await ask(sepulturaId, person, { tipo: 'foto' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: ORDER_MSG.requestDuplicate, field: 'tipo' });
    const noText = await ask(sepulturaId, person, { tipo: 'correcao' });
    expect(noText.statusCode).toBe(400);
    expect(noText.json()).toMatchObject({ message: ORDER_MSG.requestTextRequired, field: 'texto' });
    for (let i = 1; i < ORDER_LIMITS.requestsPerDay; i++) {
      const other = await recordInGrave(h, c.admin);
      expect((await ask(other.sepulturaId, person, { tipo: 'limpeza' })).statusCode).toBe(201);
    }
    const over = await ask((await recordInGrave(h, c.admin)).sepulturaId, person, {
      tipo: 'limpeza',
    });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(ORDER_MSG.requestLimit);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('text with a CPF is the office’s: the crew’s order does not carry it; others see nothing', async () => {
    const person = await actor(h, 'usuario', 'Paulo Privado');
    const { sepulturaId, sepultadoId } = await recordInGrave(h, c.admin);
    const made = await ask(sepulturaId, person, {
      tipo: 'correcao',
      sepultadoId,
      texto: 'A data está errada. Meu CPF é 123.456.789-09, telefone (11) 98765-4321.',
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = (made.json() as FamilyRequest).id;
    // The person and the office read it; another person's list does not hold it.
    const mine = await h.app.inject({ method: 'GET', url: '/api/pedidos', headers: auth(person) });
    expect((mine.json() as RequestList).pedidos.map((p) => p.id)).toEqual([id]);
    const stranger = await h.app.inject({
      method: 'GET',
      url: '/api/pedidos',
      headers: auth(c.usuario),
    });
    expect(stranger.body).not.toContain('123.456.789-09');
    expect((stranger.json() as RequestList).pedidos).toEqual([]);
    // The person's data export lists it, text included (LGPD).
    const exported = await h.app.inject({
      method: 'GET',
      url: `/api/users/${person.id}/dados`,
      headers: auth(person),
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().requests).toEqual([
      expect.objectContaining({ id, tipo: 'correcao', situacao: 'pendente', sepultadoId }),
    ]);
    expect(exported.json().requests[0].texto).toContain('123.456.789-09');
    const office = await h.app.inject({
      method: 'GET',
      url: '/api/pedidos?situacao=pendente',
      headers: auth(c.admin),
    });
    expect(office.body).toContain('123.456.789-09');
    // A concessionário is not the office.
    expect(
      (await act(`/api/pedidos/${id}/aceite`, c.conc, { agendadaPara: '2027-01-05T09:00' }))
        .statusCode,
    ).toBe(403);
    const accepted = await act(`/api/pedidos/${id}/aceite`, c.admin, {
      agendadaPara: '2027-01-05T09:00',
      responsaveis: [c.conc.id],
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const request = accepted.json() as FamilyRequest;
    expect(request).toMatchObject({ situacao: 'aceito', ordemId: expect.any(String) });
    const order = await h.app.inject({
      method: 'GET',
      url: `/api/ordens/${request.ordemId}`,
      headers: auth(c.conc),
    });
    expect(order.statusCode).toBe(200);
    expect(order.json()).toMatchObject({ tipo: 'vistoria', pedidoId: id, sepultadoId });
    expect(order.body).not.toContain('123.456.789-09');
    expect(order.body).not.toContain('98765-4321');
    // Answered once only.
    const twice = await act(`/api/pedidos/${id}/recusa`, c.admin, { motivo: 'x' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ORDER_MSG.requestNotPending);
  });

  it('refuse needs a reason and the person sees it', async () => {
    const person = await actor(h, 'usuario', 'Renata Recusada');
    const { sepulturaId } = await recordInGrave(h, c.admin);
    const id = ((await ask(sepulturaId, person, { tipo: 'limpeza' })).json() as FamilyRequest).id;
    const blank = await act(`/api/pedidos/${id}/recusa`, c.admin, { motivo: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      message: ORDER_MSG.requestRefuseReasonRequired,
      field: 'motivo',
    });
    const refused = await act(`/api/pedidos/${id}/recusa`, c.admin, {
      motivo: 'A limpeza é responsabilidade do concessionário da sepultura.',
    });
    expect(refused.statusCode).toBe(200);
    const mine = await h.app.inject({ method: 'GET', url: '/api/pedidos', headers: auth(person) });
    expect((mine.json() as RequestList).pedidos[0]).toMatchObject({
      situacao: 'recusado',
      motivoRecusa: 'A limpeza é responsabilidade do concessionário da sepultura.',
    });
  });

  it('a photo request done with a photo: the request is concluded and the person gets an e-mail', async () => {
    const { row, email } = await insertPerson(h.app.ctx, 'usuario', 'Fernanda Foto');
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    const person: Actor = { id: row.id, name: 'Fernanda Foto', token: login.json().token };
    const { sepulturaId } = await recordInGrave(h, c.admin);
    const id = ((await ask(sepulturaId, person, { tipo: 'foto' })).json() as FamilyRequest).id;
    const accepted = (
      await act(`/api/pedidos/${id}/aceite`, c.admin, {
        agendadaPara: '2027-01-06T09:00',
        responsaveis: [c.conc.id],
      })
    ).json() as FamilyRequest;
    const orderId = accepted.ordemId as string;
    const form = await multipartBody({}, [
      { name: 'f.jpg', type: 'image/jpeg', data: await jpeg(800, 600), field: 'photo' },
    ]);
    const photo = await h.app.inject({
      method: 'POST',
      url: `/api/ordens/${orderId}/fotos`,
      headers: { ...auth(c.conc), ...form.headers },
      payload: form.payload,
    });
    expect(photo.statusCode, photo.body).toBe(200);
    const done = await act(`/api/ordens/${orderId}/conclusao`, c.conc, {});
    expect(done.statusCode, done.body).toBe(200);
    const file = (done.json() as Order).fotos[0]?.url as string;

    const received = await mail.next(email, /foto/i);
    expect(received.decoded).toContain('Olá, Fernanda Foto!');
    expect(received.decoded).toContain(`https://memorial.test${file}`);
    expect(received.decoded).toContain(`https://memorial.test/sepulturas/${sepulturaId}`);
    const mine = await h.app.inject({ method: 'GET', url: '/api/pedidos', headers: auth(person) });
    expect((mine.json() as RequestList).pedidos[0]).toMatchObject({
      situacao: 'concluido',
      foto: { url: file },
    });
  });
});
