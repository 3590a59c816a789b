/**
 * What the cemetery routes cost on a register of millions (docs/decisions.md "Cemeteries"), on
 * PostgreSQL: the grouped count behind GET /api/cemiterios, and a rename / merge through the
 * real services (records rewritten in batches, triggers and every index on).
 *   tsx bench/cemeteries-cost.ts [--url postgres://postgres@127.0.0.1:5432] [--count 2000000]
 *     [--rewrite 100000]
 * Builds its own database (bench_cemiterios), dropped at the end.
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/index';
import type { UserRow } from '../server/db/schema';
import { COUNTS_SQL_FOR_BENCH, listCemeteries } from '../server/modules/cemeteries/cemeteries-read';
import { editCemetery, mergeCemetery } from '../server/modules/cemeteries/cemeteries-write';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    count: { type: 'string', default: '2000000' },
    rewrite: { type: 'string', default: '100000' },
  },
});
const count = Number(values.count);
const rewrite = Number(values.rewrite);
const NAME = 'bench_cemiterios';
const base = values.url ?? '';

async function admin(query: string) {
  const c = new pg.Client({ connectionString: `${base}/postgres` });
  await c.connect();
  await c.query(query);
  await c.end();
}

const ms = (t: number) => `${(performance.now() - t).toFixed(0)} ms`;

async function main() {
  await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${NAME}`);
  const url = `${base}/${NAME}`;
  const database = await openDatabase({ databaseUrl: url, pgliteDir: null, poolSize: 2 });
  const sql = database.sql;
  // 22 cemeteries, the first holds 75 % (1.5 M of 2 M), the second `rewrite` records.
  await sql.query(`INSERT INTO cemiterios (id, nome, nome_chave, created_at)
    SELECT lpad(to_hex(g), 24, '0'), 'Cemitério ' || g, cemiterio_chave('Cemitério ' || g),
      now() + g * interval '1 second' FROM generate_series(1, 22) g`);
  // Heavy indexes built after the load (faster than row by row), triggers off for the load.
  const indexes = await sql.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'sepultados'
     AND indexname <> 'sepultados_pkey'`,
  );
  for (const i of indexes) await sql.exec(`DROP INDEX ${i.indexname}`);
  let t = performance.now();
  await sql.exec(`ALTER TABLE sepultados DISABLE TRIGGER USER;
    INSERT INTO sepultados (id, nome, quadra, chapa, rua, cemiterio, cemiterio_id, change_seq)
    SELECT lpad(to_hex(g), 24, '0'), 'Pessoa ' || (g % 5000) || ' da Silva ' || (g % 97),
      (g % 400)::text, (g % 1000)::text, 'Rua ' || (g % 30),
      'Cemitério ' || c, lpad(to_hex(c), 24, '0'), nextval('sepultados_change_seq')
    FROM (SELECT g, CASE WHEN g <= ${Math.round(count * 0.75)} THEN 1
      WHEN g <= ${Math.round(count * 0.75) + rewrite} THEN 2
      ELSE 3 + (g % 20) END AS c FROM generate_series(1, ${count}) g) s;
    ALTER TABLE sepultados ENABLE TRIGGER USER;`);
  console.log(`load ${count} rows: ${ms(t)}`);
  t = performance.now();
  for (const i of indexes) await sql.exec(i.indexdef);
  await sql.exec('VACUUM ANALYZE sepultados');
  console.log(`indexes + vacuum analyze: ${ms(t)}`);

  for (let i = 0; i < 3; i++) {
    t = performance.now();
    await sql.query(COUNTS_SQL_FOR_BENCH);
    console.log(`grouped count (GET /api/cemiterios uncached), run ${i + 1}: ${ms(t)}`);
  }
  const [plan] = await sql.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (FORMAT TEXT) ${COUNTS_SQL_FOR_BENCH}`,
  );
  console.log(`plan: ${JSON.stringify(plan)}`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cem-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    JWT_SECRET: 'x'.repeat(64),
    SEED: 'none',
    LOG_LEVEL: 'silent',
    CLIENT_DIR: path.join(dataDir, 'none'),
  });
  const app = await buildApp({ config, database });
  await app.ready();
  t = performance.now();
  await listCemeteries(app.ctx);
  console.log(`listCemeteries (count cold): ${ms(t)}`);
  t = performance.now();
  await listCemeteries(app.ctx);
  console.log(`listCemeteries (count cached): ${ms(t)}`);

  const user = { id: 'f'.repeat(24) } as UserRow;
  const second = lpad(2);
  const rss0 = process.memoryUsage().rss;
  t = performance.now();
  await editCemetery(app.ctx, user, second, { nome: 'Cemitério Dois Renomeado' });
  console.log(`rename of a cemetery of ${rewrite} records: ${ms(t)}`);
  t = performance.now();
  const { moved } = await mergeCemetery(app.ctx, user, second, lpad(3));
  console.log(`merge of ${moved} records: ${ms(t)}`);
  console.log(`server RSS growth: ${((process.memoryUsage().rss - rss0) / 1e6).toFixed(0)} MB`);
  const [hist] = await sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM sepultado_versions',
  );
  console.log(`history rows written: ${hist?.n}`);
  await app.close();
  await database.close();
  await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function lpad(n: number): string {
  return n.toString(16).padStart(24, '0');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
