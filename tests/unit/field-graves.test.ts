/**
 * The graves a concessionário inspects, on the device (src/data/graves/field-graves.ts): kept
 * per person from GET /api/sync/comisso, asked with the stored ETag (a 304 changes nothing),
 * a grave whose case closed dropped unless an inspection of it is still unsent, an answer for
 * another person refused; and the grave page's loader (grave-load.ts) falls back to the copy
 * only when the network did not answer.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemorialDb } from '../../src/data/db';
import { enqueueInspection } from '../../src/data/graves/comisso-queue';
import { readFieldGrave, syncFieldGraves } from '../../src/data/graves/field-graves';
import type { ComissoCase } from '../../src/domain/comisso-types';
import { newId } from '../../src/domain/ids';
import type { FieldGrave } from '../../src/domain/schemas/comisso-field';

const USER = 'u-campo';

function fieldGrave(id: string, caseId = newId()): FieldGrave {
  const kase: ComissoCase = {
    id: caseId,
    sepulturaId: id,
    situacao: 'aberto',
    prazoDias: 90,
    nota: 'Mato alto.',
    abertoPor: 'Escritório',
    abertoEm: '2026-11-01T12:00:00.000Z',
    feitoEm: null,
    prazoFim: null,
    editais: 0,
    etapas: [],
    recadastramentos: [],
    decisaoData: null,
    decisaoNota: null,
    decididoPor: null,
    decididoEm: null,
    decisaoFeitaEm: null,
    version: 1,
  };
  return {
    sepultura: {
      _id: id,
      id,
      cemiterioId: 'c1',
      cemiterio: 'Saudade',
      rua: null,
      quadra: '12',
      numero: '458',
      tipo: null,
      capacidade: null,
      latitude: null,
      longitude: null,
      situacao: 'em comisso',
      observacoes: null,
      ocupantes: 1,
      version: 2,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-11-01T12:00:00.000Z',
    },
    cemiterio: {
      id: 'c1',
      nome: 'Saudade',
      endereco: null,
      horario: null,
      latitude: null,
      longitude: null,
    },
    sepultados: [
      { _id: 's1', id: 's1', nome: 'Joaquim Campos', dtNasc: null, dtFal: null, thumb: null },
    ],
    casos: [kase],
  };
}

describe('field graves on the device', () => {
  let db: MemorialDb;
  beforeEach(() => {
    db = new MemorialDb(`field-${Math.random()}`);
  });
  afterEach(async () => {
    await db.delete();
  });

  it('keeps the answer per person, sends the ETag, and a 304 changes nothing', async () => {
    const a = fieldGrave(newId());
    const b = fieldGrave(newId());
    const seen: (string | null)[] = [];
    let answer = {
      status: 200,
      etag: '"f1"' as string | null,
      body: { userId: USER, sepulturas: [a, b] } as unknown,
    };
    const fetch = async (etag: string | null) => {
      seen.push(etag);
      return answer;
    };
    expect(await syncFieldGraves(db, { userId: USER, fetch })).toBe('updated');
    expect((await readFieldGrave(db, USER, a.sepultura.id))?.casos[0]?.id).toBe(a.casos[0]?.id);
    // Another person on the same phone does not read it.
    expect(await readFieldGrave(db, 'u-outro', a.sepultura.id)).toBeUndefined();
    answer = { status: 304, etag: '"f1"', body: null };
    expect(await syncFieldGraves(db, { userId: USER, fetch })).toBe('unchanged');
    expect(seen).toEqual([null, '"f1"']);
    expect(await db.fieldGraves.count()).toBe(2);
  });

  it('drops a grave whose case closed, unless an inspection of it is still unsent', async () => {
    const a = fieldGrave(newId());
    const b = fieldGrave(newId());
    const c = fieldGrave(newId());
    let answer = { status: 200, etag: '"f1"', body: { userId: USER, sepulturas: [a, b, c] } };
    const fetch = async () => answer;
    await syncFieldGraves(db, { userId: USER, fetch });
    await enqueueInspection(db, {
      id: newId(),
      userId: USER,
      casoId: b.casos[0]?.id as string,
      sepulturaId: b.sepultura.id,
      rotulo: 'Quadra 12 · 458',
      payload: { data: '01/11/2026', nota: 'Tampa trincada.', fotos: [] },
    });
    answer = { status: 200, etag: '"f2"', body: { userId: USER, sepulturas: [a] } };
    expect(await syncFieldGraves(db, { userId: USER, fetch })).toBe('updated');
    const kept = (await db.fieldGraves.toArray()).map((g) => g.id).sort();
    expect(kept).toEqual([a.sepultura.id, b.sepultura.id].sort());
  });

  it('refuses an answer for someone else and stays as it was when offline', async () => {
    const a = fieldGrave(newId());
    const other = async () => ({
      status: 200,
      etag: '"x"',
      body: { userId: 'u-outro', sepulturas: [a] },
    });
    expect(await syncFieldGraves(db, { userId: USER, fetch: other })).toBe('refused');
    expect(await db.fieldGraves.count()).toBe(0);
    const down = async (): Promise<never> => {
      throw new TypeError('Failed to fetch');
    };
    expect(await syncFieldGraves(db, { userId: USER, fetch: down })).toBe('offline');
    expect(await syncFieldGraves(db, { fetch: down })).toBe('no-session');
  });
});

describe('the grave page without signal', () => {
  const store = new Map<string, string>();
  let answer: () => Promise<Response>;
  beforeEach(() => {
    vi.resetModules();
    vi.stubEnv('VITE_API_BASE', 'http://memorial.test/api');
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, String(v)),
      removeItem: (k: string) => void store.delete(k),
    });
    vi.stubGlobal('fetch', () => answer());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it("opens the device's copy when nothing answers, and only then", async () => {
    const { db } = await import('../../src/data/db');
    const { loadGrave } = await import('../../src/data/graves/grave-load');
    const { ApiFailure } = await import('../../src/data/failure');
    const g = fieldGrave(newId());
    await syncFieldGraves(db, {
      userId: USER,
      fetch: async () => ({ status: 200, etag: '"f"', body: { userId: USER, sepulturas: [g] } }),
    });
    try {
      answer = () => Promise.reject(new TypeError('Failed to fetch'));
      const view = await loadGrave(g.sepultura.id, USER);
      expect(view.heldCases?.map((k) => k.id)).toEqual([g.casos[0]?.id]);
      expect(view.page.sepultados.map((s) => s.nome)).toEqual(['Joaquim Campos']);
      // Someone else, or a grave not kept: the failure stands.
      await expect(loadGrave(g.sepultura.id, 'u-outro')).rejects.toBeInstanceOf(ApiFailure);
      await expect(loadGrave(newId(), USER)).rejects.toBeInstanceOf(ApiFailure);
      // The server answered (an error): not "no signal", so no copy.
      answer = async () =>
        new Response(JSON.stringify({ message: 'Erro interno.' }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        });
      await expect(loadGrave(g.sepultura.id, USER)).rejects.toBeInstanceOf(ApiFailure);
    } finally {
      await db.delete();
    }
  });
});
