/**
 * npm run seed -- --count 100000 [--seed 1] [--batch 2000] [--places random]
 *
 * Bulk-loads N realistic burial records (deterministic pt-BR names, streets, quadras, placas,
 * dates) into the database the server would use: DATABASE_URL when set, else the PGlite files
 * in DATA_DIR (stop the server first: PGlite allows one process per DATA_DIR). The records are
 * spread over a city of 22 cemeteries, three in four in the largest (seed-cemeteries.ts).
 * PostgreSQL: one COPY in one transaction, indexes rebuilt after (modules/seed/seed-bulk.ts;
 * 2,000,000 records in minutes). PGlite: one multi-row INSERT per batch, each batch its own
 * transaction. No photos (the bench measures records, not files). Records are added to
 * whatever is there; the same --seed gives the same names.
 */
import { newId } from '../src/domain/ids';
import { loadCliConfig, openCliDatabase } from './cli-setup';
import { BURIAL_DATA_COLUMNS } from './db/burial-columns';
import type { SqlRunner } from './db/index';
import { bulkSeedPostgres } from './modules/seed/seed-bulk';
import { CITY_CEMETERIES, cemeteryOf } from './modules/seed/seed-cemeteries';
import { seedEstate } from './modules/seed/seed-estate';
import { type GeneratedBurial, generateBurial, seededRandom } from './modules/seed/seed-generator';
import { GravePlanner } from './modules/seed/seed-places';

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

function numberArg(name: string, fallback: number, max: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    console.error(`--${name} deve ser um número inteiro entre 1 e ${max}`);
    process.exit(2);
  }
  return value;
}

async function main() {
  const count = numberArg('count', 1000, 10_000_000);
  const seed = numberArg('seed', 1, 2 ** 31);
  const batch = numberArg('batch', 2000, 20_000);
  // --places random: each record keeps the generator's own random place (nearly one grave per
  // record), as the seed did before graves were shared: the bench's "before" register.
  const randomPlaces = process.argv.includes('--places') && process.argv.includes('random');
  const config = loadCliConfig();
  const { database, where } = await openCliDatabase(config);
  console.log(`Semeando ${count} sepultados em ${where} (semente ${seed})…`);
  const started = Date.now();
  const progress = (phase: string, detail?: string) =>
    console.log(`  ${phase}${detail ? `: ${detail}` : ''}`);
  try {
    if (database.kind === 'postgres' && config.databaseUrl) {
      const url = config.databaseUrl;
      await bulkSeedPostgres(url, count, seed, progress, randomPlaces);
    } else {
      // Row by row through the triggers: each record finds or makes its grave (migration 0030).
      const rand = seededRandom(seed);
      const planner = randomPlaces ? null : new GravePlanner(count, seed);
      await database.sql.exclusive(async (conn) => {
        for (let done = 0; done < count; done += batch) {
          const size = Math.min(batch, count - done);
          await insertBatch(
            conn,
            Array.from({ length: size }, (_, i) => {
              const c = cemeteryOf(done + i);
              const burial = generateBurial(rand);
              return {
                ...burial,
                ...planner.place(c, burial),
                cemiterio: CITY_CEMETERIES[c] ?? null,
              };
            }),
          );
          if ((done / batch) % 20 === 19 || done + size >= count) {
            console.log(`  ${done + size} / ${count}`);
          }
        }
      });
      await seedEstate(database.sql, seed, progress);
    }
    // A bulk load leaves the pages unmarked in the visibility map until autovacuum passes
    // (PGlite has none), so index-only scans (the suggestions' btree, migration 0007) would
    // still read the heap: vacuum now, as a database that has served for a while would be.
    const vacuum = Date.now();
    await database.sql.exec(
      'VACUUM (ANALYZE) sepultados, search_vocab, sepulturas, concessoes, concessao_taxas',
    );
    console.log(`  vacuum/analyze: ${((Date.now() - vacuum) / 1000).toFixed(1)} s`);
    const seconds = (Date.now() - started) / 1000;
    console.log(`Pronto: ${count} registros em ${seconds.toFixed(1)} s.`);
  } finally {
    await database.close();
  }
}

await main();
