import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEP_MSG } from '../../src/domain/burial-messages';
import type { BurialCard } from '../../src/domain/burial-types';
import { type Actor, actor, auth, createRecord } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';

describe.each(engines)('sepultados: assignments and the dashboard list ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let conc: Actor;
  let usuario: Actor;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin');
    conc = await actor(h, 'concessionario', 'Carla Concessionária');
    usuario = await actor(h, 'usuario');
  });
  afterAll(async () => {
    await h?.close();
  });

  const assign = (op: 'atribuir' | 'desatribuir', id: string, userId: string) =>
    h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${id}/${op}/${userId}`,
      headers: auth(admin),
    });
  const mine = async (who: Actor, query: string) => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/sepultados/meussepultados${query}`,
      headers: auth(who),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as BurialCard[]).map((c) => c.nome);
  };

  it('assigns and unassigns with the messages; repeating either is harmless', async () => {
    const rec = await createRecord(h, admin);
    for (let i = 0; i < 2; i++) {
      const res = await assign('atribuir', rec.id, conc.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(SEP_MSG.assigned);
      expect(res.json().sepultado.concessionarios).toEqual([conc.id]);
    }
    for (let i = 0; i < 2; i++) {
      const res = await assign('desatribuir', rec.id, conc.id);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(SEP_MSG.unassigned);
      expect(res.json().sepultado.concessionarios).toEqual([]);
    }
  });

  it('dashboard items carry concessionarios as far as the caller may see them', async () => {
    const other = await actor(h, 'concessionario');
    const rec = await createRecord(h, admin, { nome: 'Teodoro Ulisses Vianna' });
    await assign('atribuir', rec.id, conc.id);
    await assign('atribuir', rec.id, other.id);
    const list = async (who: Actor) => {
      const res = await h.app.inject({
        method: 'GET',
        url: `/api/sepultados/meussepultados?q=${encodeURIComponent(rec.nome)}`,
        headers: auth(who),
      });
      return (res.json() as { id: string; concessionarios?: string[] }[]).find(
        (c) => c.id === rec.id,
      );
    };
    // The admin sees every assignee; a concessionário sees its own id (the original app shows
    // "Editar" when the list holds it), never another person's.
    expect((await list(admin))?.concessionarios?.sort()).toEqual([conc.id, other.id].sort());
    expect((await list(conc))?.concessionarios).toEqual([conc.id]);
    expect((await list(other))?.concessionarios).toEqual([other.id]);
  });

  it.each([
    ['an unknown user', () => '0123456789abcdef01234567', 404, SEP_MSG.userNotFound],
    ['a malformed user id', () => 'nao-e-um-id', 404, SEP_MSG.userNotFound],
  ])('refuses %s with 404', async (_n, userId, status, message) => {
    const rec = await createRecord(h, admin);
    for (const op of ['atribuir', 'desatribuir'] as const) {
      const res = await assign(op, rec.id, userId());
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ message });
    }
  });

  it('refuses a user who is not a concessionário with 422', async () => {
    const rec = await createRecord(h, admin);
    for (const target of [usuario, admin]) {
      for (const op of ['atribuir', 'desatribuir'] as const) {
        const res = await assign(op, rec.id, target.id);
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({ message: SEP_MSG.notConcessionario, field: 'userId' });
      }
    }
  });

  it('lets an admin remove an assignment left over after a role change', async () => {
    const former = await actor(h, 'concessionario');
    const rec = await createRecord(h, admin);
    expect((await assign('atribuir', rec.id, former.id)).statusCode).toBe(200);
    await h.app.ctx.database.sql.query(`update users set role = 'usuario' where id = $1`, [
      former.id,
    ]);
    const res = await assign('desatribuir', rec.id, former.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().sepultado.concessionarios).toEqual([]);
  });

  it('answers 404 for an unknown or deleted record', async () => {
    const rec = await createRecord(h, admin);
    await h.app.inject({
      method: 'DELETE',
      url: `/api/sepultados/${rec.id}`,
      headers: auth(admin),
    });
    for (const id of [rec.id, '0123456789abcdef01234567', 'x']) {
      const res = await assign('atribuir', id, conc.id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: SEP_MSG.notFound });
    }
  });

  it('drops the assignment when the concessionário account is deleted', async () => {
    const gone = await actor(h, 'concessionario');
    const rec = await createRecord(h, admin);
    await assign('atribuir', rec.id, gone.id);
    await h.app.ctx.database.sql.query('delete from users where id = $1', [gone.id]);
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/sepultados/${rec.id}`,
      headers: auth(admin),
    });
    expect(res.json().concessionarios).toEqual([]);
  });

  describe('dashboard search', () => {
    const names = [
      'Conceição Aparecida Gonçalves',
      'JOSÉ DE SOUZA',
      'José Antônio da Silva',
      'Joseph 100% Feliz',
      'Maria_Rosa Lima',
    ];
    beforeAll(async () => {
      for (const nome of names) {
        const rec = await createRecord(h, admin, { nome });
        if (nome.startsWith('José Antônio')) await assign('atribuir', rec.id, conc.id);
      }
    });

    it('matches any part of the name ignoring accents and case', async () => {
      expect(await mine(admin, '?q=CONCEICAO%20apa')).toEqual(['Conceição Aparecida Gonçalves']);
      expect(await mine(admin, '?q=goncalves')).toEqual(['Conceição Aparecida Gonçalves']);
      expect((await mine(admin, `?q=${encodeURIComponent('josé')}`)).sort()).toEqual(
        ['JOSÉ DE SOUZA', 'José Antônio da Silva', 'Joseph 100% Feliz'].sort(),
      );
      expect(await mine(admin, `?q=${encodeURIComponent('ANTONIO DA')}`)).toEqual([
        'José Antônio da Silva',
      ]);
    });

    it('takes %, _ and quotes literally (no pattern or SQL injection)', async () => {
      expect(await mine(admin, `?q=${encodeURIComponent('100%')}`)).toEqual(['Joseph 100% Feliz']);
      expect(await mine(admin, `?q=${encodeURIComponent('a_r')}`)).toEqual(['Maria_Rosa Lima']);
      expect(await mine(admin, `?q=${encodeURIComponent('%')}`)).toEqual(['Joseph 100% Feliz']);
      expect(await mine(admin, `?q=${encodeURIComponent("' or 1=1 --")}`)).toEqual([]);
      expect(await mine(admin, `?q=${encodeURIComponent('.*')}`)).toEqual([]);
    });

    it('searches a concessionário’s assigned records only', async () => {
      expect(await mine(conc, '?q=jose')).toEqual(['José Antônio da Silva']);
    });

    it('answers cards with the first photo fields and honours limit', async () => {
      const res = await h.app.inject({
        method: 'GET',
        url: '/api/sepultados/meussepultados?limit=2',
        headers: auth(admin),
      });
      const cards = res.json() as BurialCard[];
      expect(cards).toHaveLength(2);
      // An admin's cards also say who is assigned (one-click "Desatribuir" per person).
      expect(Object.keys(cards[0] ?? {}).sort()).toEqual(
        [
          '_id',
          'cemiterio',
          'chapa',
          'concessionarios',
          'concessionariosInfo',
          'id',
          'images',
          'nome',
          'quadra',
          'rua',
          'thumb',
        ].sort(),
      );
      const concCards = (
        await h.app.inject({
          method: 'GET',
          url: '/api/sepultados/meussepultados?limit=2',
          headers: auth(conc),
        })
      ).json() as BurialCard[];
      // A concessionário's cards carry its own id only, never who else is assigned.
      expect(Object.keys(concCards[0] ?? {}).sort()).toEqual(
        [
          '_id',
          'cemiterio',
          'chapa',
          'concessionarios',
          'id',
          'images',
          'nome',
          'quadra',
          'rua',
          'thumb',
        ].sort(),
      );
      const bad = await h.app.inject({
        method: 'GET',
        url: `/api/sepultados/meussepultados?q=${'x'.repeat(101)}`,
        headers: auth(admin),
      });
      expect(bad.statusCode).toBe(400);
    });
  });
});
