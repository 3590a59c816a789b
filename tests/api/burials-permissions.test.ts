/**
 * Spec §6 on the server: every burial route × {visitor, usuario, concessionário assigned,
 * concessionário not assigned, admin}. Each case runs on a fresh record assigned to one
 * concessionário, so the order of cases does not matter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEP_MSG } from '../../src/domain/burial-messages';
import type { BurialCard, BurialRecord } from '../../src/domain/burial-types';
import { MSG } from '../../src/domain/messages';
import { type Actor, actor, auth, createRecord, sepultadoBody } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';

type Who = 'visitor' | 'usuario' | 'assigned' | 'other' | 'admin';
const WHO: Who[] = ['visitor', 'usuario', 'assigned', 'other', 'admin'];

interface Ctx {
  id: string;
  /** The concessionário assigned to the record, and a concessionário to (un)assign. */
  target: string;
}

interface RouteCase {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: (c: Ctx) => string;
  payload?: object;
  /** Expected status per actor; and the 403 text where the spec gives one. */
  expect: Record<Who, number>;
  forbidden?: string;
}

const ROUTES: RouteCase[] = [
  {
    name: 'GET /sepultados',
    method: 'GET',
    url: () => '/api/sepultados',
    expect: { visitor: 200, usuario: 200, assigned: 200, other: 200, admin: 200 },
  },
  {
    name: 'GET /sepultados/:id',
    method: 'GET',
    url: (c) => `/api/sepultados/${c.id}`,
    expect: { visitor: 200, usuario: 200, assigned: 200, other: 200, admin: 200 },
  },
  {
    name: 'POST /sepultados/create',
    method: 'POST',
    url: () => '/api/sepultados/create',
    payload: sepultadoBody(),
    expect: { visitor: 401, usuario: 403, assigned: 403, other: 403, admin: 201 },
    forbidden: SEP_MSG.forbiddenCreate,
  },
  {
    name: 'PATCH /sepultados/:id',
    method: 'PATCH',
    url: (c) => `/api/sepultados/${c.id}`,
    payload: { chapa: '1234' },
    expect: { visitor: 401, usuario: 403, assigned: 200, other: 403, admin: 200 },
    forbidden: SEP_MSG.forbiddenEdit,
  },
  {
    name: 'DELETE /sepultados/:id',
    method: 'DELETE',
    url: (c) => `/api/sepultados/${c.id}`,
    expect: { visitor: 401, usuario: 403, assigned: 403, other: 403, admin: 200 },
    forbidden: SEP_MSG.forbiddenDelete,
  },
  {
    name: 'PATCH /sepultados/:id/atribuir/:userId',
    method: 'PATCH',
    url: (c) => `/api/sepultados/${c.id}/atribuir/${c.target}`,
    expect: { visitor: 401, usuario: 403, assigned: 403, other: 403, admin: 200 },
    forbidden: SEP_MSG.forbiddenAssign,
  },
  {
    name: 'PATCH /sepultados/:id/desatribuir/:userId',
    method: 'PATCH',
    url: (c) => `/api/sepultados/${c.id}/desatribuir/${c.target}`,
    expect: { visitor: 401, usuario: 403, assigned: 403, other: 403, admin: 200 },
    forbidden: SEP_MSG.forbiddenUnassign,
  },
  {
    name: 'GET /sepultados/meussepultados',
    method: 'GET',
    url: () => '/api/sepultados/meussepultados',
    expect: { visitor: 401, usuario: 403, assigned: 200, other: 200, admin: 200 },
    forbidden: SEP_MSG.forbiddenList,
  },
  {
    name: 'GET /users/concessionarios',
    method: 'GET',
    url: () => '/api/users/concessionarios',
    expect: { visitor: 401, usuario: 403, assigned: 403, other: 403, admin: 200 },
    forbidden: SEP_MSG.forbiddenConcessionarios,
  },
];

describe.each(engines)('sepultados: permission matrix ($name)', (engine) => {
  let h: Harness;
  const people = {} as Record<Exclude<Who, 'visitor'>, Actor>;
  let spare: Actor;
  beforeAll(async () => {
    h = await startApp(engine);
    people.admin = await actor(h, 'admin', 'Ana Admin');
    people.usuario = await actor(h, 'usuario', 'Ulisses Usuário');
    people.assigned = await actor(h, 'concessionario', 'Carlos Atribuído');
    people.other = await actor(h, 'concessionario', 'Clara Outra');
    spare = await actor(h, 'concessionario', 'Sérgio Reserva');
  });
  afterAll(async () => {
    await h?.close();
  });

  const as = (who: Who) => (who === 'visitor' ? null : people[who]);

  /** A fresh record with `assigned` assigned to it. */
  async function freshRecord(): Promise<Ctx> {
    const rec = await createRecord(h, people.admin, { nome: 'Registro da Matriz' });
    const res = await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${rec.id}/atribuir/${people.assigned.id}`,
      headers: auth(people.admin),
    });
    expect(res.statusCode).toBe(200);
    return { id: rec.id, target: spare.id };
  }

  const cases = ROUTES.flatMap((route) => WHO.map((who) => [route.name, who, route] as const));

  it.each(cases)('%s as %s', async (_name, who, route) => {
    const c = await freshRecord();
    const res = await h.app.inject({
      method: route.method,
      url: route.url(c),
      headers: auth(as(who)),
      ...(route.payload ? { payload: route.payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(route.expect[who]);
    if (res.statusCode === 401) expect(res.json()).toEqual({ message: MSG.unauthenticated });
    if (res.statusCode === 403) expect(res.json()).toEqual({ message: route.forbidden });
    // A refused write changed nothing.
    if (res.statusCode >= 400 && route.method !== 'GET') {
      const now = await h.app.inject({ method: 'GET', url: `/api/sepultados/${c.id}` });
      expect(now.statusCode).toBe(200);
      expect(now.json()).toMatchObject({ version: 1, chapa: '0458' });
    }
  });

  it('shows the assigned concessionários only to an admin and to those assigned', async () => {
    const c = await freshRecord();
    for (const who of WHO) {
      const rec = (
        await h.app.inject({
          method: 'GET',
          url: `/api/sepultados/${c.id}`,
          headers: auth(as(who)),
        })
      ).json() as BurialRecord;
      if (who === 'admin' || who === 'assigned') {
        expect(rec.concessionarios, who).toEqual([people.assigned.id]);
        expect(rec.concessionariosInfo, who).toEqual([
          { _id: people.assigned.id, id: people.assigned.id, name: 'Carlos Atribuído' },
        ]);
      } else {
        expect(rec.concessionarios, who).toBeUndefined();
        expect(rec.concessionariosInfo, who).toBeUndefined();
      }
    }
  });

  it('gives a concessionário their assigned records only, and an admin all', async () => {
    const c = await freshRecord();
    const list = async (who: Who) =>
      (
        await h.app.inject({
          method: 'GET',
          url: '/api/sepultados/meussepultados?limit=100',
          headers: auth(as(who)),
        })
      ).json() as BurialCard[];
    expect((await list('assigned')).some((r) => r.id === c.id)).toBe(true);
    expect((await list('other')).some((r) => r.id === c.id)).toBe(false);
    expect((await list('admin')).some((r) => r.id === c.id)).toBe(true);
  });

  it('lets an assigned concessionário edit fields but never assignments', async () => {
    const c = await freshRecord();
    const edit = await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${c.id}`,
      headers: auth(people.assigned),
      payload: { concessionarios: [people.other.id] },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().field).toBe('concessionarios');
    const rec = (
      await h.app.inject({
        method: 'GET',
        url: `/api/sepultados/${c.id}`,
        headers: auth(people.admin),
      })
    ).json() as BurialRecord;
    expect(rec.concessionarios).toEqual([people.assigned.id]);
  });

  it('stops a concessionário editing once unassigned, and an ex-concessionário at all', async () => {
    const c = await freshRecord();
    await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${c.id}/desatribuir/${people.assigned.id}`,
      headers: auth(people.admin),
    });
    const res = await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${c.id}`,
      headers: auth(people.assigned),
      payload: { chapa: '1' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 to an edit of an unknown record for those who may edit', async () => {
    for (const who of ['admin', 'assigned'] as const) {
      const res = await h.app.inject({
        method: 'PATCH',
        url: '/api/sepultados/0123456789abcdef01234567',
        headers: auth(people[who]),
        payload: { chapa: '1' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: SEP_MSG.notFound });
    }
  });

  it('lists concessionários with _id, id, name and e-mail only', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/users/concessionarios',
      headers: auth(people.admin),
    });
    const list = res.json() as Record<string, unknown>[];
    expect(list.map((u) => u.name)).toEqual(
      expect.arrayContaining(['Carlos Atribuído', 'Clara Outra', 'Sérgio Reserva']),
    );
    expect(list.map((u) => u.name)).not.toContain('Ulisses Usuário');
    for (const u of list) expect(Object.keys(u).sort()).toEqual(['_id', 'email', 'id', 'name']);
  });
});
