/**
 * /api/sepultados/planilha…: export (CSV with BOM, ";", pt-BR headers, DD/MM/AAAA; XLSX),
 * preview (per-cell errors from the burial form's rules, nothing written), import (only valid
 * rows, refused-rows report), round trip (the id column updates, nothing duplicated), hostile
 * files, permissions — on every engine.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEP_MSG } from '../../src/domain/burial-messages';
import { SHEET_MSG } from '../../src/domain/spreadsheet-messages';
import type { SheetImportResult, SheetPreview } from '../../src/domain/spreadsheet-types';
import { type Actor, actor, auth, createRecord, multipartBody } from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';

const BOM = '\uFEFF';

async function upload(
  h: Harness,
  who: Actor | null,
  route: 'previa' | 'importar',
  content: Buffer | string,
  options: { name?: string; mapping?: unknown } = {},
) {
  const { payload, headers } = await multipartBody(
    options.mapping === undefined ? {} : { mapeamento: JSON.stringify(options.mapping) },
    [
      {
        field: 'arquivo',
        name: options.name ?? 'planilha.csv',
        type: 'text/csv',
        data: Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
      },
    ],
  );
  return h.app.inject({
    method: 'POST',
    url: `/api/sepultados/planilha/${route}`,
    headers: { ...headers, ...auth(who) },
    payload,
  });
}

function resultOf(body: string): SheetImportResult {
  const lines = body
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { tipo: string });
  const last = lines[lines.length - 1] as SheetImportResult;
  expect(last.tipo).toBe('resultado');
  return last;
}

async function count(h: Harness): Promise<number> {
  const [row] = await h.app.ctx.database.sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM sepultados WHERE deleted_at IS NULL',
  );
  return row?.n ?? 0;
}

const SMALL = [
  'Nome;Data de Falecimento;dt nascimento;Quadra;Placa;Cemitério;Observação',
  'José Antônio da Silva;05/07/2023;12/03/1941;12;0458;Cemitério da Saudade;x',
  'Sem Data;31/02/2023;;3;10;;',
  'Fórmula;01/01/2020;;"=HYPERLINK(""http://mal.example"";""clique"")";7;;',
  'Ana Lúcia;2020-01-02;;4;22;;',
].join('\r\n');

describe.each(engines)('planilhas ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let conc: Actor;
  let comum: Actor;

  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin', 'Admin');
    conc = await actor(h, 'concessionario');
    comum = await actor(h, 'usuario');
  });
  afterAll(async () => h.close());

  it('only an admin may export, preview or import', async () => {
    for (const who of [null, conc, comum]) {
      const res = await h.app.inject({
        method: 'GET',
        url: '/api/sepultados/planilha',
        headers: auth(who),
      });
      expect(res.statusCode).toBe(who ? 403 : 401);
      const prev = await upload(h, who, 'previa', SMALL);
      expect(prev.statusCode).toBe(who ? 403 : 401);
      const imp = await upload(h, who, 'importar', SMALL);
      expect(imp.statusCode).toBe(who ? 403 : 401);
      if (who) expect(imp.json()).toMatchObject({ message: SHEET_MSG.forbidden });
    }
    expect(await count(h)).toBe(0);
  });

  it('previews with the suggested mapping and per-cell errors, writing nothing', async () => {
    const res = await upload(h, admin, 'previa', SMALL);
    expect(res.statusCode).toBe(200);
    const p = res.json() as SheetPreview;
    expect(p.colunas.map((c) => c.campo)).toEqual([
      'nome',
      'dtFal',
      'dtNasc',
      'quadra',
      'chapa',
      'cemiterio',
      null,
    ]);
    expect(p).toMatchObject({ total: 4, validas: 2, criar: 2, recusadas: 2 });
    const bad = p.comErro.find((r) => r.linha === 3);
    expect(bad?.erros).toEqual({ dtFal: SEP_MSG.dtFalInvalid });
    const formula = p.comErro.find((r) => r.linha === 4);
    expect(formula?.erros).toEqual({ quadra: SHEET_MSG.formula });
    expect(await count(h)).toBe(0);
  });

  it('suggests fields from header variants, accents and case ignored', async () => {
    const res = await upload(h, admin, 'previa', 'NOME;dtFal;DATA DE NASCIMENTO;qd;chapa\n');
    expect(res.statusCode).toBe(200);
    const p = res.json() as SheetPreview;
    expect(p.colunas.map((c) => c.campo)).toEqual(['nome', 'dtFal', 'dtNasc', 'quadra', 'chapa']);
    expect(p.total).toBe(0);
  });

  it('imports only the valid rows and reports the refused ones as CSV', async () => {
    const res = await upload(h, admin, 'importar', SMALL);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    const r = resultOf(res.body);
    expect(r).toMatchObject({ total: 4, criados: 2, atualizados: 0, recusados: 2 });
    expect(r.relatorio.startsWith(BOM)).toBe(true);
    const report = r.relatorio.slice(1).split('\r\n');
    expect(report[0]).toBe(
      'Linha;Nome;Data de Falecimento;dt nascimento;Quadra;Placa;Cemitério;Observação;Erros',
    );
    expect(report[1]).toContain('Data de falecimento: Data de falecimento inválida');
    // The formula is re-emitted neutralized, never as a formula.
    expect(report[2]).toContain(`"'=HYPERLINK(""http://mal.example"";""clique"")"`);
    expect(await count(h)).toBe(2);
    const rows = await h.app.ctx.database.sql.query<{ cemiterio: string; dt_fal: string }>(
      "SELECT cemiterio, dt_fal::text AS dt_fal FROM sepultados WHERE nome = 'José Antônio da Silva'",
    );
    expect(rows[0]).toEqual({ cemiterio: 'Cemitério da Saudade', dt_fal: '2023-07-05' });
    // The trail says who imported them, and in which request (one per import).
    const trail = await h.app.ctx.database.sql.query<{
      actor_id: string | null;
      request_id: string | null;
    }>(
      `SELECT a.actor_id, a.request_id FROM audit_log a JOIN sepultados s ON s.id = a.resource_id
       WHERE a.resource = 'sepultado' AND a.action = 'criar'
         AND s.nome IN ('José Antônio da Silva', 'Ana Lúcia')`,
    );
    expect(trail).toHaveLength(2);
    expect(trail.every((e) => e.actor_id === admin.id)).toBe(true);
    expect(trail[0]?.request_id).toBeTruthy();
    expect(trail[1]?.request_id).toBe(trail[0]?.request_id);
    // The new records are in the public home list at once.
    const home = await h.app.inject({ method: 'GET', url: '/api/sepultados' });
    expect(home.body).toContain('José Antônio da Silva');
  });

  it('exports CSV with BOM, pt-BR headers, DD/MM/AAAA and neutralized formulas', async () => {
    await createRecord(h, admin, { nome: '=1+1 Maria', epitafio: '-Saudades', quadra: 'Q1' });
    const res = await h.app.inject({
      method: 'GET',
      url: '/api/sepultados/planilha?formato=csv',
      headers: auth(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="sepultados-.*\.csv"/);
    expect(res.body.startsWith(BOM)).toBe(true);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Identificador;Nome;Naturalidade;Mãe;Pai;Cemitério;Rua;Quadra;Placa;Epitáfio;Idade;Data de nascimento;Data de falecimento;Tipo de sepultura;Latitude;Longitude',
    );
    expect(lines).toHaveLength(1 + (await count(h)));
    const jose = lines.find((l) => l.includes('José Antônio'));
    expect(jose).toContain(';12/03/1941;05/07/2023;');
    const maria = lines.find((l) => l.includes('1+1 Maria'));
    if (!maria) throw new Error(res.body);
    expect(maria).toContain(";'=1+1 Maria;");
    expect(maria).toContain(";'-Saudades;");
    expect(maria).toContain(';-20,3856;-43,5035');
  });

  it('round trip: the exported CSV imported back updates by id and duplicates nothing', async () => {
    const before = await count(h);
    const exported = await h.app.inject({
      method: 'GET',
      url: '/api/sepultados/planilha',
      headers: auth(admin),
    });
    const same = resultOf((await upload(h, admin, 'importar', exported.body)).body);
    expect(same).toMatchObject({ criados: 0, atualizados: 0, iguais: before, recusados: 0 });
    expect(await count(h)).toBe(before);
    // Change one cell: that record (and only it) gets a new version.
    const changed = exported.body.replace('José Antônio da Silva', 'José Antônio da Silva Filho');
    const r = resultOf((await upload(h, admin, 'importar', changed)).body);
    expect(r).toMatchObject({ criados: 0, atualizados: 1, iguais: before - 1 });
    expect(await count(h)).toBe(before);
    const [v] = await h.app.ctx.database.sql.query<{ version: number }>(
      "SELECT version FROM sepultados WHERE nome = 'José Antônio da Silva Filho'",
    );
    expect(v?.version).toBe(2);
  });

  it('an id of no record, or written twice, refuses its rows', async () => {
    const csv = [
      'Identificador;Nome;Data de falecimento;Quadra;Placa',
      'aaaaaaaaaaaaaaaaaaaaaaaa;A;01/01/2020;1;1',
      'não-é-id;B;01/01/2020;1;2',
    ].join('\n');
    const p = (await upload(h, admin, 'previa', csv)).json() as SheetPreview;
    expect(p.comErro.map((r) => r.erros.id)).toEqual([SHEET_MSG.unknownId, SHEET_MSG.badId]);
  });

  it('numbers rows as the spreadsheet does (multi-line cells and blank lines counted)', async () => {
    const csv =
      'Nome;Epitáfio;Data de falecimento;Quadra;Placa\nA;"uma\nduas";01/01/2020;1;1\n\nB;x;99/99/2020;1;2\n';
    const p = (await upload(h, admin, 'previa', csv)).json() as SheetPreview;
    expect(p.linhas.map((r) => r.linha)).toEqual([2, 5]);
    expect(p.comErro.map((r) => r.linha)).toEqual([5]);
  });

  it('reads XLSX (dates as dates, formulas refused) and exports XLSX', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Planilha1');
    ws.addRow(['Nome', 'Falecimento', 'Quadra', 'Placa', 'Idade']);
    ws.addRow(['Cecília Meireles', new Date(Date.UTC(1964, 10, 9)), 'X1', '9', 62]);
    ws.addRow(['Com fórmula', new Date(Date.UTC(1964, 10, 9)), { formula: '1+1' }, '9', 1]);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const p = (await upload(h, admin, 'previa', data, { name: 'p.xlsx' })).json() as SheetPreview;
    expect(p).toMatchObject({ total: 2, criar: 1, recusadas: 1 });
    expect(p.linhas[0]?.valores[1]).toBe('09/11/1964');
    expect(p.comErro[0]?.erros.quadra).toBe(SHEET_MSG.formula);

    const res = await h.app.inject({
      method: 'GET',
      url: '/api/sepultados/planilha?formato=xlsx',
      headers: auth(admin),
    });
    expect(res.statusCode).toBe(200);
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = back.worksheets[0];
    expect(sheet?.getRow(1).getCell(2).value).toBe('Nome');
    expect(sheet?.rowCount).toBe(1 + (await count(h)));
  });

  it('a confirmed mapping is used; a field mapped twice or a malformed mapping is a 400', async () => {
    const csv = 'A;B;C;D\nJoão;01/01/2020;5;6\n';
    const ok = await upload(h, admin, 'previa', csv, {
      mapping: ['nome', 'dtFal', 'quadra', 'chapa'],
    });
    expect((ok.json() as SheetPreview).criar).toBe(1);
    const twice = await upload(h, admin, 'previa', csv, {
      mapping: ['nome', 'nome', 'quadra', 'chapa'],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ field: 'mapeamento' });
    for (const mapping of [['nome'], ['x', null, null, null], { a: 1 }]) {
      const bad = await upload(h, admin, 'previa', csv, { mapping });
      expect(bad.statusCode).toBe(400);
    }
  });

  it('a sheet imported twice does not double the register; a repeated row is written once', async () => {
    const csv = [
      'Nome;Data de Falecimento;Quadra;Placa;Cemitério',
      'Hermenegildo Duplicado;10/10/2010;7;70;Cemitério do Repouso',
      'Benedita Duplicada;11/11/2011;8;80;',
      // Row 2 again after folding (case, accents, spaces, the other date form).
      'HERMENEGILDO  duplicado;2010-10-10; 7 ;70;cemiterio do repouso',
      // Another placa: another grave, another record.
      'Hermenegildo Duplicado;10/10/2010;7;71;Cemitério do Repouso',
    ].join('\n');
    const before = await count(h);
    const first = (await upload(h, admin, 'previa', csv)).json() as SheetPreview;
    expect(first).toMatchObject({ total: 4, validas: 3, criar: 3, existentes: 0, repetidas: 1 });
    expect(first.linhas.find((r) => r.linha === 4)).toMatchObject({ acao: 'repetida', repete: 2 });
    const imported = resultOf((await upload(h, admin, 'importar', csv)).body);
    expect(imported).toMatchObject({ criados: 3, existentes: 0, repetidas: 1, recusados: 0 });
    expect(await count(h)).toBe(before + 3);

    const again = (await upload(h, admin, 'previa', csv)).json() as SheetPreview;
    expect(again).toMatchObject({ total: 4, validas: 0, criar: 0, existentes: 4, repetidas: 0 });
    const [stored] = await h.app.ctx.database.sql.query<{ id: string }>(
      "SELECT id FROM sepultados WHERE nome = 'Hermenegildo Duplicado' AND chapa = '70'",
    );
    expect(again.linhas.find((r) => r.linha === 2)).toMatchObject({
      acao: 'existente',
      registro: stored?.id,
    });
    const second = resultOf((await upload(h, admin, 'importar', csv)).body);
    expect(second).toMatchObject({ criados: 0, atualizados: 0, existentes: 4, recusados: 0 });
    expect(await count(h)).toBe(before + 3);

    // The same person in another cemetery, or another date, is another record.
    const elsewhere = [
      'Nome;Data de Falecimento;Quadra;Placa;Cemitério',
      'Hermenegildo Duplicado;10/10/2010;7;70;Cemitério da Saudade',
      'Hermenegildo Duplicado;10/10/2011;7;70;Cemitério do Repouso',
    ].join('\n');
    const other = (await upload(h, admin, 'previa', elsewhere)).json() as SheetPreview;
    expect(other).toMatchObject({ criar: 2, existentes: 0, repetidas: 0 });
  });

  it('an empty death date is reported as required, a wrong one as invalid', async () => {
    const csv =
      'Nome;Data de falecimento;Quadra;Placa\nSem Data;;1;1\nData Errada;32/01/2020;1;2\n';
    const p = (await upload(h, admin, 'previa', csv)).json() as SheetPreview;
    expect(p.comErro.map((r) => r.erros)).toEqual([
      { dtFal: SEP_MSG.dtFalRequired },
      { dtFal: SEP_MSG.dtFalInvalid },
    ]);
  });

  it('hostile files get pt-BR 4xx answers, never a 500', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const notSheet = await upload(h, admin, 'previa', png, { name: 'x.png' });
    expect(notSheet.statusCode).toBe(400);
    expect(notSheet.json()).toMatchObject({ message: SHEET_MSG.notSpreadsheet });
    const fakeZip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 7)]);
    const zip = await upload(h, admin, 'previa', fakeZip, { name: 'x.xlsx' });
    expect(zip.statusCode).toBe(400);
    const empty = await upload(h, admin, 'previa', '');
    expect(empty.statusCode).toBe(400);
    const huge = await upload(h, admin, 'previa', Buffer.alloc(21 * 1024 * 1024, 0x41));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ message: SHEET_MSG.tooLarge(20) });
    const json = await h.app.inject({
      method: 'POST',
      url: '/api/sepultados/planilha/previa',
      headers: auth(admin),
      payload: { a: 1 },
    });
    expect(json.statusCode).toBe(415);
    const badQuote = await upload(h, admin, 'previa', 'Nome;Quadra\n"aberta;1\n');
    expect(badQuote.statusCode).toBe(400);
  });
});
