/**
 * What each of the server's three ways of writing a statement costs, for the choice of one SQL
 * style (docs/decisions/0179-one-sql-style.md): the same read — one user by primary key — and
 * the same write — one column updated by primary key — through Drizzle's query builder,
 * through Drizzle's `sql` tag (`db.execute`), and through the raw runner (`sql.query` with `$1`
 * parameters), on PGlite (in memory) and on PostgreSQL when DATABASE_URL is set. Also the cost
 * of the builder alone (building the statement's text, no database), and what loading Drizzle
 * and the schema adds to a fresh process's heap.
 *
 *   npx tsx bench/sql-style.ts [--calls 5000] [--rounds 3]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/sql-style.ts
 *
 * Rounds take turns between the styles (builder, tag, raw, builder, …) so a busy machine weighs
 * on all three alike; the median of the rounds' per-call means is printed.
 */
import { execFileSync } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../server/db';
import { users } from '../server/db/schema';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const CALLS = arg('calls', 5000);
const ROUNDS = arg('rounds', 3);
const ROWS = 1000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function engine(label: string, databaseUrl: string | null) {
  const database = await openDatabase({ databaseUrl, pgliteDir: null, poolSize: 1 });
  const { db, sql: runner } = database;
  const schemaName = `sql_style_${process.pid}`;
  try {
    if (databaseUrl) {
      // A scratch copy of the table in its own schema: the bench never touches real rows.
      await runner.exec(
        `CREATE SCHEMA ${schemaName}; CREATE TABLE ${schemaName}.users (LIKE public.users INCLUDING ALL); SET search_path = ${schemaName}`,
      );
    }
    await runner.exec(`TRUNCATE users CASCADE`);
    await runner.query(
      `INSERT INTO users (id, name, email, cpf, phone, password_hash)
       SELECT lpad(to_hex(g), 24, '0'), 'Pessoa ' || g, 'p' || g || '@example.org', lpad(g::text, 11, '0'), '', 'x'
       FROM generate_series(1, ${ROWS}) g`,
    );
    const id = (i: number) => ((i % ROWS) + 1).toString(16).padStart(24, '0');
    const styles: Record<
      string,
      { read: (i: number) => Promise<unknown>; write: (i: number) => Promise<unknown> }
    > = {
      builder: {
        read: (i) =>
          db
            .select()
            .from(users)
            .where(eq(users.id, id(i))),
        write: (i) =>
          db
            .update(users)
            .set({ name: `Nome ${i}` })
            .where(eq(users.id, id(i))),
      },
      tag: {
        read: (i) => db.execute(sql`SELECT * FROM users WHERE id = ${id(i)}`),
        write: (i) => db.execute(sql`UPDATE users SET name = ${`Nome ${i}`} WHERE id = ${id(i)}`),
      },
      raw: {
        read: (i) => runner.query('SELECT * FROM users WHERE id = $1', [id(i)]),
        write: (i) =>
          runner.query('UPDATE users SET name = $1 WHERE id = $2', [`Nome ${i}`, id(i)]),
      },
    };
    const perCall: Record<string, { read: number[]; write: number[] }> = {};
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [name, style] of Object.entries(styles)) {
        const slot = perCall[name] ?? { read: [], write: [] };
        perCall[name] = slot;
        for (const kind of ['read', 'write'] as const) {
          for (let i = 0; i < 200; i += 1) await style[kind](i); // warm-up
          const started = performance.now();
          for (let i = 0; i < CALLS; i += 1) await style[kind](i);
          slot[kind].push(((performance.now() - started) * 1000) / CALLS);
        }
      }
    }
    if (!databaseUrl) {
      const alone = buildingAlone(db);
      console.log(
        `builder's text alone (no database): select ${alone.select.toFixed(1)} µs, update ${alone.update.toFixed(1)} µs`,
      );
    }
    for (const [name, { read, write }] of Object.entries(perCall)) {
      console.log(
        `${label.padEnd(10)} ${name.padEnd(8)} read ${median(read).toFixed(1).padStart(7)} µs/call   write ${median(write).toFixed(1).padStart(7)} µs/call`,
      );
    }
  } finally {
    if (databaseUrl) await runner.exec(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
    await database.close();
  }
}

/** Building the statement's text and parameters only, as each style does per call. */
function buildingAlone(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const builder: number[] = [];
  const tag: number[] = [];
  const n = CALLS * 4;
  for (let round = 0; round < ROUNDS; round += 1) {
    let started = performance.now();
    for (let i = 0; i < n; i += 1)
      db.select()
        .from(users)
        .where(eq(users.id, `u${i}`))
        .toSQL();
    builder.push(((performance.now() - started) * 1000) / n);
    started = performance.now();
    for (let i = 0; i < n; i += 1)
      db.update(users)
        .set({ name: `Nome ${i}` })
        .where(eq(users.id, `u${i}`))
        .toSQL();
    tag.push(((performance.now() - started) * 1000) / n);
  }
  return { select: median(builder), update: median(tag) };
}

/** Heap after loading the runtime's modules, in a fresh process, with and without Drizzle. */
function heapAfterImport(modules: string[]): number {
  const code = `${modules.map((m) => `await import(${JSON.stringify(m)});`).join('')}
    globalThis.gc(); console.log(process.memoryUsage().heapUsed);`;
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', code],
    { encoding: 'utf8', cwd: new URL('..', import.meta.url).pathname },
  );
  return Number(out.trim().split('\n').at(-1));
}

console.log(
  `${CALLS} calls per style and kind, ${ROUNDS} rounds taking turns; median of the rounds' means`,
);
await engine('pglite', null);
if (process.env.DATABASE_URL) await engine('postgres', process.env.DATABASE_URL);
const base = heapAfterImport(['pg', '@electric-sql/pglite']);
const withDrizzle = heapAfterImport([
  'pg',
  '@electric-sql/pglite',
  'drizzle-orm',
  'drizzle-orm/node-postgres',
  'drizzle-orm/pglite',
  './server/db/schema.ts',
]);
console.log(
  `heap after import: pg + pglite ${(base / 2 ** 20).toFixed(1)} MiB; + drizzle and the schema ${(withDrizzle / 2 ** 20).toFixed(1)} MiB (+${((withDrizzle - base) / 2 ** 20).toFixed(1)} MiB)`,
);
