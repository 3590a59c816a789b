/**
 * Re-registration (/api/sepulturas/:id/recadastramento, /api/recadastramento/…): campaigns per
 * cemetery (admin), a person's request with a document photo checked by content, bad input
 * (CPF, dates, a document that is not an image, a second pending request), the office's
 * acceptance linking the active concession's titular or refusal with a reason, the person's own
 * list, progress per quadra, the per-person limit, and privacy: nobody but the office and the
 * requester sees a request's CPF, phone or document.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RECAD_MSG } from '../../src/domain/recadastramento-rules';
import type { Campaign, ReregRequest } from '../../src/domain/recadastramento-types';
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

/** Today plus `days` as DD/MM/AAAA (campaigns must hold today). */
function day(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

describe.each(engines)('recadastramento ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let maria: Actor;
  let outro: Actor;
  let conc: Actor;
  let doc: Buffer;
  let n = 0;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin');
    maria = await actor(h, 'usuario', 'Maria Requerente');
    outro = await actor(h, 'usuario', 'Outro Usuário');
    conc = await actor(h, 'concessionario');
    doc = await jpeg(400, 260);
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(() => h.limiter.clear());

  /** A fresh grave with one record in it, in the cemetery given. */
  const grave = async (cemiterio: string, quadra = 'A'): Promise<string> => {
    n += 1;
    const r = await createRecord(h, admin, {
      nome: `Sepultado ${n}`,
      cemiterio,
      quadra,
      chapa: String(n),
    });
    return r.sepulturaId as string;
  };
  const cemeteryOf = async (graveId: string) =>
    (
      await h.app.ctx.database.sql.query<{ id: string }>(
        'SELECT cemiterio_id AS id FROM sepulturas WHERE id = $1',
        [graveId],
      )
    )[0]?.id as string;
  const openCampaign = async (cemiterioId: string) => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/recadastramento/campanhas',
      headers: auth(admin),
      payload: { cemiterioId, nome: 'Recadastramento', inicio: day(-30), fim: day(365) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Campaign;
  };
  const ask = async (
    graveId: string,
    who: Actor | null,
    fields: Record<string, string> = {},
    files = [photo(doc, 'rg.jpg')],
  ) => {
    const { payload, headers } = await multipartBody(
      {
        titularNome: 'Maria Requerente',
        titularCpf: validCpf(),
        titularTelefone: '(31) 98888-7777',
        ...fields,
      },
      files.map((f) => ({ ...f, field: 'documento' })),
    );
    return h.app.inject({
      method: 'POST',
      url: `/api/sepulturas/${graveId}/recadastramento`,
      headers: { ...auth(who), ...headers },
      payload,
    });
  };
  const get = (url: string, who: Actor | null) =>
    h.app.inject({ method: 'GET', url, headers: auth(who) });

  it('campaigns: DD/MM/AAAA dates checked, one open per cemetery, closed by the office', async () => {
    const cem = await cemeteryOf(await grave('Campanhas'));
    const bad: [object, string, string][] = [
      [
        { cemiterioId: cem, inicio: '31/02/2026', fim: '01/03/2026' },
        'inicio',
        'Data inválida: use DD/MM/AAAA.',
      ],
      [
        { cemiterioId: cem, inicio: '01/03/2026', fim: '01/02/2026' },
        'fim',
        RECAD_MSG.endBeforeStart,
      ],
      [{ cemiterioId: cem, inicio: '', fim: '01/02/2026' }, 'inicio', RECAD_MSG.inicioRequired],
    ];
    for (const [payload, field, message] of bad) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/recadastramento/campanhas',
        headers: auth(admin),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message, field });
    }
    const byUser = await h.app.inject({
      method: 'POST',
      url: '/api/recadastramento/campanhas',
      headers: auth(maria),
      payload: { cemiterioId: cem, inicio: '01/01/2026', fim: '31/12/2026' },
    });
    expect(byUser.statusCode).toBe(403);
    const c = await openCampaign(cem);
    expect(c).toMatchObject({ nome: 'Recadastramento', aberta: true, pendentes: 0 });
    expect(c.inicio).toMatch(/^\d{4}-\d\d-\d\d$/);
    const second = await h.app.inject({
      method: 'POST',
      url: '/api/recadastramento/campanhas',
      headers: auth(admin),
      payload: { cemiterioId: cem, inicio: '01/01/2026', fim: '31/12/2026' },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(RECAD_MSG.campaignOpenExists);
    const closed = await h.app.inject({
      method: 'POST',
      url: `/api/recadastramento/campanhas/${c.id}/encerramento`,
      headers: auth(admin),
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ aberta: false });
    expect(closed.json().encerradaEm).toMatch(/^\d{4}-\d\d-\d\dT/);
    const again = await h.app.inject({
      method: 'POST',
      url: `/api/recadastramento/campanhas/${c.id}/encerramento`,
      headers: auth(admin),
    });
    expect(again.statusCode).toBe(409);
  });

  it('a request needs a login and an open campaign; bad CPF, phone and documents are refused', async () => {
    const id = await grave('Sem Campanha');
    const anon = await ask(id, null);
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toBe(RECAD_MSG.loginRequired);
    const none = await ask(id, maria);
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(RECAD_MSG.noOpenCampaign);
    const page = await get(`/api/sepulturas/${id}/recadastramento`, null);
    expect(page.json()).toEqual({ campanha: null, pedidos: [] });

    await openCampaign(await cemeteryOf(id));
    const cases: [Record<string, string>, string, string][] = [
      [{ titularCpf: '123.456.789-00' }, 'titularCpf', 'CPF inválido: confira os dígitos.'],
      [{ titularCpf: '111.111.111-11' }, 'titularCpf', 'CPF inválido: confira os dígitos.'],
      [{ titularNome: '   ' }, 'titularNome', 'Informe o nome do titular.'],
      [{ titularTelefone: '' }, 'titularTelefone', RECAD_MSG.phoneRequired],
      [{ titularTelefone: '1234' }, 'titularTelefone', 'Telefone inválido: informe DDD e número.'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await ask(id, maria, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toEqual({ message, field });
    }
    const noDoc = await ask(id, maria, {}, []);
    expect(noDoc.statusCode).toBe(400);
    expect(noDoc.json()).toEqual({ message: RECAD_MSG.documentRequired, field: 'documento' });
    const pdfish = await ask(id, maria, {}, [
      photo(Buffer.from('%PDF-1.4\n<script>alert(1)</script>'), 'rg.jpg'),
    ]);
    expect(pdfish.statusCode).toBe(415);
    expect(pdfish.json().message).toBe(UPLOAD_MSG.notImage);
    const text = await ask(id, maria, {}, [
      photo(Buffer.from('só texto, não é foto'), 'rg.png', 'image/png'),
    ]);
    expect(text.statusCode).toBe(415);
    const two = await ask(id, maria, {}, [photo(doc, 'a.jpg'), photo(doc, 'b.jpg')]);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(RECAD_MSG.oneDocument);
    expect(storedFiles(h, 'recadastramento')).toEqual([]);
  });

  it('sends a request (document re-encoded), refuses a second pending one, shows it to its author', async () => {
    const id = await grave('Recad Envio');
    await openCampaign(await cemeteryOf(id));
    const cpf = validCpf();
    const res = await ask(id, maria, {
      titularCpf: cpf.replace(/^(\d{3})(\d{3})(\d{3})/, '$1.$2.$3-'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json() as ReregRequest;
    expect(r).toMatchObject({
      sepulturaId: id,
      userId: maria.id,
      titularCpf: cpf,
      titularTelefone: '31988887777',
      situacao: 'pendente',
      motivo: null,
    });
    const dup = await ask(id, maria);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(RECAD_MSG.duplicate);
    // The document was re-encoded as WebP and is served to its author.
    const image = await get(r.documentoUrl, maria);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(image.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const mine = await get('/api/recadastramento/meus', maria);
    expect((mine.json() as ReregRequest[]).map((x) => x.id)).toContain(r.id);
    // The person's data export (LGPD) lists it.
    const dados = await get(`/api/users/${maria.id}/dados`, maria);
    expect(dados.statusCode, dados.body).toBe(200);
    expect((dados.json().recadastramentos as ReregRequest[]).map((x) => x.id)).toContain(r.id);
    const onGrave = await get(`/api/sepulturas/${id}/recadastramento`, maria);
    expect(onGrave.json().campanha.aberta).toBe(true);
    expect((onGrave.json().pedidos as ReregRequest[]).map((x) => x.id)).toEqual([r.id]);
    // The public file route never serves a private kind.
    const file = storedFiles(h, 'recadastramento')[0] as string;
    const pub = await get(`/api/images/recadastramento/${file}`, null);
    expect(pub.statusCode).toBe(404);
  });

  it('privacy: a visitor and another usuario never see a request, its CPF, phone or document', async () => {
    const id = await grave('Recad Privado');
    await openCampaign(await cemeteryOf(id));
    const cpf = validCpf();
    const r = (await ask(id, maria, { titularCpf: cpf })).json() as ReregRequest;
    for (const who of [null, outro, conc]) {
      const doc = await get(r.documentoUrl, who);
      expect(doc.statusCode, String(who?.name)).toBe(who ? 404 : 401);
      const list = await get('/api/recadastramento/pedidos', who);
      expect(list.statusCode).toBe(who ? 403 : 401);
      const decide = await h.app.inject({
        method: 'POST',
        url: `/api/recadastramento/pedidos/${r.id}/decisao`,
        headers: auth(who),
        payload: { aceitar: true },
      });
      expect(decide.statusCode).toBe(who ? 403 : 401);
      const answers = [
        await get(`/api/sepulturas/${id}/recadastramento`, who),
        await get(`/api/sepulturas/${id}`, who),
        ...(who ? [await get('/api/recadastramento/meus', who)] : []),
      ];
      for (const a of answers) {
        expect(a.statusCode).toBe(200);
        expect(a.body).not.toContain(cpf);
        expect(a.body).not.toContain('31988887777');
        expect(a.body).not.toContain(r.id);
      }
    }
    const office = await get(`/api/recadastramento/pedidos?campanhaId=${r.campanhaId}`, admin);
    expect(office.statusCode).toBe(200);
    expect(office.json().itens[0]).toMatchObject({ id: r.id, titularCpf: cpf });
    expect((await get(r.documentoUrl, admin)).statusCode).toBe(200);
  });

  it('accepting links and updates the active concession; refusing needs a reason the person reads', async () => {
    const id = await grave('Recad Decisão', 'B');
    const cem = await cemeteryOf(id);
    const granted = await h.app.inject({
      method: 'POST',
      url: `/api/sepulturas/${id}/concessoes`,
      headers: auth(admin),
      payload: {
        titularNome: 'Titular Antigo',
        titularCpf: validCpf(),
        regime: 'perpetua',
        inicio: '01/01/1990',
      },
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const camp = await openCampaign(cem);
    const cpf = validCpf();
    const r = (
      await ask(id, maria, { titularCpf: cpf, titularNome: 'Maria Requerente' })
    ).json() as ReregRequest;
    const other = await grave('Recad Decisão', 'B');
    const free = await grave('Recad Decisão', 'C');
    const r2 = (await ask(other, outro)).json() as ReregRequest;

    const noReason = await h.app.inject({
      method: 'POST',
      url: `/api/recadastramento/pedidos/${r2.id}/decisao`,
      headers: auth(admin),
      payload: { aceitar: false, motivo: '  ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ message: RECAD_MSG.motivoRequired, field: 'motivo' });
    const refused = await h.app.inject({
      method: 'POST',
      url: `/api/recadastramento/pedidos/${r2.id}/decisao`,
      headers: auth(admin),
      payload: { aceitar: false, motivo: 'Documento ilegível.' },
    });
    expect(refused.json()).toMatchObject({ situacao: 'recusado', motivo: 'Documento ilegível.' });
    const seen = (await get('/api/recadastramento/meus', outro)).json() as ReregRequest[];
    expect(seen.find((x) => x.id === r2.id)).toMatchObject({
      situacao: 'recusado',
      motivo: 'Documento ilegível.',
    });

    const accepted = await h.app.inject({
      method: 'POST',
      url: `/api/recadastramento/pedidos/${r.id}/decisao`,
      headers: auth(admin),
      payload: { aceitar: true },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ situacao: 'aceito', concessaoId: granted.json().id });
    const twice = await h.app.inject({
      method: 'POST',
      url: `/api/recadastramento/pedidos/${r.id}/decisao`,
      headers: auth(admin),
      payload: { aceitar: false, motivo: 'x' },
    });
    expect(twice.statusCode).toBe(409);
    // The titular's own account now reads the concession on the grave's page.
    const page = await get(`/api/sepulturas/${id}`, maria);
    expect(page.json().concessao).toMatchObject({
      titularNome: 'Maria Requerente',
      titularCpf: cpf,
      titularUserId: maria.id,
    });
    // Progress per quadra: B has the two graves (one confirmed, one only refused), C none asked.
    const progress = await get(`/api/recadastramento/campanhas/${camp.id}/progresso`, admin);
    expect(progress.statusCode, progress.body).toBe(200);
    const quadras = progress.json().quadras as { quadra: string }[];
    expect(quadras.find((q) => q.quadra === 'B')).toEqual({
      quadra: 'B',
      sepulturas: 2,
      confirmadas: 1,
      pendentes: 0,
      semResposta: 1,
    });
    expect(quadras.find((q) => q.quadra === 'C')).toMatchObject({ sepulturas: 1, semResposta: 1 });
    expect(free).toBeTruthy();
    const asUser = await get(`/api/recadastramento/campanhas/${camp.id}/progresso`, maria);
    expect(asUser.statusCode).toBe(403);
  });

  it('deleting the account removes its requests and their document photos', async () => {
    const id = await grave('Recad Conta');
    await openCampaign(await cemeteryOf(id));
    const leaving = await actor(h, 'usuario', 'Pessoa Que Sai');
    const r = (await ask(id, leaving)).json() as ReregRequest;
    const before = storedFiles(h, 'recadastramento');
    const gone = await h.app.inject({
      method: 'DELETE',
      url: `/api/users/${leaving.id}/conta`,
      headers: auth(leaving),
      payload: { confirmar: true },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const after = storedFiles(h, 'recadastramento');
    expect(after.length).toBe(before.length - 2);
    const list = await get(`/api/recadastramento/pedidos?campanhaId=${r.campanhaId}`, admin);
    expect(list.json().itens).toEqual([]);
  });

  it('limits requests per person', async () => {
    const cemGrave = await grave('Recad Limite');
    await openCampaign(await cemeteryOf(cemGrave));
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const id = i === 0 ? cemGrave : await grave('Recad Limite');
      codes.push((await ask(id, outro)).statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('merging cemeteries carries campaigns and requests; two open campaigns become one', async () => {
    const a = await grave('Mescla Origem', 'M');
    const b = await grave('Mescla Destino', 'M');
    const source = await cemeteryOf(a);
    const target = await cemeteryOf(b);
    const first = await openCampaign(source);
    const second = await openCampaign(target);
    const asked = await ask(a, maria);
    expect(asked.statusCode, asked.body).toBe(201);
    const merged = await h.app.inject({
      method: 'POST',
      url: `/api/cemiterios/${source}/mesclar`,
      headers: auth(admin),
      payload: { destino: target },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const rows = await h.app.ctx.database.sql.query<{
      id: string;
      cemiterio_id: string;
      aberta: boolean;
    }>(
      `SELECT id, cemiterio_id, encerrada_em IS NULL AS aberta FROM recadastramento_campanhas
       WHERE id IN ($1, $2) ORDER BY id`,
      [first.id, second.id],
    );
    expect(rows.every((r) => r.cemiterio_id === target)).toBe(true);
    expect(rows.find((r) => r.id === first.id)?.aberta).toBe(false);
    expect(rows.find((r) => r.id === second.id)?.aberta).toBe(true);
    // The request still answers from the grave it now belongs to.
    const mine = await h.app.ctx.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM recadastramentos r JOIN sepulturas g ON g.id = r.sepultura_id
       WHERE r.user_id = $1 AND g.cemiterio_id = $2`,
      [maria.id, target],
    );
    expect(Number(mine[0]?.n)).toBeGreaterThan(0);
  });
});
