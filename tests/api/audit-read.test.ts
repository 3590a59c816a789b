/**
 * Reading the audit trail: the admin's page (filters, paging, CSV), a record's history (admin
 * and the assigned concessionário), a user's history (admin). Nobody else reads any of it,
 * private values are masked for whoever may not see them, and no route changes an entry.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_MSG } from '../../src/domain/audit-rules';
import type { AuditHistory, AuditPage } from '../../src/domain/audit-types';
import { type Actor, actor, auth, createRecord } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { patchRecord } from './sync-helpers';

describe.each(engines)('audit trail: reading it ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let conc: Actor;
  let other: Actor;
  let citizen: Actor;
  let recordId = '';
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin', 'Ana Administradora');
    conc = await actor(h, 'concessionario', 'Carla Concessionária');
    other = await actor(h, 'concessionario', 'Otávio Outro');
    citizen = await actor(h, 'usuario', 'Rita Cidadã');
    recordId = (await createRecord(h, admin)).id;
    await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${recordId}/atribuir/${conc.id}`,
      headers: auth(admin),
    });
    const res = await patchRecord(h, conc, recordId, { chapa: '0777', version: 1 });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (url: string, who: Actor | null) =>
    h.app.inject({ method: 'GET', url, headers: auth(who) });

  it('only admins read /api/auditoria: 401 for the public, 403 for everyone else', async () => {
    expect((await get('/api/auditoria', null)).statusCode).toBe(401);
    for (const who of [conc, citizen]) {
      const res = await get('/api/auditoria', who);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: AUDIT_MSG.forbidden });
      expect((await get('/api/auditoria/csv', who)).statusCode).toBe(403);
      expect((await get(`/api/users/${admin.id}/historico`, who)).statusCode).toBe(403);
    }
  });

  it('filters by resource, person, action, dates and cemetery, newest first, in pages', async () => {
    const page = (
      await get('/api/auditoria?recurso=sepultado&limite=1', admin)
    ).json() as AuditPage;
    expect(page.items).toHaveLength(1);
    expect(page.hasMore).toBe(true);
    expect(page.items[0]).toMatchObject({
      resource: 'sepultado',
      action: 'alterar',
      actor: { id: conc.id, name: 'Carla Concessionária', role: 'concessionario' },
      changes: [{ field: 'chapa', before: '0458', after: '0777' }],
    });
    const second = (await get('/api/auditoria?recurso=sepultado&limite=1&pagina=2', admin)).json();
    expect(second.items[0]).toMatchObject({ action: 'criar', actor: { id: admin.id } });

    const byPerson = (await get(`/api/auditoria?pessoa=${conc.id}`, admin)).json() as AuditPage;
    expect(byPerson.items.length).toBeGreaterThan(0);
    expect(byPerson.items.every((e) => e.actor?.id === conc.id || e.subjectId === conc.id)).toBe(
      true,
    );
    const byAction = (await get('/api/auditoria?acao=alterar', admin)).json() as AuditPage;
    expect(byAction.items.every((e) => e.action === 'alterar')).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    const inRange = (await get(`/api/auditoria?de=${today}&ate=${today}`, admin)).json();
    expect(inRange.items.length).toBeGreaterThan(0);
    const past = (await get('/api/auditoria?de=2001-01-01&ate=2001-12-31', admin)).json();
    expect(past.items).toEqual([]);
    const bad = await get('/api/auditoria?de=2024-02-01&ate=2024-01-01', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: AUDIT_MSG.badRange, field: 'de' });

    const cem = page.items[0]?.cemeteryId ?? '';
    const inCem = (await get(`/api/auditoria?cemiterio=${cem}`, admin)).json() as AuditPage;
    expect(inCem.items.length).toBeGreaterThan(0);
    expect(inCem.items.every((e) => e.cemeteryId === cem)).toBe(true);
  });

  it('exports the filtered entries as CSV', async () => {
    const res = await get('/api/auditoria/csv?recurso=sepultado', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="auditoria-/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('Recebido em');
    expect(lines).toHaveLength(3);
    expect(res.body).toContain('Placa: 0458 → 0777');
    expect(res.body).toContain('Carla Concessionária');
  });

  it('a record’s history: the admin and the assigned concessionário, nobody else', async () => {
    const url = `/api/sepultados/${recordId}/historico`;
    for (const who of [admin, conc]) {
      const res = await get(url, who);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as AuditHistory;
      expect(body.items.map((e) => `${e.resource}:${e.action}`)).toEqual([
        'sepultado:alterar',
        'atribuicao:criar',
        'sepultado:criar',
      ]);
      expect(body.items[0]).toMatchObject({
        actor: { id: conc.id, role: 'concessionario' },
        changes: [{ field: 'chapa', before: '0458', after: '0777' }],
      });
      expect(body.items[0]?.receivedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(body.items[0]).toHaveProperty('madeAt');
    }
    expect((await get(url, null)).statusCode).toBe(401);
    expect((await get(url, citizen)).json()).toEqual({ message: AUDIT_MSG.forbiddenHistory });
    expect((await get(url, other)).statusCode).toBe(403);
    expect(
      (await get('/api/sepultados/ffffffffffffffffffffffff/historico', admin)).statusCode,
    ).toBe(404);
  });

  it('a deleted record’s history is still there for the admin', async () => {
    const rec = await createRecord(h, admin, { nome: 'João Removido' });
    await h.app.inject({
      method: 'DELETE',
      url: `/api/sepultados/${rec.id}`,
      headers: auth(admin),
    });
    const res = await get(`/api/sepultados/${rec.id}/historico`, admin);
    expect(res.statusCode).toBe(200);
    const items = (res.json() as AuditHistory).items;
    expect(items.map((e) => e.action)).toEqual(['excluir', 'criar']);
    expect(items[0]?.changes).toContainEqual({
      field: 'nome',
      before: 'João Removido',
      after: 'João Removido',
    });
  });

  it('private values are masked for a concessionário, shown to the admin', async () => {
    // An entry with private values in a record's history (as a table holding a person's
    // contact, attached later, would write).
    await h.app.ctx.database.db.transaction((tx) =>
      tx.execute(sql`INSERT INTO audit_log (resource, resource_id, subject_id, action, changes)
        VALUES ('contato', 'c1', ${recordId}, 'criar',
          '{"email": [null, "familia@exemplo.com.br"], "cpf": [null, "12345678909"],
            "phone": [null, "31987654321"]}'::jsonb)`),
    );
    const seen = async (who: Actor) =>
      ((await get(`/api/sepultados/${recordId}/historico`, who)).json() as AuditHistory).items.find(
        (e) => e.resource === 'contato',
      )?.changes;
    const full = await seen(admin);
    expect(full).toHaveLength(3);
    expect(full).toEqual(
      expect.arrayContaining([
        { field: 'email', before: null, after: 'familia@exemplo.com.br' },
        { field: 'cpf', before: null, after: '12345678909' },
        { field: 'phone', before: null, after: '31987654321' },
      ]),
    );
    const masked = JSON.stringify(await seen(conc));
    expect(masked).not.toContain('familia@');
    expect(masked).not.toContain('12345678909');
    expect(masked).not.toContain('31987654321');
    expect(masked).toContain('***.456.789-**');
  });

  it('a user’s history (admin): their account’s entries', async () => {
    const res = await get(`/api/users/${citizen.id}/historico`, admin);
    expect(res.statusCode).toBe(200);
    const items = (res.json() as AuditHistory).items;
    expect(items.map((e) => `${e.resource}:${e.action}`)).toEqual(['usuario:criar']);
    expect(items[0]?.changes.find((c) => c.field === 'credencial')?.after).toBe('definida');
  });

  it('no route changes the trail, an admin’s request neither', async () => {
    const [before] = await h.app.ctx.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_log',
    );
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of [
        '/api/auditoria',
        '/api/auditoria/1',
        `/api/sepultados/${recordId}/historico`,
      ]) {
        const res = await h.app.inject({ method, url, headers: auth(admin), payload: {} });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    const [after] = await h.app.ctx.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_log',
    );
    expect(after?.n).toBe(before?.n);
  });
});
