/**
 * Migration 0030 on a register as it stood before it: records of the same cemetery and the same
 * folded rua + quadra + chapa become one grave (named by the most used spelling, its kind the
 * most used one, its position the mean), every record — tombstones too — is linked to its
 * grave and none is lost, no record takes a new version, sync position or history entry, the
 * search's indexes are back, and later writes link by themselves. Since 0032 a grave's key is a
 * plain column its own trigger keeps: folded on insert and on every move, never set apart from it.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/index';
import { runMigrations } from '../../server/db/migrate';
import { createPgDatabase, engines } from './helpers';

const id = () => crypto.randomBytes(12).toString('hex');

interface Row {
  nome: string;
  cemiterio: string;
  rua: string | null;
  quadra: string;
  chapa: string;
  tipo: string | null;
  lat?: number;
  deleted?: boolean;
}

const REGISTER: Row[] = [
  {
    nome: 'Avó',
    cemiterio: 'Saudade',
    rua: 'Rua das Flores',
    quadra: '12',
    chapa: '0458',
    tipo: 'Jazigo',
    lat: -20.1,
  },
  {
    nome: 'Avô',
    cemiterio: 'Saudade',
    rua: 'RUA DAS FLÔRES',
    quadra: '12',
    chapa: '458',
    tipo: 'Jazigo',
    lat: -20.3,
  },
  {
    nome: 'Neto',
    cemiterio: 'saudade',
    rua: 'Rua das Flores',
    quadra: ' 12',
    chapa: '458',
    tipo: 'Gaveta',
  },
  {
    nome: 'Vizinho',
    cemiterio: 'Saudade',
    rua: 'Rua das Flores',
    quadra: '13',
    chapa: '458',
    tipo: null,
  },
  { nome: 'Sem rua', cemiterio: 'Saudade', rua: null, quadra: '12', chapa: '458', tipo: null },
  { nome: 'Sem rua 2', cemiterio: 'Saudade', rua: '', quadra: '12', chapa: '458', tipo: 'Terra' },
  {
    nome: 'Outro cemitério',
    cemiterio: 'São João',
    rua: 'Rua das Flores',
    quadra: '12',
    chapa: '458',
    tipo: null,
  },
  {
    nome: 'Apagado',
    cemiterio: 'São João',
    rua: null,
    quadra: '1',
    chapa: '1',
    tipo: null,
    deleted: true,
  },
];

describe.each(engines)('migration 0030: records → graves ($name)', (engine) => {
  let db: Database;
  let drop: () => Promise<void> = async () => {};
  const ids = REGISTER.map(() => id());

  beforeAll(async () => {
    const made = engine.url ? await createPgDatabase(engine.url) : null;
    if (made) drop = made.drop;
    db = await openDatabase({
      databaseUrl: made?.url ?? null,
      pgliteDir: null,
      poolSize: 2,
      migrateUpTo: '0029',
    });
    for (const [i, r] of REGISTER.entries()) {
      await db.sql.query(
        `INSERT INTO sepultados (id, nome, cemiterio, rua, quadra, chapa, tipo_sepultura,
           latitude, longitude, deleted_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          ids[i],
          r.nome,
          r.cemiterio,
          r.rua,
          r.quadra,
          r.chapa,
          r.tipo,
          r.lat ?? null,
          r.lat === undefined ? null : -43.5,
          r.deleted ? new Date().toISOString() : null,
        ],
      );
    }
  });
  afterAll(async () => {
    await db?.close();
    await drop();
  });

  it('makes one grave per folded place and links every record, as a no-edit', async () => {
    const indexesBefore = await db.sql.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE tablename = 'sepultados' ORDER BY 1`,
    );
    const before = await db.sql.query<{ id: string; change_seq: string; version: number }>(
      'SELECT id, change_seq::text, version FROM sepultados ORDER BY id',
    );
    expect(await runMigrations(db.sql, db.kind)).toContain('0030_sepulturas.sql');

    const after = await db.sql.query<{
      id: string;
      change_seq: string;
      version: number;
      sepultura_id: string | null;
    }>('SELECT id, change_seq::text, version, sepultura_id FROM sepultados ORDER BY id');
    expect(after.map(({ id, change_seq, version }) => ({ id, change_seq, version }))).toEqual(
      before,
    );
    expect(after.every((r) => r.sepultura_id)).toBe(true);
    const graveOf = (i: number) => after.find((r) => r.id === ids[i])?.sepultura_id;
    // Avó, Avô and Neto: one jazigo; the others each their own.
    expect(graveOf(1)).toBe(graveOf(0));
    expect(graveOf(2)).toBe(graveOf(0));
    expect(graveOf(4)).toBe(graveOf(5));
    const distinct = new Set(after.map((r) => r.sepultura_id));
    expect(distinct.size).toBe(5);

    const graves = await db.sql.query<{
      id: string;
      rua: string | null;
      quadra: string;
      numero: string;
      tipo: string | null;
      latitude: number | null;
      situacao: string;
    }>('SELECT id, rua, quadra, numero, tipo, latitude, situacao FROM sepulturas');
    const jazigo = graves.find((g) => g.id === graveOf(0));
    expect(jazigo).toMatchObject({
      rua: 'Rua das Flores',
      quadra: '12',
      numero: '458',
      tipo: 'Jazigo',
      situacao: 'ocupada',
    });
    expect(Number(jazigo?.latitude)).toBeCloseTo(-20.2, 6);
    expect(graves.find((g) => g.id === graveOf(4))).toMatchObject({ rua: null, tipo: 'Terra' });
    expect(graves.find((g) => g.id === graveOf(7))).toMatchObject({ situacao: 'livre' });
    expect(graves.find((g) => g.id === graveOf(6))?.id).not.toBe(graveOf(0));

    const [history] = await db.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sepultado_versions',
    );
    expect(history?.n).toBe(0);
    const indexesAfter = await db.sql.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE tablename = 'sepultados' ORDER BY 1`,
    );
    expect(indexesAfter.map((i) => i.indexname)).toEqual(
      [...indexesBefore.map((i) => i.indexname), 'sepultados_sepultura_idx'].sort(),
    );
  });

  it('after it, a new record at a known place joins that grave, a new place makes one', async () => {
    const a = id();
    const b = id();
    await db.sql.query(
      `INSERT INTO sepultados (id, nome, quadra, chapa, cemiterio, rua) VALUES
       ($1, 'Bisneto', '012', '00458', 'Saudade', 'rua das flores'),
       ($2, 'Novo', '99', '1', 'Saudade', NULL)`,
      [a, b],
    );
    const rows = await db.sql.query<{ id: string; sepultura_id: string }>(
      'SELECT id, sepultura_id FROM sepultados WHERE id = ANY($1::text[])',
      [[a, b, ids[0]]],
    );
    const of = (x: string | undefined) => rows.find((r) => r.id === x)?.sepultura_id;
    expect(of(a)).toBe(of(ids[0]));
    expect(of(b)).toMatch(/^[0-9a-f]{24}$/);
    expect(of(b)).not.toBe(of(a));
  });

  it('0032: a grave keeps its own folded key; no writer can set one that disagrees', async () => {
    const g = id();
    const cem = await db.sql.query<{ id: string }>('SELECT id FROM cemiterios LIMIT 1');
    await db.sql.query(
      `INSERT INTO sepulturas (id, cemiterio_id, rua, quadra, numero) VALUES ($1, $2, 'Rua Ípê', 'Q 07', '0031')`,
      [g, cem[0]?.id],
    );
    const key = async () =>
      (await db.sql.query<{ chave: string }>('SELECT chave FROM sepulturas WHERE id = $1', [g]))[0]
        ?.chave;
    expect(await key()).toBe('rua ipe/q 7/31');
    await db.sql.query("UPDATE sepulturas SET quadra = '8' WHERE id = $1", [g]);
    expect(await key()).toBe('rua ipe/8/31');
    await db.sql.query("UPDATE sepulturas SET chave = 'outra' WHERE id = $1", [g]);
    expect(await key()).toBe('rua ipe/8/31');
    await db.sql.query("UPDATE sepulturas SET observacoes = 'limpa' WHERE id = $1", [g]);
    expect(await key()).toBe('rua ipe/8/31');
  });
});
