/**
 * GET /api/sync/comisso: what a concessionário's device keeps for inspections without signal —
 * the graves of records assigned to them that have an open comisso case, with the grave's
 * public part and the open case; never another's graves, never a closed case, nothing for a
 * citizen, an admin or a visitor, never the titular's private data (CPF, phone, e-mail,
 * address, nor the notice's e-mail). A sync with nothing changed is one 304 under 1 KB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComissoCase } from '../../src/domain/comisso-types';
import type { FieldGraves } from '../../src/domain/schemas/comisso-field';
import { type Actor, actor, auth, createRecord } from './burials-helpers';
import { engines, type Harness, startApp, validCpf } from './helpers';
import { type MailServer, startMailServer } from './mail-server';

const TITULAR = {
  cpf: validCpf(),
  telefone: '31991234567',
  email: 'titular.privado@exemplo.com.br',
  endereco: 'Rua dos Inconfidentes, 742, Ouro Preto',
};

describe.each(engines)('sync/comisso ($name)', (engine) => {
  let h: Harness;
  let mail: MailServer;
  let admin: Actor;
  let conc: Actor;
  let outro: Actor;
  let usuario: Actor;
  let n = 0;
  beforeAll(async () => {
    mail = await startMailServer();
    h = await startApp(engine, { SMTP_URL: mail.url });
    admin = await actor(h, 'admin');
    conc = await actor(h, 'concessionario', 'Fiscal Atribuído');
    outro = await actor(h, 'concessionario', 'Fiscal de Outra Quadra');
    usuario = await actor(h, 'usuario');
  });
  afterAll(async () => {
    await h?.close();
    await mail?.close();
  });

  /** A conceded grave with one record assigned to `who`, optionally with an open case. */
  async function grave(who: Actor, openCase: boolean) {
    n += 1;
    const r = await createRecord(h, admin, {
      nome: `Sepultado Campo ${n}`,
      cemiterio: 'Campo',
      quadra: 'C',
      chapa: String(n),
    });
    const assigned = await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${r.id}/atribuir/${who.id}`,
      headers: auth(admin),
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const graveId = r.sepulturaId as string;
    const granted = await h.app.inject({
      method: 'POST',
      url: `/api/sepulturas/${graveId}/concessoes`,
      headers: auth(admin),
      payload: {
        titularNome: 'Titular Reservado',
        titularCpf: TITULAR.cpf,
        titularTelefone: TITULAR.telefone,
        titularEmail: TITULAR.email,
        titularEndereco: TITULAR.endereco,
        regime: 'perpetua',
        inicio: '01/01/1980',
      },
    });
    expect(granted.statusCode, granted.body).toBe(201);
    if (!openCase) return { graveId, recordId: r.id, caseId: '' };
    const opened = await h.app.inject({
      method: 'POST',
      url: `/api/sepulturas/${graveId}/comisso`,
      headers: auth(admin),
      payload: { nota: 'Mato alto.' },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    return { graveId, recordId: r.id, caseId: (opened.json() as ComissoCase).id };
  }

  const step = (caseId: string, payload: object, who: Actor = admin) =>
    h.app.inject({
      method: 'POST',
      url: `/api/comisso/${caseId}/etapas`,
      headers: auth(who),
      payload,
    });
  const sync = (who: Actor | null, etag?: string) =>
    h.app.inject({
      method: 'GET',
      url: '/api/sync/comisso',
      headers: { ...auth(who), ...(etag ? { 'if-none-match': etag } : {}) },
    });
  const today = () => {
    const d = new Date();
    return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
  };

  it("a concessionário gets the open cases of their records' graves, and nothing else", async () => {
    const mine = await grave(conc, true);
    // Assigned, but without a case: not kept.
    await grave(conc, false);
    const closed = await grave(conc, true);
    const others = await grave(outro, true);
    // A notice by e-mail: the step carries the titular's address, which only the office reads.
    const notice = await step(mine.caseId, { tipo: 'notificacao', data: today(), meio: 'email' });
    expect(notice.statusCode, notice.body).toBe(201);
    await mail.next(TITULAR.email, /comisso/);
    const inspected = await step(
      mine.caseId,
      { tipo: 'vistoria', data: today(), nota: 'Tampa trincada.' },
      conc,
    );
    expect(inspected.statusCode, inspected.body).toBe(201);
    const decided = await h.app.inject({
      method: 'POST',
      url: `/api/comisso/${closed.caseId}/decisao`,
      headers: auth(admin),
      payload: { decisao: 'encerrado', data: today() },
    });
    expect(decided.statusCode, decided.body).toBe(200);

    const res = await sync(conc);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('private');
    const body = res.json() as FieldGraves;
    expect(body.userId).toBe(conc.id);
    expect(body.sepulturas.map((g) => g.sepultura.id)).toEqual([mine.graveId]);
    const [g] = body.sepulturas;
    expect(g?.sepultura).toMatchObject({ situacao: 'em comisso', quadra: 'C' });
    expect(g?.cemiterio.nome).toBe('Campo');
    expect(g?.sepultados.map((s) => s.id)).toEqual([mine.recordId]);
    expect(g?.casos.map((k) => [k.id, k.situacao])).toEqual([[mine.caseId, 'aberto']]);
    expect(g?.casos[0]?.etapas.map((e) => e.tipo)).toEqual(['notificacao', 'vistoria']);
    // Nothing private: no concession, no titular contact, no notice address.
    const text = res.body;
    for (const secret of [TITULAR.cpf, TITULAR.telefone, TITULAR.email, TITULAR.endereco]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain('concessao');
    expect(text).not.toContain('titularCpf');
    expect(g?.casos[0]?.etapas[0]?.email).toBeNull();

    // The other concessionário gets only their own grave.
    const theirs = (await sync(outro)).json() as FieldGraves;
    expect(theirs.sepulturas.map((s) => s.sepultura.id)).toEqual([others.graveId]);
  });

  it('a citizen and an admin get none; a visitor is refused', async () => {
    await grave(conc, true);
    for (const who of [usuario, admin]) {
      const res = await sync(who);
      expect(res.statusCode).toBe(200);
      expect((res.json() as FieldGraves).sepulturas).toEqual([]);
    }
    expect((await sync(null)).statusCode).toBe(401);
  });

  it('with nothing changed the sync is one 304 under 1 KB; a new step changes it', async () => {
    const first = await sync(conc);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const same = await sync(conc, etag);
    expect(same.statusCode).toBe(304);
    expect(same.rawPayload.length).toBe(0);
    const headerBytes = Object.entries(same.headers)
      .map(([k, v]) => `${k}: ${String(v)}\r\n`)
      .join('').length;
    expect(headerBytes + 'HTTP/1.1 304 Not Modified\r\n\r\n'.length).toBeLessThan(1024);

    const body = first.json() as FieldGraves;
    const caseId = body.sepulturas[0]?.casos[0]?.id as string;
    expect((await step(caseId, { tipo: 'vistoria', data: today() }, conc)).statusCode).toBe(201);
    const changed = await sync(conc, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});
