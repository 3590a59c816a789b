/**
 * Migrations 0062 and 0063 on a register that already has concessions and fees: each takes its
 * grave's cemetery, the copy writes no audit entry (it is not a change a person made), and
 * every audited table ends with its two triggers (inserts and deletes; updates that change
 * something besides the skipped columns).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/index';
import { runMigrations } from '../../server/db/migrate';
import { createPgDatabase, engines, validCpf } from './helpers';

const id = () => crypto.randomBytes(12).toString('hex');

describe.each(engines)('migrations 0062–0063 on concessions and fees ($name)', (engine) => {
  let db: Database;
  let drop: () => Promise<void> = async () => {};
  const record = id();
  const concession = id();
  const fee = id();

  beforeAll(async () => {
    const made = engine.url ? await createPgDatabase(engine.url) : null;
    if (made) drop = made.drop;
    db = await openDatabase({
      databaseUrl: made?.url ?? null,
      pgliteDir: null,
      poolSize: 2,
      migrateUpTo: '0061',
    });
    await db.sql.query(
      `INSERT INTO sepultados (id, nome, cemiterio, quadra, chapa) VALUES ($1, 'Avó', 'Saudade', '12', '458')`,
      [record],
    );
    await db.sql.query(
      `INSERT INTO concessoes (id, sepultura_id, titular_nome, titular_cpf, regime, anos, inicio, fim)
       SELECT $1, s.sepultura_id, 'Titular', $2, 'temporaria', 5, DATE '2021-01-01', DATE '2026-01-01'
       FROM sepultados s WHERE s.id = $3`,
      [concession, validCpf(), record],
    );
    await db.sql.query(
      `INSERT INTO concessao_taxas (id, concessao_id, ano, valor, vencimento)
       VALUES ($1, $2, 2025, 80, DATE '2025-03-10')`,
      [fee, concession],
    );
  });
  afterAll(async () => {
    await db?.close();
    await drop();
  });

  it('copies the cemetery without an audit entry and splits every audit trigger in two', async () => {
    const entriesBefore = await db.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_log',
    );
    const ran = await runMigrations(db.sql, db.kind);
    expect(ran).toContain('0062_deadlines_by_cemetery.sql');
    expect(ran).toContain('0063_audit_touch_free.sql');
    const [row] = await db.sql.query<{ grave: string; c: string; t: string }>(
      `SELECT s.cemiterio_id AS grave, c.cemiterio_id AS c, t.cemiterio_id AS t
       FROM sepultados s JOIN concessoes c ON c.sepultura_id = s.sepultura_id
       JOIN concessao_taxas t ON t.concessao_id = c.id WHERE s.id = $1`,
      [record],
    );
    expect(row?.c).toBe(row?.grave);
    expect(row?.t).toBe(row?.grave);
    const entriesAfter = await db.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_log',
    );
    expect(entriesAfter[0]?.n).toBe(entriesBefore[0]?.n);

    const triggers = await db.sql.query<{ tbl: string; names: string[] | string }>(
      `SELECT tgrelid::regclass::text AS tbl, array_agg(tgname::text ORDER BY tgname) AS names
       FROM pg_trigger WHERE tgfoid = 'audit_row'::regproc GROUP BY 1`,
    );
    expect(triggers.length).toBeGreaterThan(10);
    for (const t of triggers) expect(String(t.names), t.tbl).toMatch(/^\{?audit,audit_change\}?$/);

    // A touch (only skipped columns) writes nothing; a change still writes its entry.
    await db.sql.query(`UPDATE concessoes SET updated_at = now() WHERE id = $1`, [concession]);
    await db.sql.query(`UPDATE concessoes SET titular_nome = 'Outro' WHERE id = $1`, [concession]);
    const written = await db.sql.query<{ changes: Record<string, unknown> }>(
      `SELECT changes FROM audit_log WHERE resource = 'concessao' AND resource_id = $1
         AND action = 'alterar'`,
      [concession],
    );
    expect(written.map((w) => Object.keys(w.changes))).toEqual([['titular_nome']]);
  });
});
