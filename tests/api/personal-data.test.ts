/**
 * Personal data on request (LGPD): a person downloads what Memorial holds about them and
 * deletes their own account; an admin does both for a person at the desk. Each is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_MSG } from '../../src/domain/audit-rules';
import type { PersonalData } from '../../src/domain/audit-types';
import { storedEntries } from './audit-helpers';
import { type Actor, actor, auth, createRecord } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { list, tribute } from './tributes-helpers';

describe.each(engines)('personal data on request ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let recordId = '';
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin', 'Ana Administradora');
    recordId = (await createRecord(h, admin)).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  const download = (id: string, who: Actor | null) =>
    h.app.inject({ method: 'GET', url: `/api/users/${id}/dados`, headers: auth(who) });
  const remove = (id: string, who: Actor | null, payload: object = { confirmar: true }) =>
    h.app.inject({ method: 'DELETE', url: `/api/users/${id}/conta`, headers: auth(who), payload });

  it('a person downloads their account, tributes and the audit entries about their account', async () => {
    const rita = await actor(h, 'usuario', 'Rita Cidadã');
    await tribute(h, rita, recordId, 'Sempre lembrada');
    const res = await download(rita.id, rita);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(`memorial-dados-${rita.id}.json`);
    const data = res.json() as PersonalData;
    expect(data.account).toMatchObject({ id: rita.id, name: 'Rita Cidadã', phone: '11987654321' });
    expect(data.account).not.toHaveProperty('passwordHash');
    expect(res.body).not.toContain('$argon2');
    expect(data.tributes.map((t) => t.texto)).toEqual(['Sempre lembrada']);
    expect(data.auditEntries.map((e) => e.action)).toContain('criar');
    // The download is itself in the trail, by that person.
    const exported = (await storedEntries(h, 'usuario', rita.id)).filter(
      (e) => e.action === 'exportar_dados',
    );
    expect(exported).toEqual([expect.objectContaining({ actor_id: rita.id })]);
  });

  it('nobody else downloads it; an admin does, for a person at the desk', async () => {
    const rita = await actor(h, 'usuario', 'Rita Cidadã');
    const joao = await actor(h, 'concessionario', 'João');
    expect((await download(rita.id, null)).statusCode).toBe(401);
    const refused = await download(rita.id, joao);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: AUDIT_MSG.forbiddenPersonalData });
    const byAdmin = await download(rita.id, admin);
    expect(byAdmin.statusCode).toBe(200);
    const exported = (await storedEntries(h, 'usuario', rita.id)).filter(
      (e) => e.action === 'exportar_dados',
    );
    expect(exported).toEqual([
      expect.objectContaining({ actor_id: admin.id, actor_role: 'admin' }),
    ]);
  });

  it('a person deletes their own account with a confirmation; tributes stay as "Usuário removido"', async () => {
    const rita = await actor(h, 'usuario', 'Rita Apagada');
    await tribute(h, rita, recordId, 'Até breve');
    const unconfirmed = await remove(rita.id, rita, {});
    expect(unconfirmed.statusCode).toBe(400);
    expect((await remove(rita.id, await actor(h, 'usuario'))).statusCode).toBe(403);
    const res = await remove(rita.id, rita);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: AUDIT_MSG.accountDeleted });
    // Gone, with its sessions.
    expect((await download(rita.id, rita)).statusCode).toBe(401);
    const kept = await list(h, recordId);
    expect(JSON.stringify(kept)).toContain('Até breve');
    expect(JSON.stringify(kept)).not.toContain('Rita Apagada');
    // The deletion is in the trail, by the person, and outlives the account.
    const entries = await storedEntries(h, 'usuario', rita.id);
    expect(entries.at(-1)).toMatchObject({ action: 'excluir', actor_id: rita.id });
  });

  it('an admin deletes an account for a person at the desk; the last admin cannot delete itself', async () => {
    const rita = await actor(h, 'usuario', 'Rita Balcão');
    expect((await remove(rita.id, admin)).statusCode).toBe(200);
    const entries = await storedEntries(h, 'usuario', rita.id);
    expect(entries.at(-1)).toMatchObject({ action: 'excluir', actor_id: admin.id });
    const alone = await remove(admin.id, admin);
    expect(alone.statusCode).toBe(409);
  });
});
