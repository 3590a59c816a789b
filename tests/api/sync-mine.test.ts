/**
 * GET /api/sync/mine: the records the caller may edit, for the offline dashboard and
 * "Editar" — only the caller's own assignments, never anyone else's, and never to visitors;
 * and the admin's dashboard cards carry who is assigned (one-click "Desatribuir").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actor, createRecord } from './burials-helpers';
import { bearer, engines, type Harness, startApp } from './helpers';

describe.each(engines)('sync/mine ($name)', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp(engine);
  });
  afterAll(async () => {
    await h?.close();
  });

  const mine = (token?: string) =>
    h.app.inject({ method: 'GET', url: '/api/sync/mine', headers: token ? bearer(token) : {} });

  it('a concessionário gets only their assigned ids; an admin gets "all"; others are refused', async () => {
    const admin = await actor(h, 'admin');
    const one = await actor(h, 'concessionario');
    const two = await actor(h, 'concessionario');
    const usuario = await actor(h, 'usuario');
    const a = await createRecord(h, admin);
    const b = await createRecord(h, admin);
    for (const [rec, who] of [
      [a, one],
      [b, two],
    ] as const) {
      const res = await h.app.inject({
        method: 'PATCH',
        url: `/api/sepultados/${rec.id}/atribuir/${who.id}`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await mine(one.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    // The assigned records come whole (public shape, with their version), for the offline day.
    const body = res.json() as { records: { id: string; version: number; nome: string }[] };
    expect(body).toMatchObject({ userId: one.id, all: false, ids: [a.id] });
    expect(body.records.map((r) => [r.id, r.nome, r.version])).toEqual([[a.id, a.nome, 1]]);
    expect(body.records[0]).not.toHaveProperty('concessionarios');
    expect((await mine(two.token)).json()).toMatchObject({ ids: [b.id] });
    expect((await mine(admin.token)).json()).toMatchObject({ all: true, ids: [] });
    expect((await mine(usuario.token)).statusCode).toBe(403);
    expect((await mine()).statusCode).toBe(401);

    // The admin's dashboard shows who is assigned to each record; a concessionário's does not.
    const dash = async (token: string) =>
      (
        await h.app.inject({
          method: 'GET',
          url: '/api/sepultados/meussepultados?limit=100',
          headers: bearer(token),
        })
      ).json() as { id: string; concessionariosInfo?: { id: string; name: string }[] }[];
    const adminCards = await dash(admin.token);
    expect(adminCards.find((c) => c.id === a.id)?.concessionariosInfo).toEqual([
      { _id: one.id, id: one.id, name: one.name },
    ]);
    const concCards = await dash(one.token);
    expect(concCards.map((c) => c.id)).toEqual([a.id]);
    expect(concCards[0]?.concessionariosInfo).toBeUndefined();
  });
});
