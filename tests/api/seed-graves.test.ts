/**
 * The bench register's graves and office (npm run seed): burials share graves as in a real
 * register (Vila Formosa ≈ 17 a grave, the other cemeteries fewer), rotating quadras hold one
 * recent burial a grave, and after the link every kind the office reads is there: concessions
 * with valid CPFs on most graves of the perpetual and temporary cemeteries, one active per
 * grave, fees some of them open past due, abandonment cases with a notice whose 90-day wait
 * ends between 60 days ago and 90 days ahead. Seeding again grants nothing twice. On PostgreSQL
 * through the bulk path (COPY, sepulturas_link_all()), on PGlite row by row through the triggers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/index';
import { bulkSeedPostgres } from '../../server/modules/seed/seed-bulk';
import { CITY_CEMETERIES } from '../../server/modules/seed/seed-cemeteries';
import { seedEstate } from '../../server/modules/seed/seed-estate';
import { familyGraves } from '../../server/modules/seed/seed-places';
import { seedRowByRow } from '../../server/modules/seed/seed-rows';
import { isValidCpf } from '../../src/domain/user-rules';
import { createPgDatabase, engines } from './helpers';

const COUNT = 4000;
const quiet = () => undefined;

describe.each(engines)('bench seed: graves and their office ($name)', (engine) => {
  let db: Database;
  let drop: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const made = engine.url ? await createPgDatabase(engine.url) : null;
    if (made) drop = made.drop;
    db = await openDatabase({ databaseUrl: made?.url ?? null, pgliteDir: null, poolSize: 2 });
    if (made) await bulkSeedPostgres(made.url, COUNT, 1, quiet);
    else
      await seedRowByRow(db.sql, COUNT, 1, { batch: 1000, randomPlaces: false, progress: quiet });
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await drop();
  });

  it('lays the burials in shared graves: Vila Formosa ≈ 17 a grave, the others fewer', async () => {
    const rows = await db.sql.query<{ nome: string; graves: number; records: number }>(
      `SELECT c.nome, count(DISTINCT s.sepultura_id)::int AS graves, count(*)::int AS records
       FROM sepultados s JOIN cemiterios c ON c.id = s.cemiterio_id GROUP BY c.nome`,
    );
    expect(rows).toHaveLength(CITY_CEMETERIES.length);
    const vf = rows.find((r) => r.nome === CITY_CEMETERIES[0]);
    expect(vf?.records).toBe(3000);
    const perGrave = (vf?.records ?? 0) / (vf?.graves ?? 1);
    expect(perGrave).toBeGreaterThan(14);
    expect(perGrave).toBeLessThan(20);
    for (const r of rows.filter((x) => x.nome !== CITY_CEMETERIES[0])) {
      expect(r.records / r.graves).toBeLessThan(2.5);
    }
    // Every family grave the plan counts holds someone (the rotating ones come on top).
    const planned = familyGraves(COUNT).reduce((a, b) => a + b, 0);
    const [all] = await db.sql.query<{ n: number; rot: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE quadra LIKE 'R%')::int AS rot
       FROM sepulturas`,
    );
    expect((all?.n ?? 0) - (all?.rot ?? 0)).toBeLessThanOrEqual(planned);
    expect((all?.n ?? 0) - (all?.rot ?? 0)).toBeGreaterThan(planned * 0.9);
    // A rotating grave holds one burial, a recent one.
    const [rot] = await db.sql.query<{ most: number; oldest: string }>(
      `SELECT max(n)::int AS most, min(first)::text AS oldest FROM (SELECT count(*) AS n,
         min(s.dt_fal) AS first FROM sepultados s JOIN sepulturas g ON g.id = s.sepultura_id
         WHERE g.quadra LIKE 'R%' GROUP BY g.id) x`,
    );
    expect(rot?.most).toBe(1);
    expect(rot && rot.oldest >= '2021-06-01').toBe(true);
  });

  it('puts each record in the grave of its own place, as linking them would', async () => {
    // The bulk path makes the graves first and copies each record with its grave; the row by
    // row path finds or makes it through the record trigger. Both must give what
    // sepulturas_link_all gives: the record's cemetery and folded place, the position of its
    // located records, 'ocupada', the first burial's time, and no empty grave.
    const [wrong] = await db.sql.query<Record<string, number>>(
      `SELECT
         count(*) FILTER (WHERE s.sepultura_id IS NULL)::int AS unlinked,
         count(*) FILTER (WHERE g.cemiterio_id <> s.cemiterio_id
           OR g.chave <> sepultura_chave(s.rua, s.quadra, s.chapa))::int AS elsewhere,
         count(*) FILTER (WHERE s.latitude IS NOT NULL AND g.latitude IS NOT NULL AND
           (g.latitude <> s.latitude OR g.longitude <> s.longitude))::int AS moved,
         -- The record trigger places a grave by the record that made it; linking (and the
         -- bulk load) by any of its located records.
         count(*) FILTER (WHERE s.latitude IS NOT NULL AND g.latitude IS NULL
           AND $1::boolean)::int AS unplaced,
         count(*) FILTER (WHERE g.tipo IS DISTINCT FROM s.tipo_sepultura)::int AS kind
       FROM sepultados s LEFT JOIN sepulturas g ON g.id = s.sepultura_id`,
      [Boolean(engine.url)],
    );
    expect(wrong).toEqual({ unlinked: 0, elsewhere: 0, moved: 0, unplaced: 0, kind: 0 });
    const [graves] = await db.sql.query<Record<string, number>>(
      `SELECT
         count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM sepultados s
           WHERE s.sepultura_id = g.id))::int AS empty,
         count(*) FILTER (WHERE g.situacao NOT IN ('ocupada', 'concedida', 'em comisso'))::int
           AS free,
         -- Made by the record trigger, a grave is as old as the write that made it.
         count(*) FILTER (WHERE $1::boolean AND g.created_at <> (SELECT min(s.created_at)
           FROM sepultados s WHERE s.sepultura_id = g.id))::int AS born
       FROM sepulturas g`,
      [Boolean(engine.url)],
    );
    expect(graves).toEqual({ empty: 0, free: 0, born: 0 });
    if (engine.url) {
      // The load writes no audit entry for the graves it makes, as none for its records.
      const [audit] = await db.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_log WHERE resource = 'sepultura'`,
      );
      expect(audit?.n).toBe(0);
    }
  });

  it('grants most graves of the perpetual and temporary cemeteries, with valid CPFs', async () => {
    const concessions = await db.sql.query<{ titular_cpf: string; regime: string; sit: string }>(
      'SELECT titular_cpf, regime, situacao AS sit FROM concessoes',
    );
    expect(concessions.filter((c) => !isValidCpf(c.titular_cpf))).toEqual([]);
    expect(new Set(concessions.map((c) => c.regime))).toEqual(
      new Set(['perpetua', 'temporaria', 'rotativa']),
    );
    const [share] = await db.sql.query<{ granted: number; graves: number }>(
      `SELECT count(*) FILTER (WHERE EXISTS (SELECT 1 FROM concessoes c
           WHERE c.sepultura_id = g.id AND c.situacao = 'ativa'))::int AS granted,
         count(*)::int AS graves
       FROM sepulturas g JOIN cemiterios k ON k.id = g.cemiterio_id
       WHERE k.nome = ANY ($1::text[]) AND g.quadra NOT LIKE 'R%'`,
      [CITY_CEMETERIES.slice(0, 8)],
    );
    expect((share?.granted ?? 0) / (share?.graves ?? 1)).toBeGreaterThan(0.75);
    // The grave's state follows: granted unless under an abandonment case.
    const [wrong] = await db.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM concessoes c JOIN sepulturas g ON g.id = c.sepultura_id
       WHERE c.situacao = 'ativa' AND g.situacao NOT IN ('concedida', 'em comisso')`,
    );
    expect(wrong?.n).toBe(0);
    // Terms laid from today: temporary ones end at the earliest 60 days ago, rotating ones
    // still active at the earliest 45 days ago (exhumations due, a few overdue).
    const [ends] = await db.sql.query<{ temp: number; rot: number }>(
      `SELECT count(*) FILTER (WHERE regime = 'temporaria' AND fim < current_date - 60)::int AS temp,
         count(*) FILTER (WHERE regime = 'rotativa' AND fim < current_date - 45)::int AS rot
       FROM concessoes WHERE situacao = 'ativa'`,
    );
    expect(ends).toEqual({ temp: 0, rot: 0 });
  });

  it('leaves fees open past due and abandonment cases whose wait ends soon', async () => {
    const [fees] = await db.sql.query<{ n: number; overdue: number }>(
      `SELECT count(*)::int AS n,
         count(*) FILTER (WHERE pago_em IS NULL AND vencimento < current_date)::int AS overdue
       FROM concessao_taxas`,
    );
    expect(fees?.n).toBeGreaterThan(0);
    expect(fees?.overdue).toBeGreaterThan(0);
    const cases = await db.sql.query<{ ends: number; situacao: string }>(
      `SELECT (max(e.data) + k.prazo_dias - current_date)::int AS ends, g.situacao
       FROM comisso_casos k JOIN sepulturas g ON g.id = k.sepultura_id
       JOIN comisso_etapas e ON e.caso_id = k.id AND e.tipo <> 'vistoria'
       WHERE k.situacao = 'aberto' GROUP BY k.id, g.situacao`,
    );
    expect(cases.length).toBeGreaterThanOrEqual(3);
    for (const k of cases) {
      expect(k.situacao).toBe('em comisso');
      expect(k.ends).toBeGreaterThanOrEqual(-60);
      expect(k.ends).toBeLessThanOrEqual(90);
    }
  });

  it('grants nothing twice when seeded again', async () => {
    const count = async () =>
      (
        await db.sql.query<{ c: number; k: number }>(
          'SELECT (SELECT count(*) FROM concessoes)::int AS c, (SELECT count(*) FROM comisso_casos)::int AS k',
        )
      )[0];
    const before = await count();
    await seedEstate(db.sql, 1, quiet);
    expect(await count()).toEqual(before);
  });
});
