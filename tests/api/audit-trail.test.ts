/**
 * The audit trail (migrations 0021, 0022): each write path writes its entry in the write's
 * transaction, with the author and role, the changed fields before and after, the request id
 * and, for an outbox write, when the device made it. No hash is ever stored; a deleted record's
 * entries stay.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MADE_AT_HEADER } from '../../src/domain/made-at';
import { entriesSince, lastEntryId, storedEntries } from './audit-helpers';
import {
  type Actor,
  actor,
  auth,
  createRecord,
  createWithPhotos,
  multipartBody,
} from './burials-helpers';
import { engines, type Harness, registration, startApp } from './helpers';
import { jpeg } from './image-fixtures';
import { patchRecord } from './sync-helpers';
import { tribute } from './tributes-helpers';

describe.each(engines)('audit trail: every write path ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let conc: Actor;
  let citizen: Actor;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin', 'Ana Administradora');
    conc = await actor(h, 'concessionario', 'Carla Concessionária');
    citizen = await actor(h, 'usuario', 'Rita Cidadã');
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(() => h.limiter.clear());

  /** Runs `write` and answers the entries it wrote. */
  async function written(write: () => Promise<unknown>) {
    const since = await lastEntryId(h);
    await write();
    return entriesSince(h, since);
  }

  it('creating a record: one entry, by the admin, with every field it was given', async () => {
    let id = '';
    const all = await written(async () => {
      id = (await createRecord(h, admin, { chapa: '0458' })).id;
    });
    // The first record of a cemetery name also creates that cemetery (its own entry).
    expect(all.filter((e) => e.resource === 'cemiterio').map((e) => e.action)).toEqual(['criar']);
    // Its place is a new grave too (migration 0030): that grave's own entry.
    expect(all.filter((e) => e.resource === 'sepultura').map((e) => e.action)).toEqual(['criar']);
    const entries = all.filter((e) => e.resource !== 'cemiterio' && e.resource !== 'sepultura');
    expect(entries).toHaveLength(1);
    const [e] = entries;
    expect(e).toMatchObject({
      resource: 'sepultado',
      resource_id: id,
      subject_id: id,
      action: 'criar',
      actor_id: admin.id,
      actor_role: 'admin',
    });
    expect(e?.changes.chapa).toEqual([null, '0458']);
    expect(e?.changes.nome).toEqual([null, 'Maria da Conceição']);
    expect(e?.cemiterio_id).toMatch(/^[0-9a-f]{24}$/);
    expect(e?.request_id).toMatch(/^[0-9a-f-]{36}$/);
    // Derived columns are not what a person changed.
    expect(Object.keys(e?.changes ?? {})).not.toContain('search_words');
    expect(Object.keys(e?.changes ?? {})).not.toContain('version');
  });

  it('an outbox edit: only the changed fields, its author, and when the device made it', async () => {
    const rec = await createRecord(h, admin);
    await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${rec.id}/atribuir/${conc.id}`,
      headers: auth(admin),
    });
    const madeAt = new Date(Date.now() - 3 * 3600_000);
    const entries = await written(async () => {
      const res = await patchRecord(
        h,
        conc,
        rec.id,
        { chapa: '0500', rua: rec.rua, version: 1 },
        { [MADE_AT_HEADER]: madeAt.toISOString(), 'idempotency-key': `audit-${engine.name}-1` },
      );
      expect(res.statusCode, res.body).toBe(200);
    });
    // The new placa is a new grave (its own entries, migration 0030); the record's edit is one.
    const own = entries.filter((e) => e.resource !== 'sepultura');
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({
      resource: 'sepultado',
      action: 'alterar',
      actor_id: conc.id,
      actor_role: 'concessionario',
      changes: { chapa: ['0458', '0500'] },
    });
    expect(new Date(own[0]?.made_at ?? 0).getTime()).toBe(madeAt.getTime());
    expect(new Date(own[0]?.received_at ?? 0).getTime()).toBeGreaterThan(madeAt.getTime());
  });

  it('photos, assignments, tributes and their moderation: one entry each, in the record’s history', async () => {
    const rec = await createWithPhotos(h, admin, [await jpeg(300, 200, 1)]);
    const photos = await storedEntries(h, 'foto');
    expect(photos.filter((p) => p.subject_id === rec.id)).toHaveLength(1);
    expect(photos.find((p) => p.subject_id === rec.id)?.actor_id).toBe(admin.id);

    const assigned = await written(() =>
      h.app.inject({
        method: 'PATCH',
        url: `/api/sepultados/${rec.id}/atribuir/${conc.id}`,
        headers: auth(admin),
      }),
    );
    expect(assigned).toEqual([
      expect.objectContaining({
        resource: 'atribuicao',
        resource_id: `${rec.id}:${conc.id}`,
        subject_id: rec.id,
        action: 'criar',
        actor_id: admin.id,
      }),
    ]);

    let tributeId = '';
    const posted = await written(async () => {
      tributeId = (await tribute(h, citizen, rec.id, 'Saudades eternas')).id;
    });
    expect(posted).toEqual([
      expect.objectContaining({ resource: 'homenagem', action: 'criar', actor_id: citizen.id }),
    ]);
    expect(posted[0]?.changes.texto).toEqual([null, 'Saudades eternas']);

    const moderated = await written(() =>
      h.app.inject({
        method: 'DELETE',
        url: `/api/sepultados/${rec.id}/comentarios/${tributeId}`,
        headers: auth(admin),
      }),
    );
    expect(moderated).toEqual([
      expect.objectContaining({
        resource: 'homenagem',
        resource_id: tributeId,
        subject_id: rec.id,
        action: 'excluir',
        actor_id: admin.id,
        actor_role: 'admin',
      }),
    ]);
    // What it said is kept as "before".
    expect(moderated[0]?.changes.texto?.[0]).toBe('Saudades eternas');
  });

  it('a deleted record keeps its entries, and the deletion keeps what the record held', async () => {
    const rec = await createRecord(h, admin, { nome: 'José Apagado' });
    const res = await h.app.inject({
      method: 'DELETE',
      url: `/api/sepultados/${rec.id}`,
      headers: auth(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = await storedEntries(h, 'sepultado', rec.id);
    expect(entries.map((e) => e.action)).toEqual(['criar', 'excluir']);
    expect(entries[1]?.changes.nome?.[0]).toBe('José Apagado');
    expect(entries[1]?.actor_id).toBe(admin.id);
  });

  it('accounts: registration, profile, role, password (never the hash) and deletion', async () => {
    const body = registration();
    const reg = await written(() =>
      h.app.inject({ method: 'POST', url: '/api/users/register', payload: body }),
    );
    const created = reg.filter((e) => e.resource === 'usuario');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ action: 'criar', actor_id: null });
    expect(created[0]?.changes.email).toEqual([null, body.email]);
    expect(created[0]?.changes.password_hash).toEqual([null, 'definida']);
    const id = created[0]?.resource_id ?? '';

    const role = await written(() =>
      h.app.inject({
        method: 'PATCH',
        url: `/api/users/${id}/role`,
        headers: auth(admin),
        payload: { role: 'concessionario' },
      }),
    );
    expect(role).toEqual([
      expect.objectContaining({
        resource: 'usuario',
        resource_id: id,
        action: 'alterar',
        actor_id: admin.id,
        changes: { role: ['usuario', 'concessionario'] },
      }),
    ]);

    const login = await h.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: body.email, password: body.password },
    });
    const token = (login.json() as { token: string }).token;
    const profile = await written(() =>
      h.app.inject({
        method: 'PATCH',
        url: `/api/users/edit/${id}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { name: 'Maria Nova', password: 'Outra@4567', confirmpassword: 'Outra@4567' },
      }),
    );
    expect(profile).toHaveLength(1);
    expect(profile[0]).toMatchObject({ actor_id: id, actor_role: 'concessionario' });
    expect(profile[0]?.changes.name).toEqual(['Maria da Conceição', 'Maria Nova']);
    expect(profile[0]?.changes.password_hash).toEqual([null, 'alterada']);

    const removed = await written(() =>
      h.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: auth(admin) }),
    );
    const deletion = removed.filter((e) => e.resource === 'usuario');
    expect(deletion).toEqual([expect.objectContaining({ action: 'excluir', actor_id: admin.id })]);
    expect(deletion[0]?.changes.name).toEqual(['Maria Nova', null]);
    expect(Object.keys(deletion[0]?.changes ?? {})).not.toContain('password_hash');
    // No hash anywhere in the trail.
    const [hashes] = await h.app.ctx.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE changes::text LIKE '%$argon2%'
         OR changes::text LIKE '%$2b$%'`,
    );
    expect(hashes?.n).toBe(0);
  });

  it('a login refused for abuse: one entry per account and address, however many refusals', async () => {
    const body = registration();
    await h.app.inject({ method: 'POST', url: '/api/users/register', payload: body });
    const entries = await written(async () => {
      for (let i = 0; i < 13; i++) {
        await h.app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { email: body.email, password: 'Errada@123' },
          remoteAddress: '198.51.100.9',
        });
      }
    });
    const refused = entries.filter((e) => e.action === 'login_recusado');
    expect(refused).toHaveLength(1);
    expect(refused[0]?.changes.email).toEqual([null, body.email]);
    expect(refused[0]?.changes.ip).toEqual([null, '198.51.100.9']);
  });

  it('cemeteries and their plans', async () => {
    let cemId = '';
    const created = await written(async () => {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/cemiterios',
        headers: auth(admin),
        payload: { nome: 'Cemitério da Paz' },
      });
      expect(res.statusCode, res.body).toBe(201);
      cemId = (res.json() as { id: string }).id;
    });
    expect(created).toEqual([
      expect.objectContaining({
        resource: 'cemiterio',
        resource_id: cemId,
        cemiterio_id: cemId,
        action: 'criar',
        actor_id: admin.id,
      }),
    ]);
    const { payload, headers } = await multipartBody(
      { south: '-20.39', west: '-43.51', north: '-20.38', east: '-43.50' },
      [{ name: 'plano.jpg', type: 'image/jpeg', data: await jpeg(400, 300), field: 'imagem' }],
    );
    const plan = await written(async () => {
      const res = await h.app.inject({
        method: 'PUT',
        url: `/api/cemiterios/${cemId}/plano`,
        headers: { ...auth(admin), ...headers },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(plan).toEqual([
      expect.objectContaining({ resource: 'plano', resource_id: cemId, actor_id: admin.id }),
    ]);
  });

  it('entries cannot be changed or deleted, not even in SQL outside the retention purge', async () => {
    await expect(h.app.ctx.database.sql.query("UPDATE audit_log SET action = 'x'")).rejects.toThrow(
      /append-only/,
    );
    await expect(h.app.ctx.database.sql.query('DELETE FROM audit_log')).rejects.toThrow(
      /append-only/,
    );
    await expect(h.app.ctx.database.sql.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    // The purge deletes only entries past the retention.
    const before = await lastEntryId(h);
    const [purged] = await h.app.ctx.database.sql.query<{ n: string }>(
      'SELECT audit_purge(3653)::text AS n',
    );
    expect(purged?.n).toBe('0');
    expect(await lastEntryId(h)).toBe(before);
  });
});
