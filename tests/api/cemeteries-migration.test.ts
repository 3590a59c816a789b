/**
 * Migration 0010 on a register as it stood at 0009: free-text `cemiterio` values that fold
 * equal become one cemetery (named by the most used spelling), blanks join the cemetery of most
 * records, every record gets one and none is lost, and the records whose text changed move in
 * the sync stream (a new change_seq) without a new version or history entry.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/index';
import { runMigrations } from '../../server/db/migrate';
import { engines } from './helpers';

const id = () => crypto.randomBytes(12).toString('hex');

async function freshDatabase(url: string | null) {
  if (!url) return { url: null, drop: async () => {} };
  const name = `memorial_mig_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

describe.each(engines)('migration 0010: free-text cemiterio → cemeteries ($name)', (engine) => {
  let db: Database;
  let drop: () => Promise<void>;
  const spellings: Array<string | null> = [
    'Cemitério da Saudade',
    'Cemitério da Saudade',
    'cemiterio da  saudade',
    'CEMITÉRIO SÃO JOÃO',
    null,
    '   ',
  ];
  const ids = spellings.map(() => id());

  beforeAll(async () => {
    const made = await freshDatabase(engine.url);
    drop = made.drop;
    db = await openDatabase({
      databaseUrl: made.url,
      pgliteDir: null,
      poolSize: 2,
      migrateUpTo: '0009_optional_phone.sql',
    });
    for (const [i, cemiterio] of spellings.entries()) {
      await db.sql.query(
        `INSERT INTO sepultados (id, nome, quadra, chapa, cemiterio) VALUES ($1, $2, '1', $3, $4)`,
        [ids[i], `Pessoa ${i}`, String(i + 1), cemiterio],
      );
    }
    await db.sql.query(
      `INSERT INTO cemetery_plan (image, south, west, north, east)
       VALUES ('${'a'.repeat(32)}.webp', -20.39, -43.51, -20.38, -43.50)`,
    );
  });
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it('gives 2 cemeteries, every record one, nothing lost', async () => {
    const before = await db.sql.query<{ id: string; change_seq: string; version: number }>(
      'SELECT id, change_seq::text, version FROM sepultados ORDER BY id',
    );
    expect(await runMigrations(db.sql, db.kind)).toContain('0010_cemiterios.sql');

    const cemeteries = await db.sql.query<{ id: string; nome: string }>(
      'SELECT id, nome FROM cemiterios ORDER BY created_at, id',
    );
    expect(cemeteries.map((c) => c.nome)).toEqual(['Cemitério da Saudade', 'CEMITÉRIO SÃO JOÃO']);
    const [saudade, joao] = cemeteries;

    const after = await db.sql.query<{
      id: string;
      cemiterio: string;
      cemiterio_id: string;
      change_seq: string;
      version: number;
    }>('SELECT id, cemiterio, cemiterio_id, change_seq::text, version FROM sepultados ORDER BY id');
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    const of = (i: number) => after.find((r) => r.id === ids[i]);
    for (const i of [0, 1, 2, 4, 5]) {
      expect(of(i)).toMatchObject({ cemiterio_id: saudade?.id, cemiterio: 'Cemitério da Saudade' });
    }
    expect(of(3)).toMatchObject({ cemiterio_id: joao?.id, cemiterio: 'CEMITÉRIO SÃO JOÃO' });

    // Rewritten texts take a new sync position; none takes a new version or history entry.
    const seqBefore = new Map(before.map((r) => [r.id, r.change_seq]));
    expect(after.every((r) => r.version === 1)).toBe(true);
    expect(of(0)?.change_seq).toBe(seqBefore.get(ids[0] ?? ''));
    for (const i of [2, 4, 5]) expect(of(i)?.change_seq).not.toBe(seqBefore.get(ids[i] ?? ''));
    const [history] = await db.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sepultado_versions',
    );
    expect(history?.n).toBe(0);
    // The one plan goes to the cemetery of most records.
    const plans = await db.sql.query<{ cemiterio_id: string }>(
      'SELECT cemiterio_id FROM cemiterio_planos',
    );
    expect(plans).toEqual([{ cemiterio_id: saudade?.id }]);
  });

  it('after it, a new record with a new spelling joins its cemetery; a blank one the oldest', async () => {
    const a = id();
    const b = id();
    await db.sql.query(
      `INSERT INTO sepultados (id, nome, quadra, chapa, cemiterio) VALUES
       ($1, 'Nova', '2', '1', 'cemitério são joão'), ($2, 'Outra', '2', '2', NULL)`,
      [a, b],
    );
    const rows = await db.sql.query<{ id: string; cemiterio: string }>(
      'SELECT id, cemiterio FROM sepultados WHERE id = ANY($1::text[]) ORDER BY nome',
      [[a, b]],
    );
    expect(rows).toEqual([
      { id: a, cemiterio: 'CEMITÉRIO SÃO JOÃO' },
      { id: b, cemiterio: 'Cemitério da Saudade' },
    ]);
  });
});
