/**
 * Fills a PostgreSQL database of its own for the pack-scale bench: a city with a 1,500,000-
 * record cemetery and a 100,000-record one, their records interleaved in the sync stream as a
 * city's would be (the seed generator's names, streets, blocks, plates, dates and grave
 * positions; ids as the server makes them). The pack bench reads only the sync stream, so the
 * search indexes are dropped in THIS database first (their upkeep is most of a bulk load's
 * time); never run it on a database anything else uses.
 *
 *   DATABASE_URL=postgres://…/bench_pack npx tsx bench/pack-scale-seed.ts [--big 1500000] [--small 100000]
 */

import { openDatabase } from '../server/db/index';
import { generateBurial, seededRandom } from '../server/modules/seed/seed-generator';
import { newId } from '../src/domain/ids';

export const BIG = 'Cemitério da Vila Formosa';
export const SMALL = 'Cemitério da Saudade';

const SEARCH_INDEXES = [
  'sepultados_nome_trgm_idx',
  'sepultados_search_gin',
  'sepultados_search_name_trgm',
  'sepultados_search_name_btree',
];

const INSERT_SQL = `INSERT INTO sepultados (id, nome, dt_fal, cemiterio_id, rua, quadra, chapa, created_at, updated_at, latitude, longitude)
  SELECT i, n, d, c, r, q, p, t, t, la, lo FROM unnest($1::text[], $2::text[], $3::date[], $4::text[],
    $5::text[], $6::text[], $7::text[], $8::timestamptz[], $9::float8[], $10::float8[])
    AS x(i, n, d, c, r, q, p, t, la, lo)`;

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL');
  const big = arg('big', 1_500_000);
  const small = arg('small', 100_000);
  const database = await openDatabase({ databaseUrl: url, pgliteDir: '' });
  const sql = database.sql;
  for (const index of SEARCH_INDEXES) await sql.exec(`DROP INDEX IF EXISTS ${index}`);
  const ids: Record<string, string> = {};
  for (const name of [BIG, SMALL]) {
    const [row] = await sql.query<{ id: string }>('SELECT cemiterio_for_name($1) AS id', [name]);
    ids[name] = row?.id ?? '';
  }
  const rand = seededRandom(7);
  const total = big + small;
  const batch = 10_000;
  const started = Date.now();
  let smallLeft = small;
  for (let done = 0; done < total; done += batch) {
    const size = Math.min(batch, total - done);
    const cols: unknown[][] = [[], [], [], [], [], [], [], [], [], []];
    for (let k = 0; k < size; k++) {
      const g = generateBurial(rand);
      // Spread the small cemetery evenly through the stream.
      const isSmall = smallLeft > 0 && rand() < smallLeft / (total - done - k);
      if (isSmall) smallLeft--;
      const values = [
        newId(g.createdAt.getTime()),
        g.nome,
        g.dtFal,
        ids[isSmall ? SMALL : BIG],
        g.rua,
        g.quadra,
        g.chapa,
        g.createdAt.toISOString(),
        // The pack carries each grave's position: the generator's (seven in ten records).
        g.latitude,
        g.longitude,
      ];
      values.forEach((v, c) => {
        cols[c]?.push(v);
      });
    }
    await sql.query(INSERT_SQL, cols);
    if ((done / batch) % 20 === 0) {
      console.log(`${done + size} / ${total} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  }
  await sql.exec('VACUUM (ANALYZE) sepultados');
  console.log(`done: ${total} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await database.close();
}

await main();
