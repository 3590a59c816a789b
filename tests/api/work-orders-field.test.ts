/**
 * The crew's writes on an order: a milestone ticked on two phones at once is one tick (the first
 * time and author kept, both answers agree); comments and photos re-sent with their
 * Idempotency-Key apply once; a photo is re-encoded and keeps its time and GPS; an exhumation
 * is concluded only with a destination, and its conclusion writes the custody chain
 * (grave → ossuary niche) that the record's public page shows without names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MSG } from '../../src/domain/work-order-rules';
import type { Custody, Order } from '../../src/domain/work-order-types';
import { auth, multipartBody } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { jpeg } from './image-fixtures';
import { type Crew, crew, newOrder, ossuaryNiche, recordInGrave } from './work-orders-helpers';

describe.each(engines)('ordens: trabalho de campo ($name)', (engine) => {
  let h: Harness;
  let c: Crew;
  beforeAll(async () => {
    h = await startApp(engine);
    c = await crew(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  const post = (url: string, who: Crew[keyof Crew] | null, payload: object, headers = {}) =>
    h.app.inject({ method: 'POST', url, headers: { ...auth(who), ...headers }, payload });

  const assigned = async (tipo = 'limpeza', extra: object = {}) => {
    const place = await recordInGrave(h, c.admin);
    const order = await newOrder(h, c.admin, {
      tipo,
      agendadaPara: '2027-05-10T10:00',
      sepultadoId: place.sepultadoId,
      responsaveis: [c.conc.id, c.other.id],
      ...extra,
    });
    return { order, place };
  };

  it('a milestone ticked on two phones at once: one tick, first time and author kept, same answer', async () => {
    const { order } = await assigned();
    const marco = order.marcos[1]?.id as string;
    const url = `/api/ordens/${order.id}/marcos/${marco}`;
    const [a, b] = await Promise.all([
      post(url, c.conc, { feitoEm: '2026-11-20T13:05:00.000Z' }),
      post(url, c.other, { feitoEm: '2026-11-20T13:07:00.000Z' }),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const ma = (a.json() as Order).marcos[1];
    const mb = (b.json() as Order).marcos[1];
    expect(ma).toEqual(mb);
    expect([ma?.feitoEm, ma?.feitoPorNome]).toSatisfy(
      ([at, who]: [string, string]) =>
        (at === '2026-11-20T13:05:00.000Z' && who === 'Carlos Coveiro') ||
        (at === '2026-11-20T13:07:00.000Z' && who === 'Otávio Outro'),
    );
    expect((a.json() as Order).situacao).toBe('em andamento');
    // A late re-send from the outbox changes nothing.
    const again = await post(url, c.conc, { feitoEm: '2026-11-20T18:00:00.000Z' });
    expect((again.json() as Order).marcos[1]).toEqual(ma);
    // A tick sent with no body at all is a tick too.
    const bare = await h.app.inject({
      method: 'POST',
      url: `/api/ordens/${order.id}/marcos/${order.marcos[0]?.id}`,
      headers: auth(c.conc),
    });
    expect(bare.statusCode, bare.body).toBe(200);
    expect((bare.json() as Order).marcos[0]?.feitoPorNome).toBe('Carlos Coveiro');
    // Only the office un-ticks.
    expect((await post(url, c.conc, { feito: false })).statusCode).toBe(403);
    const undone = await post(url, c.admin, { feito: false });
    expect((undone.json() as Order).marcos[1]?.feitoEm).toBeNull();
    // An unknown milestone, and someone not assigned.
    expect((await post(`/api/ordens/${order.id}/marcos/${order.id}`, c.conc, {})).statusCode).toBe(
      404,
    );
    const stranger = (await crew(h)).conc;
    expect((await post(url, stranger, {})).statusCode).toBe(403);
  });

  it('a comment re-sent with its Idempotency-Key applies once; the key with other text is 422', async () => {
    const { order } = await assigned();
    const url = `/api/ordens/${order.id}/comentarios`;
    const key = { 'idempotency-key': 'c0ffee00-0000-4000-8000-000000000001' };
    const first = await post(url, c.conc, { texto: 'Túmulo com rachadura' }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(url, c.conc, { texto: 'Túmulo com rachadura' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((again.json() as Order).comentarios).toHaveLength(1);
    expect((again.json() as Order).comentarios[0]).toMatchObject({
      autorNome: 'Carlos Coveiro',
      texto: 'Túmulo com rachadura',
    });
    const reused = await post(url, c.conc, { texto: 'Outra coisa' }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe(ORDER_MSG.keyReused);
    const empty = await post(url, c.conc, { texto: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: ORDER_MSG.comentarioRequired, field: 'texto' });
  });

  it('a photo is re-encoded, keeps its time and position, and a re-send applies once', async () => {
    const { order } = await assigned();
    const image = await jpeg(900, 600);
    const send = async () => {
      const form = await multipartBody(
        { tiradaEm: '2026-11-20T13:30:00.000Z', latitude: '-23.5874', longitude: '-46.5093' },
        [{ name: 'tumulo.jpg', type: 'image/jpeg', data: image, field: 'photo' }],
      );
      return h.app.inject({
        method: 'POST',
        url: `/api/ordens/${order.id}/fotos`,
        headers: {
          ...auth(c.conc),
          ...form.headers,
          'idempotency-key': 'f0f0f0f0-0000-4000-8000-000000000002',
        },
        payload: form.payload,
      });
    };
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const again = await send();
    expect(again.headers['idempotent-replayed']).toBe('true');
    const fotos = (again.json() as Order).fotos;
    expect(fotos).toHaveLength(1);
    expect(fotos[0]).toMatchObject({
      autorNome: 'Carlos Coveiro',
      tiradaEm: '2026-11-20T13:30:00.000Z',
      latitude: -23.5874,
      longitude: -46.5093,
    });
    const served = await h.app.inject({ method: 'GET', url: fotos[0]?.url as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('an exhumation needs a destination; an ossuary must be a niche; concluding writes the custody chain', async () => {
    const { order, place } = await assigned('exumacao');
    const grave = await h.app.inject({
      method: 'GET',
      url: `/api/sepulturas/${place.sepulturaId}`,
    });
    const cemiterioId = grave.json().sepultura.cemiterioId as string;
    const url = `/api/ordens/${order.id}/conclusao`;
    const none = await post(url, c.conc, {});
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ message: ORDER_MSG.destinationRequired, field: 'destino' });
    const notNiche = await post(url, c.conc, {
      destino: { tipo: 'ossuario', sepulturaId: (await recordInGrave(h, c.admin)).sepulturaId },
    });
    expect(notNiche.statusCode).toBe(422);
    expect(notNiche.json()).toMatchObject({
      message: ORDER_MSG.destinationNotOssuary,
      field: 'destino',
    });
    const noName = await post(url, c.conc, { destino: { tipo: 'outro-cemiterio' } });
    expect(noName.json()).toMatchObject({ message: ORDER_MSG.destinationNameRequired });
    // Nothing left the grave on a refusal.
    const before = await h.app.inject({
      method: 'GET',
      url: `/api/sepultados/${place.sepultadoId}/custodia`,
    });
    expect(before.json()).toMatchObject({ sepulturaId: place.sepulturaId, passos: [] });

    const niche = await ossuaryNiche(h, c.admin, cemiterioId, '214');
    const done = await post(url, c.conc, {
      destino: { tipo: 'ossuario', sepulturaId: niche },
      feitoEm: '2026-11-20T15:00:00.000Z',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      situacao: 'concluida',
      concluidaEm: '2026-11-20T15:00:00.000Z',
      destino: { tipo: 'ossuario', sepulturaId: niche },
    });
    // A re-sent conclusion answers the concluded order.
    expect(
      (await post(url, c.conc, { destino: { tipo: 'ossuario', sepulturaId: niche } })).statusCode,
    ).toBe(200);
    // Field work on a concluded order: 409 closed.
    const late = await post(`/api/ordens/${order.id}/comentarios`, c.conc, { texto: 'Esqueci' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ORDER_MSG.closed);

    const pub = await h.app.inject({
      method: 'GET',
      url: `/api/sepultados/${place.sepultadoId}/custodia`,
    });
    expect(pub.statusCode).toBe(200);
    const chain = pub.json() as Custody;
    expect(chain.sepulturaId).toBe(niche);
    expect(chain.atual).toMatch(/^Ossuário · Quadra OSS · Nicho 214 — /);
    expect(chain.passos).toHaveLength(1);
    expect(chain.passos[0]).toMatchObject({
      em: '2026-11-20T15:00:00.000Z',
      de: expect.stringMatching(/^Quadra W · /),
      para: chain.atual,
      porNome: null,
      ordemId: null,
    });
    expect(pub.body).not.toContain('Carlos');
    const office = await h.app.inject({
      method: 'GET',
      url: `/api/sepultados/${place.sepultadoId}/custodia`,
      headers: auth(c.admin),
    });
    expect((office.json() as Custody).passos[0]).toMatchObject({
      porNome: 'Carlos Coveiro',
      ordemId: order.id,
    });
    // A second move (a transfer to another cemetery) starts from the niche.
    const transfer = await newOrder(h, c.admin, {
      tipo: 'translado',
      agendadaPara: '2027-06-01T09:00',
      sepultadoId: place.sepultadoId,
      responsaveis: [c.conc.id],
    });
    const moved = await post(`/api/ordens/${transfer.id}/conclusao`, c.conc, {
      destino: { tipo: 'outro-cemiterio', descricao: 'Cemitério da Consolação, São Paulo' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (
      await h.app.inject({ method: 'GET', url: `/api/sepultados/${place.sepultadoId}/custodia` })
    ).json() as Custody;
    expect(after.atual).toBe('Outro cemitério — Cemitério da Consolação, São Paulo');
    expect(after.sepulturaId).toBeNull();
    expect(after.passos.map((p) => [p.de, p.para])).toEqual([
      [expect.stringMatching(/^Quadra W/), chain.atual],
      [chain.atual, after.atual],
    ]);
  });
});
