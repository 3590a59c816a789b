/**
 * The seed's path for PGlite (npm run seed without DATABASE_URL): one multi-row INSERT per
 * batch, each batch its own transaction, through the triggers, so each record finds or makes its
 * grave (migration 0030); then the concessions, fees and cases (seed-estate.ts). The bulk
 * PostgreSQL path is seed-bulk.ts; both place the records with the same planner.
 */
import { newId } from '../../../src/domain/ids';
import { BURIAL_DATA_COLUMNS } from '../../db/burial-columns';
import type { SqlRunner } from '../../db/index';
import { CITY_CEMETERIES, cemeteryOf } from './seed-cemeteries';
import { seedEstate } from './seed-estate';
import { type GeneratedBurial, generateBurial, seededRandom } from './seed-generator';
import { GravePlanner } from './seed-places';

/** Column → SQL array type: one array per column, unnested into rows by the database. */
const COLUMNS = [
  ...BURIAL_DATA_COLUMNS,
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
] as const;

// INSERT … SELECT FROM unnest($1::text[], …): 18 parameters whatever the batch size, and
// measured ~1.5× faster on PostgreSQL than a VALUES list with 18 000 parameters.
const INSERT_SQL = `INSERT INTO sepultados (${COLUMNS.map(([c]) => c).join(', ')})
  SELECT * FROM unnest(${COLUMNS.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ')})`;

function row(r: GeneratedBurial): unknown[] {
  const created = r.createdAt.toISOString();
  return [
    newId(r.createdAt.getTime()),
    r.nome,
    r.idade,
    r.dtNasc,
    r.dtFal,
    r.nacionalidade,
    r.mae,
    r.pai,
    r.cemiterio,
    r.rua,
    r.quadra,
    r.chapa,
    r.epitafio,
    r.tipoSepultura,
    r.latitude,
    r.longitude,
    created,
    created,
  ];
}

async function insertBatch(conn: SqlRunner, records: GeneratedBurial[]): Promise<void> {
  const rows = records.map(row);
  const arrays = COLUMNS.map((_, c) => rows.map((r) => r[c]));
  await conn.exec('BEGIN');
  try {
    await conn.query(INSERT_SQL, arrays);
    await conn.exec('COMMIT');
  } catch (err) {
    await conn.exec('ROLLBACK');
    throw err;
  }
}

export async function seedRowByRow(
  sql: SqlRunner,
  count: number,
  seed: number,
  o: { batch: number; randomPlaces: boolean; progress: (phase: string, detail?: string) => void },
): Promise<void> {
  const rand = seededRandom(seed);
  const planner = o.randomPlaces ? null : new GravePlanner(count, seed);
  await sql.exclusive(async (conn) => {
    for (let done = 0; done < count; done += o.batch) {
      const size = Math.min(o.batch, count - done);
      await insertBatch(
        conn,
        Array.from({ length: size }, (_, i) => {
          const c = cemeteryOf(done + i);
          const burial = generateBurial(rand);
          return {
            ...burial,
            ...planner?.place(c, burial),
            cemiterio: CITY_CEMETERIES[c] ?? null,
          };
        }),
      );
      if ((done / o.batch) % 20 === 19 || done + size >= count) {
        o.progress('rows', `${done + size} / ${count}`);
      }
    }
  });
  if (!o.randomPlaces) await seedEstate(sql, seed, o.progress);
}
