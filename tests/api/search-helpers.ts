/**
 * Fixtures for the search API tests: burial records written straight into the database in
 * batches (thousands of them through the create form would only test the form), and the
 * relevance-set records with the ids they got.
 */
import { generateBurial, seededRandom } from '../../server/modules/seed/seed-generator';
import { newId } from '../../src/domain/ids';
import type { SearchableRecord } from '../../src/domain/search-score';
import { backgroundRecords } from '../fixtures/relevance-corpus';
import { RELEVANCE_RECORDS, type RelevanceRecord } from '../fixtures/relevance-set';
import type { Harness } from './helpers';

export interface SeedRecord {
  nome: string;
  rua: string | null;
  quadra: string;
  chapa: string;
  dtFal: string | null;
}

/** Inserts the records (500 per statement) and answers them with their new ids. */
export async function insertRecords(
  h: Harness,
  records: SeedRecord[],
): Promise<(SearchableRecord & SeedRecord)[]> {
  const out: (SearchableRecord & SeedRecord)[] = [];
  for (let start = 0; start < records.length; start += 500) {
    const batch = records.slice(start, start + 500);
    const params: unknown[] = [];
    const rows = batch.map((rec) => {
      const id = newId();
      out.push({ ...rec, id });
      params.push(id, rec.nome, rec.rua, rec.quadra, rec.chapa, rec.dtFal);
      const n = params.length;
      return `($${n - 5}, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n}::date)`;
    });
    await h.app.ctx.database.sql.query(
      `INSERT INTO sepultados (id, nome, rua, quadra, chapa, dt_fal) VALUES ${rows.join(', ')}`,
      params,
    );
  }
  return out;
}

/**
 * insertRecords, then ANALYZE (the search reads the element statistics to choose its way),
 * and the id of the cemetery the records went to, for the narrowed searches.
 */
export async function insertAnalyzed(h: Harness, records: SeedRecord[]): Promise<string | null> {
  await insertRecords(h, records);
  await h.app.ctx.database.sql.exec('ANALYZE sepultados');
  const [row] = await h.app.ctx.database.sql.query<{ id: string }>(
    'SELECT cemiterio_id AS id FROM sepultados LIMIT 1',
  );
  return row?.id ?? null;
}

export interface RelevanceCorpus {
  /** Every record inserted, with ids. */
  records: (SearchableRecord & SeedRecord)[];
  /** Relevance key (t01, c01a, b17…) → id. */
  idOf: Map<string, string>;
}

/** The hand-made relevance records plus `background` generated ones, inserted. */
export async function insertRelevanceCorpus(
  h: Harness,
  background = 1500,
): Promise<RelevanceCorpus> {
  const all: RelevanceRecord[] = [...RELEVANCE_RECORDS, ...backgroundRecords(background)];
  const records = await insertRecords(h, all);
  const idOf = new Map(all.map((rec, i) => [rec.key, records[i]?.id ?? '']));
  return { records, idOf };
}

/** `count` records of the bulk seed's generator from `seed` (the same seed, the same records). */
export function generatedRecords(seed: number, count: number): SeedRecord[] {
  const rand = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const g = generateBurial(rand);
    return { nome: g.nome, rua: g.rua, quadra: g.quadra, chapa: g.chapa, dtFal: g.dtFal };
  });
}

/** A parameter as SQL text for EXECUTE (test values only: quotes doubled). */
function literal(v: unknown): string {
  return Array.isArray(v)
    ? `ARRAY[${v.map((x) => `'${String(x).replaceAll("'", "''")}'`).join(', ')}]::text[]`
    : typeof v === 'number'
      ? String(v)
      : `'${String(v).replaceAll("'", "''")}'`;
}

/**
 * The plan PostgreSQL's prepared statements get (server/db/prepared.ts): the statement planned
 * without its values (plan_cache_mode = force_generic_plan), as EXPLAIN's lines joined.
 */
export async function genericPlan(h: Harness, text: string, params: unknown[]): Promise<string> {
  return h.app.ctx.database.sql.exclusive(async (conn) => {
    await conn.exec('SET plan_cache_mode = force_generic_plan');
    try {
      await conn.exec(`PREPARE generic_check AS ${text}`);
      const rows = await conn.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN EXECUTE generic_check(${params.map(literal).join(', ')})`,
      );
      await conn.exec('DEALLOCATE generic_check');
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    } finally {
      await conn.exec('RESET plan_cache_mode');
    }
  });
}
