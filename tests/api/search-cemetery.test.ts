/**
 * GET /api/sepultados/pesquisa?cemiterio=<id>: search and suggestions narrowed to one
 * cemetery's records (migration 0010), with the same rules and order as the whole register —
 * the narrowed answer is the whole answer's records of that cemetery, in the same order — and
 * every card and suggestion saying its cemetery's name. Every path of the service is taken:
 * the exact pass, the suggestions' phrase try and its full query, the presence check and the
 * typo pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import type { SearchAnswer, SearchSuggestionsAnswer } from '../../src/domain/search-types';
import { engines, type Harness, startApp } from './helpers';

const FORMOSA = 'Cemitério da Vila Formosa';
const ARACA = 'Cemitério do Araçá';

describe.each(engines)('search narrowed to one cemetery ($name)', (engine) => {
  let h: Harness;
  let formosa = '';
  let araca = '';
  beforeAll(async () => {
    h = await startApp(engine);
    const rows: [string, string, string, string, string, string][] = [];
    for (let i = 0; i < 30; i++) {
      // Interleaved, so neither cemetery's records are a block of the whole order.
      const where = i % 3 === 0 ? ARACA : FORMOSA;
      rows.push([
        newId(),
        `Joaquim Pereira ${i}`,
        'Rua 9',
        String(1 + (i % 4)),
        String(100 + i),
        where,
      ]);
    }
    rows.push([newId(), 'Teodora Bittencourt', 'Rua 2', '7', '0001', ARACA]);
    rows.push([newId(), 'Maria da Conceição', 'Rua 3', '12', '0458', FORMOSA]);
    rows.push([newId(), 'Maria da Conceição', 'Rua 4', '13', '0459', ARACA]);
    const params = rows.flat();
    const values = rows.map((_, r) => {
      const n = r * 6;
      return `($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}, $${n + 6}, DATE '2000-01-01' + ${r})`;
    });
    await h.app.ctx.database.sql.query(
      `INSERT INTO sepultados (id, nome, rua, quadra, chapa, cemiterio, dt_fal) VALUES ${values.join(', ')}`,
      params,
    );
    const ids = await h.app.ctx.database.sql.query<{ id: string; nome: string }>(
      'SELECT id, nome FROM cemiterios',
    );
    formosa = ids.find((c) => c.nome === FORMOSA)?.id ?? '';
    araca = ids.find((c) => c.nome === ARACA)?.id ?? '';
    expect(formosa).toMatch(/^[0-9a-f]{24}$/);
    expect(araca).toMatch(/^[0-9a-f]{24}$/);
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = async <T>(query: string): Promise<T> => {
    const res = await h.app.inject({ method: 'GET', url: `/api/sepultados/pesquisa?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const search = (q: string, cemiterio?: string) =>
    get<SearchAnswer>(`q=${encodeURIComponent(q)}${cemiterio ? `&cemiterio=${cemiterio}` : ''}`);
  const suggest = async (q: string, cemiterio?: string) =>
    (
      await get<SearchSuggestionsAnswer>(
        `q=${encodeURIComponent(q)}&suggestions=true${cemiterio ? `&cemiterio=${cemiterio}` : ''}`,
      )
    ).sepultado;

  it('answers only that cemetery, in the whole register order, each card naming it', async () => {
    for (const q of ['joaquim', 'joaquim pereira', 'rua 9 quadra 2', 'maria conceicao']) {
      const all = await search(q);
      for (const [id, name] of [
        [formosa, FORMOSA],
        [araca, ARACA],
      ] as const) {
        const narrowed = await search(q, id);
        const expected = all.sepultados.filter((s) => s.cemiterio === name);
        expect(
          narrowed.sepultados.map((s) => s.id),
          q,
        ).toEqual(expected.map((s) => s.id));
        expect(narrowed.total, q).toBe(expected.length);
        expect(narrowed.total, q).toBeGreaterThan(0);
        for (const card of narrowed.sepultados) expect(card.cemiterio).toBe(name);
      }
      // Whole register: each card says its own cemetery, and both are there.
      expect(new Set(all.sepultados.map((s) => s.cemiterio)), q).toEqual(new Set([FORMOSA, ARACA]));
    }
  });

  it('narrows the suggestions: the names-start try and the full query alike', async () => {
    // "joaq": the phrase try answers; "quadra 2": no name word, the full query answers.
    for (const q of ['joaq', 'joaquim pe', 'quadra 2', 'maria']) {
      const all = await suggest(q);
      expect(all.length, q).toBeGreaterThan(0);
      for (const [id, name] of [
        [formosa, FORMOSA],
        [araca, ARACA],
      ] as const) {
        const narrowed = await suggest(q, id);
        expect(narrowed.length, q).toBeGreaterThan(0);
        for (const s of narrowed) expect(s.cemiterio, q).toBe(name);
        // The narrowed list is the order of that cemetery's records in a long whole-register
        // search (suggestions rank exactly as the search does).
        const whole = (await search(q)).sepultados.filter((s) => s.cemiterio === name);
        expect(
          narrowed.map((s) => s.id),
          q,
        ).toEqual(whole.slice(0, narrowed.length).map((s) => s.id));
      }
    }
  });

  it('looks for typos only in that cemetery', async () => {
    // Teodora is in the Araçá only: exact there, nothing (not even by typo) in Vila Formosa.
    expect((await search('teodora bittencourt', araca)).total).toBe(1);
    expect(await search('teodora bittencourt', formosa)).toEqual({ sepultados: [], total: 0 });
    expect(await suggest('teodora', formosa)).toEqual([]);
    // A typo of a name in both: the typo pass, narrowed.
    const typo = await search('joaqium pereira', araca);
    expect(typo.total).toBe(10);
    for (const card of typo.sepultados) expect(card.cemiterio).toBe(ARACA);
  });

  it('finds nothing in an unknown cemetery, and refuses an id that is not one', async () => {
    expect(await search('joaquim', 'f'.repeat(24))).toEqual({ sepultados: [], total: 0 });
    expect(await suggest('joaq', 'f'.repeat(24))).toEqual([]);
    const bad = await h.app.inject({
      method: 'GET',
      url: '/api/sepultados/pesquisa?q=joaquim&cemiterio=xyz',
    });
    expect(bad.statusCode).toBe(400);
  });
});
