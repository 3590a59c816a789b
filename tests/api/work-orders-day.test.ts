/**
 * The crew's day and the office's calendar: "Hoje" holds the caller's open orders of the
 * municipality's today and the overdue ones, with an ETag (no change → 304, a tiny answer); the
 * calendar's window is bounded; the iCal feed is RFC 5545 text in the municipality's zone,
 * reached only by its secret token (revocable, and no session).
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_LIMITS, ORDER_MSG } from '../../src/domain/work-order-rules';
import type { Calendar, Today } from '../../src/domain/work-order-types';
import { auth } from './burials-helpers';
import { bearer, engines, type Harness, startApp } from './helpers';
import { type Crew, crew, newOrder, recordInGrave } from './work-orders-helpers';

/** The municipality's today (TIME_ZONE's default), as the server computes it. */
function todaySaoPaulo(offsetDays = 0): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(d);
}

describe.each(engines)('ordens: o dia e o calendário ($name)', (engine) => {
  let h: Harness;
  let c: Crew;
  beforeAll(async () => {
    h = await startApp(engine, { PUBLIC_URL: 'https://memorial.test' });
    c = await crew(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('Hoje: today and overdue open orders of the caller only; If-None-Match answers 304', async () => {
    const place = await recordInGrave(h, c.admin);
    const at = (d: string, t: string) => `${d}T${t}`;
    const today = await newOrder(h, c.admin, {
      tipo: 'sepultamento',
      agendadaPara: at(todaySaoPaulo(), '15:30'),
      sepultadoId: place.sepultadoId,
      responsaveis: [c.conc.id],
    });
    const overdue = await newOrder(h, c.admin, {
      tipo: 'limpeza',
      agendadaPara: at(todaySaoPaulo(-3), '08:00'),
      sepulturaId: place.sepulturaId,
      responsaveis: [c.conc.id],
    });
    await newOrder(h, c.admin, {
      tipo: 'vistoria',
      agendadaPara: at(todaySaoPaulo(2), '08:00'),
      sepulturaId: place.sepulturaId,
      responsaveis: [c.conc.id],
    });
    await newOrder(h, c.admin, {
      tipo: 'vistoria',
      agendadaPara: at(todaySaoPaulo(), '09:00'),
      sepulturaId: place.sepulturaId,
      responsaveis: [c.other.id],
    });
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/ordens/hoje',
      headers: auth(c.conc),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Today;
    expect(body.hoje).toBe(todaySaoPaulo());
    expect(body.ordens.map((o) => o.id)).toEqual([overdue.id, today.id]);
    expect(body.ordens[1]?.lugar).toMatchObject({ sepulturaId: place.sepulturaId, quadra: 'W' });
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const same = await h.app.inject({
      method: 'GET',
      url: '/api/ordens/hoje',
      headers: { ...auth(c.conc), 'if-none-match': etag },
    });
    expect(same.statusCode).toBe(304);
    expect(same.rawPayload.length).toBe(0);
    expect(same.headers.etag).toBe(etag);

    // A change (a tick) makes a new answer.
    const marco = today.marcos[0]?.id as string;
    await h.app.inject({
      method: 'POST',
      url: `/api/ordens/${today.id}/marcos/${marco}`,
      headers: auth(c.conc),
      payload: {},
    });
    const changed = await h.app.inject({
      method: 'GET',
      url: '/api/ordens/hoje',
      headers: { ...auth(c.conc), 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((await h.app.inject({ method: 'GET', url: '/api/ordens/hoje' })).statusCode).toBe(401);
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/ordens/hoje', headers: auth(c.usuario) }))
        .statusCode,
    ).toBe(403);
  });

  it('calendar: compact entries of a window, filtered; a window too wide is refused', async () => {
    const place = await recordInGrave(h, c.admin);
    const order = await newOrder(h, c.admin, {
      tipo: 'exumacao',
      agendadaPara: '2028-02-10T10:00',
      sepultadoId: place.sepultadoId,
      responsaveis: [c.other.id, c.conc.id],
    });
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/ordens/calendario?de=2028-02-01&ate=2028-02-29&responsavelId=${c.other.id}`,
      headers: auth(c.admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const cal = res.json() as Calendar;
    // Kinds, cemeteries and people are said once; the entry points to them (people in name
    // order: Carlos before Otávio).
    expect(cal.tipos).toEqual({ exumacao: 'Exumação' });
    expect(cal.cemiterios).toEqual([
      { id: order.lugar.cemiterioId, nome: expect.any(String) as string },
    ]);
    expect(cal.pessoas).toEqual([
      { id: c.conc.id, nome: 'Carlos Coveiro' },
      { id: c.other.id, nome: 'Otávio Outro' },
    ]);
    expect(cal.ordens).toEqual([
      {
        id: order.id,
        tipo: 'exumacao',
        situacao: 'aberta',
        agendadaPara: '2028-02-10T10:00',
        cemiterio: 0,
        rotulo: expect.stringMatching(/^Quadra W · /),
        responsaveis: [0, 1],
      },
    ]);
    // Nothing of a person but the name: the office's calendar is no directory of e-mails.
    expect(res.body).not.toMatch(/@|cpf|phone|email/i);
    // A big window goes compressed, as the JSON the database made.
    for (let i = 0; i < 8; i++) {
      await newOrder(h, c.admin, {
        tipo: 'limpeza',
        agendadaPara: `2028-02-1${i}T08:00`,
        sepulturaId: place.sepulturaId,
      });
    }
    const zipped = await h.app.inject({
      method: 'GET',
      url: `/api/ordens/calendario?de=2028-02-01&ate=2028-02-29&cemiterioId=${order.lugar.cemiterioId}`,
      headers: { ...auth(c.admin), 'accept-encoding': 'gzip' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const unzipped = JSON.parse(zlib.gunzipSync(zipped.rawPayload).toString('utf8')) as Calendar;
    expect(unzipped.ordens).toHaveLength(9);
    expect(unzipped.tipos).toEqual({ exumacao: 'Exumação', limpeza: expect.any(String) as string });
    // An order with no one assigned points to no one.
    expect(unzipped.ordens.filter((o) => o.responsaveis.length === 0)).toHaveLength(8);
    expect(unzipped.ordens.map((o) => o.agendadaPara)).toEqual(
      [...unzipped.ordens.map((o) => o.agendadaPara)].sort(),
    );
    const wide = await h.app.inject({
      method: 'GET',
      url: '/api/ordens/calendario?de=2028-01-01&ate=2028-03-31',
      headers: auth(c.admin),
    });
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toBe(ORDER_MSG.calendarRange);
    expect(ORDER_LIMITS.calendarDays).toBeLessThan(90);
  });

  it('iCal: a secret feed in the municipality zone; revoked → 404; never a session', async () => {
    const place = await recordInGrave(h, c.admin, { nome: 'José, o "Zé"; de Souza' });
    await newOrder(h, c.admin, {
      tipo: 'sepultamento',
      agendadaPara: `${todaySaoPaulo(1)}T15:30`,
      sepultadoId: place.sepultadoId,
      responsaveis: [c.other.id],
    });
    const made = await h.app.inject({
      method: 'POST',
      url: '/api/ordens/calendario/token',
      headers: auth(c.other),
    });
    expect(made.statusCode, made.body).toBe(201);
    const url = new URL(made.json().url as string);
    expect(url.origin).toBe('https://memorial.test');
    const token = url.searchParams.get('token') as string;
    expect(token).toMatch(/^[\w-]{43}$/);

    const feed = await h.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const ics = feed.body;
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('TZID:America/Sao_Paulo');
    const day = todaySaoPaulo(1).replace(/-/g, '');
    expect(ics).toContain(`DTSTART;TZID=America/Sao_Paulo:${day}T153000`);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('SUMMARY:Sepultamento — José\\, o "Zé"\\; de Souza');
    expect(unfolded).toMatch(/LOCATION:Quadra W · Rua das Flores · \d+ — Cemitério/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    // The token is no session, and the database keeps only its hash.
    const asSession = await h.app.inject({
      method: 'GET',
      url: '/api/ordens/hoje',
      headers: bearer(token),
    });
    expect(asSession.statusCode).toBe(401);
    const stored = await h.app.ctx.database.sql.query<{ hash: string }>(
      'SELECT hash FROM ics_tokens WHERE user_id = $1',
      [c.other.id],
    );
    expect(stored[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.hash).not.toContain(token);

    const revoked = await h.app.inject({
      method: 'DELETE',
      url: '/api/ordens/calendario/token',
      headers: auth(c.other),
    });
    expect(revoked.statusCode).toBe(200);
    const gone = await h.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(ORDER_MSG.icsTokenInvalid);
    const wrong = await h.app.inject({
      method: 'GET',
      url: '/api/ordens/calendario.ics?token=abc',
    });
    expect(wrong.statusCode).toBe(404);
  });
});
