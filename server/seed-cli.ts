/**
 * npm run seed -- --count 100000 [--seed 1] [--batch 2000] [--places random]
 *
 * Bulk-loads N realistic burial records (deterministic pt-BR names, streets, quadras, placas,
 * dates) into the database the server would use: DATABASE_URL when set, else the PGlite files
 * in DATA_DIR (stop the server first: PGlite allows one process per DATA_DIR). The records are
 * spread over a city of 22 cemeteries, three in four in the largest (seed-cemeteries.ts), in
 * graves shared as in a real register (seed-places.ts), then given their concessions, fees and
 * abandonment cases (seed-estate.ts).
 * PostgreSQL: one COPY in one transaction, indexes rebuilt after (modules/seed/seed-bulk.ts;
 * 2,000,000 records in minutes). PGlite: one multi-row INSERT per batch, each batch its own
 * transaction (modules/seed/seed-rows.ts). No photos (the bench measures records, not files). Records are added to
 * whatever is there; the same --seed gives the same names.
 */
import { loadCliConfig, openCliDatabase } from './cli-setup';
import { bulkSeedPostgres } from './modules/seed/seed-bulk';
import { seedRowByRow } from './modules/seed/seed-rows';

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
  // record) and no concession is made, as the seed did before: the bench's "before" register.
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
      await seedRowByRow(database.sql, count, seed, { batch, randomPlaces, progress });
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
