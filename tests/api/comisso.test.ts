/**
 * Abandonment cases (/api/sepulturas/:id/comisso, /api/comisso/:id/…): opening one puts the
 * grave 'em comisso' and a grant of it is a 409 until the decision; inspections with photos
 * (through the image pipeline, served only to who may read the case), a notice e-mailed for
 * real through SMTP or a letter recorded, three editais, the waiting period from the last
 * notice in /api/prazos, the decision (taken back, or closed because the titular
 * re-registered, which shows on the case), who and when of each step (X-Feito-Em and the
 * server's time), bad input and roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMISSO_MSG } from '../../src/domain/comisso-rules';
import type { ComissoCase } from '../../src/domain/comisso-types';
import { GRAVE_MSG } from '../../src/domain/grave-rules';
import { UPLOAD_MSG } from '../../src/domain/upload-rules';
import {
  type Actor,
  actor,
  auth,
  createRecord,
  multipartBody,
  photo,
  storedFiles,
} from './burials-helpers';
import { engines, type Harness, startApp, validCpf } from './helpers';
import { jpeg } from './image-fixtures';
import { type MailServer, startMailServer } from './mail-server';

/** Today plus `days` as DD/MM/AAAA. */
function day(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

describe.each(engines)('comisso ($name)', (engine) => {
  let h: Harness;
  let mail: MailServer;
  let admin: Actor;
  let conc: Actor;
  let outroConc: Actor;
  let usuario: Actor;
  let n = 0;
  beforeAll(async () => {
    mail = await startMailServer();
    h = await startApp(engine, { SMTP_URL: mail.url });
    admin = await actor(h, 'admin');
    conc = await actor(h, 'concessionario', 'Fiscal Atribuído');
    outroConc = await actor(h, 'concessionario', 'Fiscal de Outra Quadra');
    usuario = await actor(h, 'usuario');
  });
  afterAll(async () => {
    await h?.close();
    await mail?.close();
  });

  /** A grave with one record (assigned to `conc`) under an active perpetual concession. */
  const concededGrave = async (email: string | null = 'titular.antigo@exemplo.com.br') => {
    n += 1;
    const r = await createRecord(h, admin, {
      nome: `Sepultado ${n}`,
      cemiterio: 'Comisso',
      quadra: 'K',
      chapa: String(n),
    });
    const assigned = await h.app.inject({
      method: 'PATCH',
      url: `/api/sepultados/${r.id}/atribuir/${conc.id}`,
      headers: auth(admin),
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const graveId = r.sepulturaId as string;
    const granted = await h.app.inject({
      method: 'POST',
      url: `/api/sepulturas/${graveId}/concessoes`,
      headers: auth(admin),
      payload: {
        titularNome: 'Titular Antigo',
        titularCpf: validCpf(),
        titularEmail: email,
        regime: 'perpetua',
        inicio: '01/01/1980',
      },
    });
    expect(granted.statusCode, granted.body).toBe(201);
    return { graveId, concessaoId: granted.json().id as string };
  };
  const open = (graveId: string, payload: object = {}, who: Actor | null = admin) =>
    h.app.inject({
      method: 'POST',
      url: `/api/sepulturas/${graveId}/comisso`,
      headers: auth(who),
      payload,
    });
  const step = (caseId: string, payload: object, who: Actor | null = admin, extra = {}) =>
    h.app.inject({
      method: 'POST',
      url: `/api/comisso/${caseId}/etapas`,
      headers: { ...auth(who), ...extra },
      payload,
    });
  const decide = (caseId: string, payload: object, who: Actor | null = admin) =>
    h.app.inject({
      method: 'POST',
      url: `/api/comisso/${caseId}/decisao`,
      headers: auth(who),
      payload,
    });
  const situacao = async (id: string) =>
    (await h.app.inject({ method: 'GET', url: `/api/sepulturas/${id}` })).json().sepultura.situacao;

  it('opening puts the grave em comisso; a grant meanwhile is a 409; only one open case', async () => {
    const { graveId, concessaoId } = await concededGrave();
    expect(await situacao(graveId)).toBe('concedida');
    const bad = await open(graveId, { prazoDias: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: COMISSO_MSG.prazoInvalid, field: 'prazoDias' });
    const opened = await open(graveId, { nota: 'Mato alto, lápide quebrada.' });
    expect(opened.statusCode, opened.body).toBe(201);
    const k = opened.json() as ComissoCase;
    expect(k).toMatchObject({ situacao: 'aberto', prazoDias: 90, prazoFim: null, editais: 0 });
    expect(k.abertoPor).toBe(admin.name);
    expect(await situacao(graveId)).toBe('em comisso');
    expect((await open(graveId)).statusCode).toBe(409);
    // The state is the case's: not changed by hand while it is open, nor set without one.
    const byHand = await h.app.inject({
      method: 'PATCH',
      url: `/api/sepulturas/${graveId}`,
      headers: auth(admin),
      payload: { situacao: 'livre' },
    });
    expect(byHand.statusCode).toBe(422);
    expect(byHand.json()).toEqual({ message: GRAVE_MSG.statusByCase, field: 'situacao' });
    const other = await concededGrave();
    const setByHand = await h.app.inject({
      method: 'PATCH',
      url: `/api/sepulturas/${other.graveId}`,
      headers: auth(admin),
      payload: { situacao: 'em comisso' },
    });
    expect(setByHand.statusCode).toBe(422);
    // Close the concession, then try to grant the grave again: refused while the case is open.
    const closed = await h.app.inject({
      method: 'POST',
      url: `/api/concessoes/${concessaoId}/encerramento`,
      headers: auth(admin),
      payload: { em: '01/01/2020', motivo: 'Teste' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await situacao(graveId)).toBe('em comisso');
    const grant = await h.app.inject({
      method: 'POST',
      url: `/api/sepulturas/${graveId}/concessoes`,
      headers: auth(admin),
      payload: {
        titularNome: 'Nova',
        titularCpf: validCpf(),
        regime: 'perpetua',
        inicio: '01/01/2021',
      },
    });
    expect(grant.statusCode).toBe(409);
    expect(grant.json().message).toBe(COMISSO_MSG.grantBlocked);
    // Closed because the titular came back: the grave follows what it holds again.
    const done = await decide(k.id, { decisao: 'encerrado', data: day(0) });
    expect(done.statusCode, done.body).toBe(200);
    expect(await situacao(graveId)).toBe('ocupada');
    const after = await h.app.inject({
      method: 'POST',
      url: `/api/sepulturas/${graveId}/concessoes`,
      headers: auth(admin),
      payload: {
        titularNome: 'Nova',
        titularCpf: validCpf(),
        regime: 'perpetua',
        inicio: '01/01/2021',
      },
    });
    expect(after.statusCode, after.body).toBe(201);
  });

  it('two offices opening a case on the same grave at once: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const { graveId } = await concededGrave();
      const answers = await Promise.all([0, 1, 2].map(() => open(graveId)));
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, answers.map((a) => a.body).join('\n')).toEqual([201, 409, 409]);
      const list = await h.app.inject({
        method: 'GET',
        url: `/api/sepulturas/${graveId}/comisso`,
        headers: auth(admin),
      });
      expect(list.json()).toHaveLength(1);
    }
  });

  it('inspections with photos: the assigned concessionário may add them; who and when are kept', async () => {
    const { graveId } = await concededGrave();
    const k = (await open(graveId)).json() as ComissoCase;
    const madeAt = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const { payload, headers } = await multipartBody(
      { tipo: 'vistoria', data: day(-1), nota: 'Jazigo sem tampa.' },
      [photo(await jpeg(500, 400), 'a.jpg'), photo(await jpeg(300, 300, 90), 'b.jpg')].map((p) => ({
        ...p,
        field: 'fotos',
      })),
    );
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/comisso/${k.id}/etapas`,
      headers: { ...auth(conc), ...headers, 'x-feito-em': madeAt },
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const s = (res.json() as ComissoCase).etapas[0];
    expect(s).toMatchObject({ tipo: 'vistoria', nota: 'Jazigo sem tampa.', feitoPor: conc.name });
    expect(s?.feitoEm).toBe(madeAt);
    expect(Date.now() - Date.parse(s?.registradoEm ?? '')).toBeLessThan(60_000);
    expect(s?.fotos).toHaveLength(2);
    const url = s?.fotos[0]?.url as string;
    const img = await h.app.inject({ method: 'GET', url, headers: auth(conc) });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    for (const who of [null, outroConc, usuario]) {
      const denied = await h.app.inject({ method: 'GET', url, headers: auth(who) });
      expect(denied.statusCode, String(who?.name)).toBe(who ? (who === usuario ? 403 : 404) : 401);
      const list = await h.app.inject({
        method: 'GET',
        url: `/api/sepulturas/${graveId}/comisso`,
        headers: auth(who),
      });
      expect(list.statusCode).toBe(who ? 403 : 401);
    }
    const file = storedFiles(h, 'comisso')[0] as string;
    expect(
      (await h.app.inject({ method: 'GET', url: `/api/images/comisso/${file}` })).statusCode,
    ).toBe(404);
    // Not an image: refused, nothing stored.
    const before = storedFiles(h, 'comisso').length;
    const bad = await multipartBody({ tipo: 'vistoria', data: day(0) }, [
      { ...photo(Buffer.from('<html>não é foto</html>'), 'x.jpg'), field: 'fotos' },
    ]);
    const refused = await h.app.inject({
      method: 'POST',
      url: `/api/comisso/${k.id}/etapas`,
      headers: { ...auth(conc), ...bad.headers },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe(UPLOAD_MSG.notImage);
    expect(storedFiles(h, 'comisso')).toHaveLength(before);
    // The assigned concessionário inspects, but notices, editais and decisions are the office's.
    const notice = await step(k.id, { tipo: 'edital', data: day(0) }, conc);
    expect(notice.statusCode).toBe(403);
    expect((await step(k.id, { tipo: 'vistoria', data: day(0) }, outroConc)).statusCode).toBe(403);
    expect((await step(k.id, { tipo: 'vistoria', data: day(0) }, usuario)).statusCode).toBe(403);
    expect((await decide(k.id, { decisao: 'encerrado', data: day(0) }, conc)).statusCode).toBe(403);
    expect((await open(graveId, {}, conc)).statusCode).toBe(403);
  });

  it('bad input: dates DD/MM/AAAA, the notice means, photos only on inspections', async () => {
    const { graveId } = await concededGrave(null);
    const k = (await open(graveId)).json() as ComissoCase;
    const cases: [object, number, string, string][] = [
      [{ tipo: 'vistoria', data: '31/02/2026' }, 400, 'data', COMISSO_MSG.dateInvalid],
      [{ tipo: 'vistoria', data: '' }, 400, 'data', COMISSO_MSG.dataRequired],
      [{ tipo: 'notificacao', data: day(0) }, 400, 'meio', COMISSO_MSG.meioRequired],
      [{ tipo: 'edital', data: day(0), meio: 'carta' }, 400, 'meio', COMISSO_MSG.meioOnlyNotice],
      // The titular has no e-mail on the concession and none was given.
      [{ tipo: 'notificacao', data: day(0), meio: 'email' }, 422, 'email', COMISSO_MSG.noEmail],
      [
        { tipo: 'notificacao', data: day(0), meio: 'email', email: 'x@' },
        400,
        'email',
        COMISSO_MSG.emailInvalid,
      ],
    ];
    for (const [payload, code, field, message] of cases) {
      const res = await step(k.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(code);
      expect(res.json()).toEqual({ message, field });
    }
    const wrong = await step(k.id, { tipo: 'exumacao', data: day(0) });
    expect(wrong.statusCode).toBe(400);
    const letter = await step(k.id, {
      tipo: 'notificacao',
      data: day(0),
      meio: 'carta',
      nota: 'AR 123',
    });
    expect(letter.statusCode, letter.body).toBe(201);
    expect((letter.json() as ComissoCase).prazoFim).toBe(
      new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10),
    );
  });

  it('notice by e-mail for real, three editais, the period in /api/prazos, then the grave taken back', async () => {
    const { graveId, concessaoId } = await concededGrave('titular.real@exemplo.com.br');
    const k = (await open(graveId, { prazoDias: 30 })).json() as ComissoCase;
    const sent = await step(k.id, { tipo: 'notificacao', data: day(-60), meio: 'email' });
    expect(sent.statusCode, sent.body).toBe(201);
    const got = await mail.next('titular.real@exemplo.com.br', /comisso/);
    expect(got.decoded).toContain('Titular Antigo');
    expect(got.decoded).toContain('quadra K');
    expect(got.decoded).toContain('30 dias');
    expect((sent.json() as ComissoCase).etapas[0]?.email).toBe('titular.real@exemplo.com.br');
    // The assigned concessionário reads the case, but never the titular's address.
    const asConc = await h.app.inject({
      method: 'GET',
      url: `/api/sepulturas/${graveId}/comisso`,
      headers: auth(conc),
    });
    expect(asConc.statusCode).toBe(200);
    expect(asConc.body).not.toContain('titular.real@');

    for (const d of [-50, -45, -40]) {
      const e = await step(k.id, { tipo: 'edital', data: day(d), nota: 'Diário Oficial' });
      expect(e.statusCode, e.body).toBe(201);
    }
    const fourth = await step(k.id, { tipo: 'edital', data: day(-39) });
    expect(fourth.statusCode).toBe(422);
    expect(fourth.json().message).toBe(COMISSO_MSG.tooManyEditais);
    const now = (
      await h.app.inject({ method: 'GET', url: `/api/comisso/${k.id}`, headers: auth(admin) })
    ).json() as ComissoCase;
    expect(now.editais).toBe(3);
    const ends = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    expect(now.prazoFim).toBe(ends);

    // Due on the deadlines page of its cemetery (ended 10 days ago).
    const [cem] = await h.app.ctx.database.sql.query<{ id: string }>(
      'SELECT cemiterio_id AS id FROM sepulturas WHERE id = $1',
      [graveId],
    );
    const prazos = await h.app.inject({
      method: 'GET',
      url: `/api/prazos?cemiterioId=${cem?.id}&tipo=comisso`,
      headers: auth(admin),
    });
    expect(prazos.statusCode, prazos.body).toBe(200);
    const item = prazos.json().itens.find((i: { comissoId: string }) => i.comissoId === k.id);
    expect(item).toMatchObject({ tipo: 'comisso', data: ends, sepulturaId: graveId });
    expect(prazos.json().contagens.comissos).toBeGreaterThanOrEqual(1);

    const early = await decide(k.id, { decisao: 'retomada', data: day(-20) });
    expect(early.statusCode).toBe(422);
    expect(early.json().field).toBe('data');
    const taken = await decide(k.id, { decisao: 'retomada', data: day(0), nota: 'Retomada.' });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ situacao: 'retomada', decididoPor: admin.name });
    expect(await situacao(graveId)).toBe('ocupada');
    const list = await h.app.inject({
      method: 'GET',
      url: `/api/sepulturas/${graveId}/concessoes`,
      headers: auth(admin),
    });
    expect(list.json().find((c: { id: string }) => c.id === concessaoId)).toMatchObject({
      situacao: 'encerrada',
    });
    expect((await step(k.id, { tipo: 'vistoria', data: day(0) })).statusCode).toBe(409);
    const gone = await h.app.inject({
      method: 'GET',
      url: `/api/prazos?cemiterioId=${cem?.id}&tipo=comisso`,
      headers: auth(admin),
    });
    expect(gone.json().itens.some((i: { comissoId: string }) => i.comissoId === k.id)).toBe(false);
  });

  it('a titular who re-registers during the case shows on it', async () => {
    const { graveId } = await concededGrave();
    const k = (await open(graveId)).json() as ComissoCase;
    const [cem] = await h.app.ctx.database.sql.query<{ id: string }>(
      'SELECT cemiterio_id AS id FROM sepulturas WHERE id = $1',
      [graveId],
    );
    const camp = await h.app.inject({
      method: 'POST',
      url: '/api/recadastramento/campanhas',
      headers: auth(admin),
      payload: { cemiterioId: cem?.id, inicio: day(-1), fim: day(30) },
    });
    expect(camp.statusCode, camp.body).toBe(201);
    const cpf = validCpf();
    const { payload, headers } = await multipartBody(
      { titularNome: 'Filha do Titular', titularCpf: cpf, titularTelefone: '31999998888' },
      [{ ...photo(await jpeg(300, 200)), field: 'documento' }],
    );
    const asked = await h.app.inject({
      method: 'POST',
      url: `/api/sepulturas/${graveId}/recadastramento`,
      headers: { ...auth(usuario), ...headers },
      payload,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const seen = (
      await h.app.inject({ method: 'GET', url: `/api/comisso/${k.id}`, headers: auth(admin) })
    ).json() as ComissoCase;
    expect(seen.recadastramentos).toEqual([
      expect.objectContaining({ titularNome: 'Filha do Titular', situacao: 'pendente' }),
    ]);
    const asConc = await h.app.inject({
      method: 'GET',
      url: `/api/comisso/${k.id}`,
      headers: auth(conc),
    });
    expect(asConc.body).not.toContain(cpf);
    const closed = await decide(k.id, {
      decisao: 'encerrado',
      data: day(0),
      nota: 'Recadastrada.',
    });
    expect(closed.json()).toMatchObject({ situacao: 'encerrado' });
    expect(await situacao(graveId)).toBe('concedida');
  });

  it('a merged grave takes its cases along; two open cases are not merged into one', async () => {
    const { graveId } = await concededGrave();
    const k = (await open(graveId)).json() as ComissoCase;
    n += 1;
    const plain = await createRecord(h, admin, {
      nome: `Vizinho ${n}`,
      cemiterio: 'Comisso',
      quadra: 'K',
      chapa: String(n),
    });
    const merge = (from: string, to: string) =>
      h.app.inject({
        method: 'POST',
        url: `/api/sepulturas/${from}/mesclar`,
        headers: auth(admin),
        payload: { destino: to },
      });
    const merged = await merge(graveId, plain.sepulturaId as string);
    expect(merged.statusCode, merged.body).toBe(200);
    expect(await situacao(plain.sepulturaId as string)).toBe('em comisso');
    const moved = await h.app.inject({
      method: 'GET',
      url: `/api/comisso/${k.id}`,
      headers: auth(admin),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const cases = await h.app.inject({
      method: 'GET',
      url: `/api/sepulturas/${plain.sepulturaId}/comisso`,
      headers: auth(admin),
    });
    expect(cases.json().map((c: ComissoCase) => c.id)).toContain(k.id);
    // Both with an open case (the other one's concession closed so only the cases collide).
    const second = await concededGrave();
    await decide(k.id, { decisao: 'encerrado', data: day(0), nota: 'Recadastrou.' });
    const again = (await open(plain.sepulturaId as string)).json() as ComissoCase;
    expect(again.id).toBeTruthy();
    await open(second.graveId);
    const closed = await h.app.inject({
      method: 'POST',
      url: `/api/concessoes/${second.concessaoId}/encerramento`,
      headers: auth(admin),
      payload: { em: day(0), motivo: 'Teste de mescla.' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const refused = await merge(second.graveId, plain.sepulturaId as string);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ message: GRAVE_MSG.mergeTwoCases, field: 'destino' });
  });

  it('a cemetery merged into another: two open cases on one place are a 409, one goes along', async () => {
    // The same place (quadra K, plate 900) in two cemeteries, each with its open case.
    const placed = async (cemiterio: string) => {
      const r = await createRecord(h, admin, {
        nome: `Em ${cemiterio}`,
        cemiterio,
        quadra: 'K',
        chapa: '900',
      });
      const graveId = r.sepulturaId as string;
      const granted = await h.app.inject({
        method: 'POST',
        url: `/api/sepulturas/${graveId}/concessoes`,
        headers: auth(admin),
        payload: {
          titularNome: 'Titular',
          titularCpf: validCpf(),
          regime: 'perpetua',
          inicio: '01/01/1980',
        },
      });
      expect(granted.statusCode, granted.body).toBe(201);
      const k = (await open(graveId)).json() as ComissoCase;
      const [row] = await h.app.ctx.database.sql.query<{ id: string }>(
        'SELECT cemiterio_id AS id FROM sepulturas WHERE id = $1',
        [graveId],
      );
      return {
        graveId,
        caseId: k.id,
        concessaoId: granted.json().id as string,
        cemId: row?.id as string,
      };
    };
    const from = await placed('Comisso Anexo');
    const into = await placed('Comisso Sede');
    const mergeCemetery = () =>
      h.app.inject({
        method: 'POST',
        url: `/api/cemiterios/${from.cemId}/mesclar`,
        headers: auth(admin),
        payload: { destino: into.cemId },
      });
    // Only the cases collide: the target's concession is closed first.
    const closed = await h.app.inject({
      method: 'POST',
      url: `/api/concessoes/${into.concessaoId}/encerramento`,
      headers: auth(admin),
      payload: { em: day(0), motivo: 'Teste de mescla.' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const refused = await mergeCemetery();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ message: GRAVE_MSG.mergeTwoCases, field: 'destino' });
    await decide(into.caseId, { decisao: 'encerrado', data: day(0), nota: 'Recadastrou.' });
    const merged = await mergeCemetery();
    expect(merged.statusCode, merged.body).toBe(200);
    const cases = await h.app.inject({
      method: 'GET',
      url: `/api/sepulturas/${into.graveId}/comisso`,
      headers: auth(admin),
    });
    expect(cases.json().map((c: ComissoCase) => c.id)).toContain(from.caseId);
    expect(await situacao(into.graveId)).toBe('em comisso');
  });
});
