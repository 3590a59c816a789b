/**
 * The office's deadlines (GET /api/prazos): concessions ending within 30/90 days or overdue,
 * open fees past due, burials in rotating graves due for exhumation under the cemetery's rule
 * (a child's years when under its age; the rule changed per cemetery), counts and filters,
 * the month-ahead chart and the CSV/XLSX export, admins only.
 */

import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEADLINE_COLUMNS, DEADLINE_MSG } from '../../src/domain/deadline-rules';
import { type Actor, actor, auth, createRecord } from './burials-helpers';
import { engines, type Harness, startApp, validCpf } from './helpers';

/** Today in the database's calendar plus `days`, as DD/MM/AAAA. */
function day(today: string, days: number, years = 0): string {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  d.setUTCDate(d.getUTCDate() + days);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

describe.each(engines)('prazos ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let conc: Actor;
  let cemId: string;
  let today: string;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin');
    conc = await actor(h, 'concessionario');
    const [row] = await h.app.ctx.database.sql.query<{ d: string }>(
      `SELECT to_char(current_date, 'YYYY-MM-DD') AS d`,
    );
    today = row?.d as string;
  });
  afterAll(async () => {
    await h?.close();
  });

  const post = (url: string, payload: object) =>
    h.app.inject({ method: 'POST', url, headers: auth(admin), payload });
  const titular = { titularNome: 'Titular', titularCpf: validCpf() };
  let n = 0;
  const grantOn = async (records: Record<string, unknown>[], body: object) => {
    n += 1;
    let graveId = '';
    for (const r of records) {
      const made = await createRecord(h, admin, {
        cemiterio: 'Prazos',
        quadra: 'R',
        chapa: String(n),
        ...r,
      });
      graveId = made.sepulturaId as string;
      cemId ||= (
        await h.app.ctx.database.sql.query<{ id: string }>(
          `SELECT cemiterio_id AS id FROM sepulturas WHERE id = $1`,
          [graveId],
        )
      )[0]?.id as string;
    }
    const res = await post(`/api/sepulturas/${graveId}/concessoes`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  };
  const prazos = async (query = '', who: Actor = admin) => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/prazos?cemiterioId=${cemId}${query}`,
      headers: auth(who),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('lists what is due, soonest first, with counts', async () => {
    // Temporária ending in 20 days, in 60 days, ended 10 days ago (still active).
    await grantOn([{ nome: 'A' }], {
      ...titular,
      regime: 'temporaria',
      anos: 5,
      inicio: day(today, 20, -5),
    });
    await grantOn([{ nome: 'B' }], {
      ...titular,
      regime: 'temporaria',
      anos: 5,
      inicio: day(today, 60, -5),
    });
    const late = await grantOn([{ nome: 'C' }], {
      ...titular,
      regime: 'temporaria',
      anos: 5,
      inicio: day(today, -10, -5),
    });
    // Fees: open past due (counted), paid past due and open not yet due (not).
    await post(`/api/concessoes/${late.id}/taxas`, {
      ano: 2020,
      valor: 91.78,
      vencimento: day(today, -40),
    });
    const paid = await post(`/api/concessoes/${late.id}/taxas`, {
      ano: 2021,
      valor: 91.78,
      vencimento: day(today, -30),
    });
    const feeId = paid.json().taxas.find((t: { ano: number }) => t.ano === 2021).id;
    await h.app.inject({
      method: 'PATCH',
      url: `/api/taxas/${feeId}`,
      headers: auth(admin),
      payload: { pagoEm: day(today, -31), recibo: 'R1' },
    });
    await post(`/api/concessoes/${late.id}/taxas`, {
      ano: 2022,
      valor: 91.78,
      vencimento: day(today, 30),
    });
    // Rotativa: an adult dead 3 years less 10 days ago (due in 10 days); a child of 4 dead two
    // years and a day ago (overdue); an adult dead a year ago (not due).
    await grantOn(
      [
        { nome: 'Adulto', idade: 70, dtNasc: null, dtFal: day(today, 10, -3) },
        { nome: 'Criança', idade: 4, dtNasc: null, dtFal: day(today, -1, -2) },
        { nome: 'Recente', idade: 50, dtNasc: null, dtFal: day(today, 0, -1) },
      ],
      { ...titular, regime: 'rotativa', inicio: day(today, -1, -2) },
    );

    const all = await prazos();
    expect(all.contagens).toEqual({
      concessoes30: 1,
      concessoes90: 2,
      concessoesVencidas: 1,
      taxasVencidas: 1,
      exumacoes: 2,
      comissos: 0,
    });
    expect(all.total).toBe(6);
    expect(
      all.itens.map(
        (i: { tipo: string; sepultadoNome: string | null }) => `${i.tipo}:${i.sepultadoNome ?? ''}`,
      ),
    ).toEqual([
      'taxa:',
      'concessao:',
      'exumacao:Criança',
      'exumacao:Adulto',
      'concessao:',
      'concessao:',
    ]);
    expect(all.itens[0]).toMatchObject({ valor: 91.78, ano: 2020, titularNome: 'Titular' });
    const soon = await prazos('&dias=30');
    expect(soon.total).toBe(5);
    // The 30/90-day counts do not depend on the window asked for the list.
    expect(soon.contagens).toEqual(all.contagens);
    const fees = await prazos('&tipo=taxa');
    expect(fees.itens).toHaveLength(1);
    const paged = await prazos('&limit=2&page=2');
    expect(paged).toMatchObject({ page: 2, pages: 3 });
    expect(paged.itens).toHaveLength(2);

    // The month ahead by week for the chart (first page only): overdue, then weeks from today.
    expect(all.mes.filter((w: { semana: number }) => w.semana <= 2)).toEqual([
      { semana: -1, concessao: 1, taxa: 1, exumacao: 1, comisso: 0 },
      { semana: 0, concessao: 0, taxa: 0, exumacao: 0, comisso: 0 },
      { semana: 1, concessao: 0, taxa: 0, exumacao: 1, comisso: 0 },
      { semana: 2, concessao: 1, taxa: 0, exumacao: 0, comisso: 0 },
    ]);
    expect(all.mes).toHaveLength(6);
    expect(paged.mes).toBeUndefined();

    // The same list as a file: CSV (BOM, ";") and XLSX, every item, the page's columns.
    const csv = await h.app.inject({
      method: 'GET',
      url: `/api/prazos/exportar?cemiterioId=${cemId}`,
      headers: auth(admin),
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="prazos-.*\.csv"/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(DEADLINE_COLUMNS.join(';'));
    expect(lines).toHaveLength(7);
    expect(lines[1]).toContain('Taxa em atraso');
    expect(lines[1]).toContain('91,78');
    expect(lines.some((l) => l.includes('Exumação prevista') && l.includes('Criança'))).toBe(true);
    const xlsx = await h.app.inject({
      method: 'GET',
      url: `/api/prazos/exportar?cemiterioId=${cemId}&formato=xlsx&tipo=exumacao`,
      headers: auth(admin),
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Prazos');
    expect(sheet?.rowCount).toBe(3);
    expect(sheet?.getRow(2).getCell(10).value).toBe('Criança');
    const refused = await h.app.inject({
      method: 'GET',
      url: `/api/prazos/exportar?cemiterioId=${cemId}`,
      headers: auth(conc),
    });
    expect(refused.statusCode).toBe(403);

    // The cemetery's rule: 4 years for adults makes the adult not due yet.
    const rule = await h.app.inject({
      method: 'PUT',
      url: `/api/cemiterios/${cemId}/exumacao`,
      headers: auth(admin),
      payload: { anos: 4, anosCrianca: 2, idadeCrianca: 6 },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    expect(
      (await prazos('&tipo=exumacao')).itens.map((i: { sepultadoNome: string }) => i.sepultadoNome),
    ).toEqual(['Criança']);
  });

  it('a cemetery merged into another takes its concessions and fees to its deadlines', async () => {
    const other = 'Prazos Anexo';
    const made = await createRecord(h, admin, {
      cemiterio: other,
      quadra: '7',
      chapa: '1',
      nome: 'D',
    });
    const graveId = made.sepulturaId as string;
    const granted = await post(`/api/sepulturas/${graveId}/concessoes`, {
      ...titular,
      regime: 'temporaria',
      anos: 5,
      inicio: day(today, 5, -5),
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const fee = await post(`/api/concessoes/${granted.json().id}/taxas`, {
      ano: 2019,
      valor: 50,
      vencimento: day(today, -3),
    });
    expect(fee.statusCode, fee.body).toBe(201);
    const [src] = await h.app.ctx.database.sql.query<{ id: string }>(
      `SELECT cemiterio_id AS id FROM sepulturas WHERE id = $1`,
      [graveId],
    );
    const before = await prazos();
    const merged = await post(`/api/cemiterios/${src?.id}/mesclar`, { destino: cemId });
    expect(merged.statusCode, merged.body).toBe(200);
    const after = await prazos();
    expect(after.contagens.concessoes30).toBe(before.contagens.concessoes30 + 1);
    expect(after.contagens.taxasVencidas).toBe(before.contagens.taxasVencidas + 1);
    expect(
      after.itens.filter((i: { sepulturaId: string }) => i.sepulturaId === graveId).length,
    ).toBe(2);
  });

  it('admins only; bad filters are pt-BR 4xx', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/prazos?cemiterioId=${cemId}`,
      headers: auth(conc),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(DEADLINE_MSG.forbidden);
    expect(
      (await h.app.inject({ method: 'GET', url: `/api/prazos?cemiterioId=${cemId}` })).statusCode,
    ).toBe(401);
    const missing = await h.app.inject({
      method: 'GET',
      url: `/api/prazos?cemiterioId=${'a'.repeat(24)}`,
      headers: auth(admin),
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().field).toBe('cemiterioId');
    const bad = await h.app.inject({
      method: 'GET',
      url: `/api/prazos?cemiterioId=${cemId}&tipo=multa`,
      headers: auth(admin),
    });
    expect(bad.statusCode).toBe(400);
    const rule = await h.app.inject({
      method: 'PUT',
      url: `/api/cemiterios/${cemId}/exumacao`,
      headers: auth(conc),
      payload: { anos: 1, anosCrianca: 1, idadeCrianca: 1 },
    });
    expect(rule.statusCode).toBe(403);
  });
});
