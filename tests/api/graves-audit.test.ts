/**
 * Graves and concessions write to the audit trail (migration 0034): a grave made by a record's
 * creation and a concession granted each leave one entry, by the admin who wrote them, in the
 * same transaction; the grave's derived key is not listed as a change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entriesSince, lastEntryId } from './audit-helpers';
import { type Actor, actor, auth, createRecord } from './burials-helpers';
import { engines, type Harness, startApp, validCpf } from './helpers';

describe.each(engines)('audit trail of graves and concessions ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin', 'Ana Administradora');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a new grave and a granted concession are each one entry by the admin', async () => {
    const since = await lastEntryId(h);
    const record = await createRecord(h, admin, { quadra: '12', chapa: '458' });
    const graveId = record.sepulturaId as string;
    const cpf = validCpf();
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/sepulturas/${graveId}/concessoes`,
      headers: auth(admin),
      payload: {
        titularNome: 'Joana Titular',
        titularCpf: cpf,
        titularTelefone: '(31) 98765-4321',
        titularEmail: 'joana@exemplo.com.br',
        titularEndereco: 'Rua Direita, 10',
        regime: 'perpetua',
        inicio: '01/01/2001',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const entries = await entriesSince(h, since);
    const graves = entries.filter((e) => e.resource === 'sepultura' && e.resource_id === graveId);
    expect(graves.map((e) => e.action)[0]).toBe('criar');
    expect(graves.every((e) => !('chave' in e.changes))).toBe(true);
    const concessions = entries.filter((e) => e.resource === 'concessao');
    expect(concessions).toHaveLength(1);
    const [granted] = concessions;
    expect(granted).toMatchObject({ action: 'criar', actor_id: admin.id });
    expect(granted?.changes.titular_cpf?.[1]).toBe(cpf.replace(/\D/g, ''));

    const page = await h.app.inject({
      method: 'GET',
      url: '/api/auditoria?recurso=concessao',
      headers: auth(admin),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain(granted?.resource_id ?? 'missing');
  });
});
