/**
 * Concessions (/api/sepulturas/:id/concessoes, /api/concessoes/:id…): grant with a valid CPF and
 * DD/MM/AAAA dates, one active per grave (409, and two offices racing: exactly one wins),
 * overlapping periods, renewals, transfer to an heir, closing, fees, the grave's state following,
 * and the titular's data seen only by admins and the titular's own account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONC_MSG } from '../../src/domain/concession-rules';
import type { Concession } from '../../src/domain/concession-types';
import { type Actor, actor, auth, createRecord, insertPerson } from './burials-helpers';
import { engines, type Harness, STRONG_PASSWORD, startApp, validCpf } from './helpers';

describe.each(engines)('concessões ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let conc: Actor;
  let usuario: Actor;
  let n = 0;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin');
    conc = await actor(h, 'concessionario');
    usuario = await actor(h, 'usuario');
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A fresh grave with one record in it. */
  const grave = async (): Promise<string> => {
    n += 1;
    const r = await createRecord(h, admin, {
      nome: `Sepultado ${n}`,
      quadra: 'C',
      chapa: String(n),
    });
    return r.sepulturaId as string;
  };
  const titular = (overrides: Record<string, unknown> = {}) => ({
    titularNome: 'Joana Titular',
    titularCpf: validCpf(),
    titularTelefone: '(31) 98765-4321',
    titularEmail: 'Joana.Titular@Exemplo.com.br',
    titularEndereco: 'Rua Direita, 10, Ouro Preto',
    ...overrides,
  });
  const grant = (id: string, body: object, who: Actor | null = admin) =>
    h.app.inject({
      method: 'POST',
      url: `/api/sepulturas/${id}/concessoes`,
      headers: auth(who),
      payload: body,
    });
  const act = (method: 'POST' | 'PATCH', url: string, payload: object, who: Actor | null = admin) =>
    h.app.inject({ method, url, headers: auth(who), payload });
  const situacao = async (id: string) =>
    (await h.app.inject({ method: 'GET', url: `/api/sepulturas/${id}` })).json().sepultura.situacao;

  it('grants a temporária: DD/MM/AAAA dates, end from the years, CPF digits, grave concedida', async () => {
    const id = await grave();
    expect(await situacao(id)).toBe('ocupada');
    const res = await grant(id, {
      ...titular(),
      regime: 'temporaria',
      anos: 5,
      inicio: '10/03/2020',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      regime: 'temporaria',
      anos: 5,
      inicio: '2020-03-10',
      fim: '2025-03-10',
      situacao: 'ativa',
      titularTelefone: '31987654321',
      titularEmail: 'joana.titular@exemplo.com.br',
    });
    expect(await situacao(id)).toBe('concedida');
    const perp = await grant(await grave(), {
      ...titular(),
      regime: 'perpetua',
      inicio: '2001-01-01',
    });
    expect(perp.json()).toMatchObject({ fim: null, anos: null });
    const rot = await grant(await grave(), {
      ...titular(),
      regime: 'rotativa',
      inicio: '2024-02-29',
    });
    expect(rot.json().fim).toBe('2027-02-28');
  });

  it('refuses bad input in pt-BR under the field', async () => {
    const id = await grave();
    const cases: [object, string, string][] = [
      [
        { ...titular({ titularCpf: '123.456.789-00' }), regime: 'perpetua', inicio: '01/01/2020' },
        'titularCpf',
        CONC_MSG.cpfInvalid,
      ],
      [
        { ...titular({ titularCpf: '111.111.111-11' }), regime: 'perpetua', inicio: '01/01/2020' },
        'titularCpf',
        CONC_MSG.cpfInvalid,
      ],
      [
        { ...titular({ titularNome: '  ' }), regime: 'perpetua', inicio: '01/01/2020' },
        'titularNome',
        CONC_MSG.nomeRequired,
      ],
      [
        { ...titular({ titularEmail: 'x@' }), regime: 'perpetua', inicio: '01/01/2020' },
        'titularEmail',
        CONC_MSG.emailInvalid,
      ],
      [{ ...titular(), regime: 'perpetua', inicio: '31/02/2020' }, 'inicio', CONC_MSG.dateInvalid],
      [{ ...titular(), regime: 'temporaria', inicio: '01/01/2020' }, 'anos', CONC_MSG.anosRequired],
      [
        { ...titular(), regime: 'temporaria', anos: 3, inicio: '01/01/2020', fim: '01/01/2019' },
        'fim',
        CONC_MSG.endBeforeStart,
      ],
      [
        { ...titular(), regime: 'perpetua', inicio: '01/01/2020', fim: '01/01/2030' },
        'fim',
        CONC_MSG.fimPerpetual,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await grant(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message, field });
    }
    const wrongRegime = await grant(id, { ...titular(), regime: 'eterna', inicio: '01/01/2020' });
    expect(wrongRegime.statusCode).toBe(400);
    expect(await situacao(id)).toBe('ocupada');
  });

  it('one active concession per grave: a second is a 409; an overlap with a closed one a 422', async () => {
    const id = await grave();
    const first = await grant(id, {
      ...titular(),
      regime: 'temporaria',
      anos: 10,
      inicio: '01/01/2010',
    });
    expect(first.statusCode).toBe(201);
    const second = await grant(id, { ...titular(), regime: 'perpetua', inicio: '01/01/2030' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(CONC_MSG.activeExists);
    const c = first.json() as Concession;
    const closed = await act('POST', `/api/concessoes/${c.id}/encerramento`, {
      em: '31/12/2015',
      motivo: 'Desistência',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ situacao: 'encerrada', encerradaEm: '2015-12-31' });
    expect(await situacao(id)).toBe('ocupada');
    const overlap = await grant(id, { ...titular(), regime: 'perpetua', inicio: '01/06/2014' });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().field).toBe('inicio');
    expect(overlap.json().message).toMatch(/sobrepõe.*01\/01\/2010 a 31\/12\/2015/);
    const after = await grant(id, { ...titular(), regime: 'perpetua', inicio: '31/12/2015' });
    expect(after.statusCode, after.body).toBe(201);
  });

  it('two offices granting the same free grave at once: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await grave();
      const answers = await Promise.all(
        [0, 1, 2].map(() => grant(id, { ...titular(), regime: 'perpetua', inicio: '01/01/2024' })),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, answers.map((a) => a.body).join('\n')).toEqual([201, 409, 409]);
      const list = await h.app.inject({
        method: 'GET',
        url: `/api/sepulturas/${id}/concessoes`,
        headers: auth(admin),
      });
      expect((list.json() as Concession[]).filter((c) => c.situacao === 'ativa')).toHaveLength(1);
    }
  });

  it('renews (not before the start, only later), transfers to an heir, keeps fees', async () => {
    const id = await grave();
    const c = (
      await grant(id, { ...titular(), regime: 'temporaria', anos: 5, inicio: '01/01/2020' })
    ).json() as Concession;
    const early = await act('POST', `/api/concessoes/${c.id}/renovacoes`, {
      em: '31/12/2019',
      anos: 5,
    });
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual({ message: CONC_MSG.renewBeforeStart, field: 'em' });
    const shorter = await act('POST', `/api/concessoes/${c.id}/renovacoes`, {
      em: '01/01/2024',
      novoFim: '01/01/2024',
    });
    expect(shorter.json()).toEqual({ message: CONC_MSG.renewNotLater, field: 'novoFim' });
    const renewed = await act('POST', `/api/concessoes/${c.id}/renovacoes`, {
      em: '15/12/2024',
      anos: 5,
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toMatchObject({
      fim: '2030-01-01',
      renovacoes: [{ em: '2024-12-15', fimAnterior: '2025-01-01', novoFim: '2030-01-01' }],
    });

    const fee = await act('POST', `/api/concessoes/${c.id}/taxas`, {
      ano: 2025,
      valor: 91.78,
      vencimento: '31/03/2025',
    });
    expect(fee.statusCode, fee.body).toBe(201);
    const again = await act('POST', `/api/concessoes/${c.id}/taxas`, {
      ano: 2025,
      valor: 1,
      vencimento: '31/03/2025',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().field).toBe('ano');
    const feeId = (fee.json() as Concession).taxas[0]?.id as string;
    const paid = await act('PATCH', `/api/taxas/${feeId}`, {
      pagoEm: '02/04/2025',
      recibo: 'BOL-2025-0001',
    });
    expect(paid.json().taxas[0]).toMatchObject({
      valor: 91.78,
      pagoEm: '2025-04-02',
      recibo: 'BOL-2025-0001',
    });

    const noDoc = await act('POST', `/api/concessoes/${c.id}/transferencia`, {
      ...titular(),
      em: '01/06/2026',
      motivo: 'Falecimento do titular',
      documento: ' ',
    });
    expect(noDoc.json()).toEqual({ message: CONC_MSG.documentoRequired, field: 'documento' });
    const heir = await act('POST', `/api/concessoes/${c.id}/transferencia`, {
      ...titular({ titularNome: 'Pedro Herdeiro' }),
      em: '01/06/2026',
      motivo: 'Falecimento do titular',
      documento: 'Formal de partilha 123/2026',
    });
    expect(heir.statusCode, heir.body).toBe(200);
    expect(heir.json()).toMatchObject({
      titularNome: 'Pedro Herdeiro',
      situacao: 'ativa',
      inicio: '2026-06-01',
      fim: '2030-01-01',
      origemId: c.id,
      transferenciaDocumento: 'Formal de partilha 123/2026',
    });
    const list = (
      await h.app.inject({
        method: 'GET',
        url: `/api/sepulturas/${id}/concessoes`,
        headers: auth(admin),
      })
    ).json() as Concession[];
    expect(list.map((x) => x.situacao)).toEqual(['ativa', 'transferida']);
    expect(await situacao(id)).toBe('concedida');
    const closedAgain = await act('POST', `/api/concessoes/${c.id}/encerramento`, {
      em: '01/07/2026',
      motivo: 'x',
    });
    expect(closedAgain.statusCode).toBe(422);
    expect(closedAgain.json().message).toBe(CONC_MSG.notActive);
  });

  it('edits the titular; a burial into a grave at capacity is still refused under chapa', async () => {
    const id = await grave();
    const c = (
      await grant(id, { ...titular(), regime: 'perpetua', inicio: '01/01/2000' })
    ).json() as Concession;
    const res = await act('PATCH', `/api/concessoes/${c.id}`, {
      titularTelefone: null,
      titularEndereco: 'Praça Tiradentes, 1',
      version: c.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      titularTelefone: null,
      titularEndereco: 'Praça Tiradentes, 1',
      version: c.version + 1,
    });
    expect(
      (await act('PATCH', `/api/concessoes/${c.id}`, { titularCpf: '00000000000' })).json().field,
    ).toBe('titularCpf');
    expect(
      (await act('PATCH', `/api/concessoes/${c.id}`, { titularNome: 'x', version: c.version }))
        .statusCode,
    ).toBe(409);
  });

  it("the titular's data: admins and the titular's own account only", async () => {
    const { row, email } = await insertPerson(h.app.ctx, 'usuario', 'Rita Titular');
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    const rita: Actor = { id: row.id, name: 'Rita', token: login.json().token };
    const id = await grave();
    const c = (
      await grant(id, {
        ...titular({
          titularNome: 'Rita Titular',
          titularCpf: row.cpf,
          titularEmail: 'rita.privada@exemplo.com.br',
        }),
        regime: 'perpetua',
        inicio: '01/01/2000',
      })
    ).json() as Concession;
    expect(c.titularUserId).toBe(row.id);

    const pageFor = async (who: Actor | null) =>
      h.app.inject({ method: 'GET', url: `/api/sepulturas/${id}`, headers: auth(who) });
    for (const who of [null, usuario, conc]) {
      const res = await pageFor(who);
      expect(res.statusCode).toBe(200);
      expect(res.json()).not.toHaveProperty('concessao');
      expect(res.body).not.toContain(row.cpf);
      expect(res.body).not.toContain('rita.privada');
      expect(res.body).not.toContain('Rita Titular');
      const list = await h.app.inject({
        method: 'GET',
        url: `/api/sepulturas/${id}/concessoes`,
        headers: auth(who),
      });
      expect(list.statusCode).toBe(who ? 403 : 401);
      expect(list.body).not.toContain(row.cpf);
    }
    const own = await pageFor(rita);
    expect(own.json().concessao).toMatchObject({ id: c.id, titularCpf: row.cpf });
    expect(own.json()).not.toHaveProperty('concessoes');
    const ownList = await h.app.inject({
      method: 'GET',
      url: `/api/sepulturas/${id}/concessoes`,
      headers: auth(rita),
    });
    expect(ownList.statusCode).toBe(200);
    const office = await pageFor(admin);
    expect(office.json().concessao).toMatchObject({
      titularCpf: row.cpf,
      titularEmail: 'rita.privada@exemplo.com.br',
    });
    expect(office.json().concessoes).toHaveLength(1);
    expect(office.headers['cache-control']).toContain('private');
    // Writes are the office's.
    for (const who of [rita, conc, usuario]) {
      expect(
        (await act('PATCH', `/api/concessoes/${c.id}`, { titularNome: 'x' }, who)).statusCode,
      ).toBe(403);
      expect(
        (
          await grant(
            await grave(),
            { ...titular(), regime: 'perpetua', inicio: '01/01/2020' },
            who,
          )
        ).statusCode,
      ).toBe(403);
    }
    expect(
      (await act('PATCH', `/api/concessoes/${c.id}`, { titularNome: 'x' }, null)).statusCode,
    ).toBe(401);
  });
});
