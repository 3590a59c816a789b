/**
 * What a search without signal says it searched: the figures (the packs read, the other records
 * seen on the device, counted once and narrowed as the search narrows) over fake-indexeddb, and
 * the sentence a family reads under "Nenhum resultado encontrado".
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemorialDb } from '../../src/data/db';
import { rowFromRecord } from '../../src/data/local-rows';
import type { PackMeta } from '../../src/data/pack-store/pack-rows';
import { deviceScope } from '../../src/data/search/device-scope';
import { DEVICE_SEARCH_TEXT, scopeText } from '../../src/lib/texts/device-search-texts';

const id = (n: number) => n.toString(16).padStart(24, '0');
const A = { id: 'a'.repeat(24), nome: 'Cemitério da Saudade' };
const B = { id: 'b'.repeat(24), nome: 'Cemitério São João' };
const C = { id: 'c'.repeat(24), nome: 'Cemitério do Carmo' };

const pack = (c: { id: string; nome: string }): PackMeta => ({
  id: c.id,
  nome: c.nome,
  next: 0,
  pages: 0,
  bytes: 0,
  overrides: {},
  records: 10,
});

const seen = (n: number, cemiterio: string | null) =>
  rowFromRecord({
    _id: id(n),
    id: id(n),
    nome: `Pessoa ${n}`,
    idade: null,
    dtNasc: null,
    dtFal: '2020-01-01',
    nacionalidade: null,
    mae: null,
    pai: null,
    epitafio: null,
    tipoSepultura: null,
    latitude: null,
    longitude: null,
    images: [],
    thumbs: [],
    version: 1,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    rua: 'Rua A',
    quadra: '1',
    chapa: String(n),
    cemiterio,
  });

describe('the device search scope', () => {
  let db: MemorialDb;
  beforeEach(() => {
    db = new MemorialDb(`scope-test-${Math.random()}`);
  });
  afterEach(async () => {
    await db.delete();
  });

  it('without a pack: only the records seen here, all of them counted', async () => {
    expect(await deviceScope(db)).toEqual({ packs: [], rows: 0 });
    await db.sepultados.bulkPut([seen(1, A.nome), seen(2, C.nome), seen(3, null)]);
    expect(await deviceScope(db)).toEqual({ packs: [], rows: 3 });
  });

  it('with packs: names them; a row of a held cemetery is the pack’s, not counted again', async () => {
    await db.packs.bulkPut([pack(A), pack(B)]);
    await db.sepultados.bulkPut([seen(1, A.nome), seen(2, C.nome), seen(3, null)]);
    // In the order a person reads a list of names.
    expect(await deviceScope(db)).toEqual({ packs: [A.nome, B.nome], rows: 2 });
  });

  it('narrowed to a cemetery: its pack alone when held, else its rows seen here', async () => {
    await db.packs.put(pack(A));
    await db.meta.put({ key: 'cemiterios', value: [A, B, C] });
    await db.sepultados.bulkPut([seen(1, A.nome), seen(2, C.nome), seen(3, C.nome), seen(4, null)]);
    expect(await deviceScope(db, A.id)).toEqual({ packs: [A.nome], rows: 0 });
    expect(await deviceScope(db, C.id)).toEqual({ packs: [], rows: 2 });
    expect(await deviceScope(db, B.id)).toEqual({ packs: [], rows: 0 });
  });

  it('says what was searched, never only "saved on this device"', () => {
    expect(scopeText({ packs: [], rows: 12 })).toBe(
      'Sem conexão: a pesquisa cobriu só os 12 sepultados já vistos neste aparelho, não o cemitério inteiro.',
    );
    expect(scopeText({ packs: [], rows: 1 })).toBe(
      'Sem conexão: a pesquisa cobriu só o 1 sepultado já visto neste aparelho, não o cemitério inteiro.',
    );
    expect(scopeText({ packs: [], rows: 0 })).toContain('O cemitério inteiro não foi pesquisado.');
    expect(scopeText({ packs: [], rows: 1500 })).toContain('os 1.500 sepultados');
    expect(scopeText({ packs: [A.nome], rows: 0 })).toBe(
      'Sem conexão: a pesquisa cobriu Cemitério da Saudade, baixado neste aparelho.',
    );
    expect(scopeText({ packs: [A.nome, B.nome, C.nome], rows: 2 })).toBe(
      'Sem conexão: a pesquisa cobriu Cemitério da Saudade, Cemitério São João e Cemitério do Carmo, baixados neste aparelho, e mais 2 sepultados já vistos de outros cemitérios.',
    );
    expect(DEVICE_SEARCH_TEXT.downloadWhy).toContain('precisa de conexão');
  });
});
