/**
 * The bulk seed on PostgreSQL (npm run seed with DATABASE_URL): millions of records in minutes.
 * One multi-row INSERT per batch is far too slow for that (bench/history/measurements.md):
 * every row kept eight indexes (two trigram GINs with fastupdate off) and ran two triggers.
 * So a large load
 *  1. streams the rows with COPY (pg-copy-streams), each already carrying what the triggers
 *     would set: its cemetery's id and canonical name (the 0010 trigger), and the sync position
 *     — change_seq from its default, change_xid this transaction's id by a default set for the
 *     load only (the 0006 stamp), so the phones' delta sync sees the rows like any write;
 *  2. drops the table's secondary indexes first and builds them again after (one sorted build
 *     instead of 2 M random insertions each), from their own definitions read from the catalog,
 *     so the migrations stay the one place they are written;
 *  3. runs the COPY on two connections side by side (the database's work per row is the cost)
 *     and puts the indexes, triggers and default back whatever happens (a failed COPY stream
 *     rolls back its own rows). Run it with the server stopped, as any seed: while it loads,
 *     the table has no search indexes and no triggers.
 * Into an empty register the graves are copied first and each record comes with its
 * sepultura_id (seed-graves.ts); into one that has records, they are linked after the copy
 * (sepulturas_link_all, migration 0030).
 * The search columns (search_name, search_doc, search_keys…) come with each row, computed here
 * by the domain rules (search/search-columns.ts): the trigger of migration 0014 that keeps them
 * on every other write is off during the load, and in the database their PL/pgSQL and regular
 * expressions were most of the COPY's time. A small load into a larger
 * register keeps the indexes (rebuilding them would cost more than maintaining them).
 */

import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { newId } from '../../../src/domain/ids';
import { connectionRunner } from '../../db/index';
import { orderRegister } from '../../db/register-order';
import { searchColumnsComputer } from '../search/public';
import { CITY_CEMETERIES, cemeteryOf } from './seed-cemeteries';
import { seedEstate } from './seed-estate';
import { type GeneratedBurial, generateBurial, seededRandom } from './seed-generator';
import { copyPlannedGraves, graveKey } from './seed-graves';
import { GravePlanner } from './seed-places';

const COLUMNS = [
  'id',
  'nome',
  'idade',
  'dt_nasc',
  'dt_fal',
  'nacionalidade',
  'mae',
  'pai',
  'cemiterio',
  'cemiterio_id',
  'rua',
  'quadra',
  'chapa',
  'epitafio',
  'tipo_sepultura',
  'latitude',
  'longitude',
  'created_at',
  'updated_at',
  'search_name',
  'search_rua',
  'search_doc',
  'search_keys',
  'search_words',
  'sepultura_id',
] as const;

const searchColumns = searchColumnsComputer();

/**
 * A text[] in COPY's text format (keys are a-z, 0-9, '=' and '~'; words a-z and 0-9: nothing
 * to quote or escape).
 */
const arrayLiteral = (items: string[]) => `{${items.join(',')}}`;

/** One value in COPY's text format: \N for null; backslash, tab and line breaks escaped. */
function field(v: string | number | null): string {
  if (v === null) return '\\N';
  if (typeof v === 'number') return String(v);
  return /[\\\t\n\r]/.test(v)
    ? v.replace(
        /[\\\t\n\r]/g,
        (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c] ?? c,
      )
    : v;
}

/** Every word of the loaded rows, for search_vocab (the trigger that adds them is off). */
const loadedWords = new Set<string>();

function line(
  r: GeneratedBurial,
  cemetery: { id: string; nome: string },
  sepulturaId: string | null,
): string {
  const created = r.createdAt.toISOString();
  const search = searchColumns(r);
  for (const w of search.searchWords) loadedWords.add(w);
  return `${[
    newId(r.createdAt.getTime()),
    r.nome,
    r.idade,
    r.dtNasc,
    r.dtFal,
    r.nacionalidade,
    r.mae,
    r.pai,
    cemetery.nome,
    cemetery.id,
    r.rua,
    r.quadra,
    r.chapa,
    r.epitafio,
    r.tipoSepultura,
    r.latitude,
    r.longitude,
    created,
    created,
    search.searchName,
    search.searchRua,
    search.searchDoc,
    arrayLiteral(search.searchKeys),
    arrayLiteral(search.searchWords),
    sepulturaId,
  ]
    .map(field)
    .join('\t')}\n`;
}

export type BulkProgress = (phase: string, detail?: string) => void;

/** The city's cemeteries, found by name or made (cemiterio_for_name, migration 0010). */
async function cityCemeteries(client: pg.Client): Promise<{ id: string; nome: string }[]> {
  const made = await client.query<{ id: string }>(
    'SELECT cemiterio_for_name(n) AS id FROM unnest($1::text[]) WITH ORDINALITY AS t(n, i) ORDER BY i',
    [CITY_CEMETERIES],
  );
  // A second statement: the one that made them does not see its own inserts.
  const ids = made.rows.map((r) => r.id);
  const { rows } = await client.query<{ id: string; nome: string }>(
    'SELECT id, nome FROM cemiterios WHERE id = ANY ($1::text[])',
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const found = byId.get(id);
    if (!found) throw new Error(`cemitério ${id} ausente`);
    return found;
  });
}

/** The secondary indexes of sepultados (not those behind a constraint) and their definitions. */
async function secondaryIndexes(client: pg.Client): Promise<{ name: string; def: string }[]> {
  const { rows } = await client.query<{ name: string; def: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE i.indrelid = 'sepultados'::regclass
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
     ORDER BY c.relname`,
  );
  // The GINs first, longest first (the pairs of words, then the words): the
  // other connection builds the rest meanwhile, instead of a GIN starting last.
  const longest = ['sepultados_search_pairs_gin', 'sepultados_search_gin'];
  const rank = (name: string) =>
    longest.includes(name) ? longest.length - longest.indexOf(name) : 0;
  const cost = (i: { name: string; def: string }) =>
    (i.def.includes('USING gin') ? 3 : 0) + rank(i.name);
  return rows.sort((a, b) => cost(b) - cost(a));
}

/** Runs `tasks` on the clients, each client taking the next task when it is free. */
async function onEach<T>(
  clients: pg.Client[],
  tasks: T[],
  run: (c: pg.Client, t: T) => Promise<void>,
) {
  const queue = [...tasks];
  await Promise.all(
    clients.map(async (client) => {
      for (let task = queue.shift(); task !== undefined; task = queue.shift()) {
        await run(client, task);
      }
    }),
  );
}

/**
 * Loads `count` generated records. `streams` COPY connections run side by side (the generated
 * columns' functions are the database's cost, the node side generates far faster):
 * one generator in this process, so the same seed gives the same records whatever the number
 * of streams, deals its chunks in turn to the streams; the indexes are then built side by side
 * too (CREATE INDEX on one table does not block another).
 */
export async function bulkSeedPostgres(
  databaseUrl: string,
  count: number,
  seed: number,
  progress: BulkProgress,
  randomPlaces = false,
  streams = 2,
): Promise<void> {
  const connect = async () => {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    return c;
  };
  const clients: pg.Client[] = [];
  try {
    for (let i = 0; i < Math.max(1, streams); i++) clients.push(await connect());
    const [main] = clients as [pg.Client];
    const rand = seededRandom(seed);
    const planner = randomPlaces ? null : new GravePlanner(count, seed);
    const cemeteries = await cityCemeteries(main);
    const { rows } = await main.query<{ n: string; graves: boolean }>(
      'SELECT count(*) AS n, EXISTS (SELECT 1 FROM sepulturas) AS graves FROM sepultados',
    );
    const rebuild = count >= Number(rows[0]?.n ?? 0);
    // Into an empty register the graves go first and each record comes with its own
    // (seed-graves.ts); into one that has graves, the records are linked after (step 2).
    let graveIds: Map<string, string> | null = null;
    if (planner && Number(rows[0]?.n ?? 0) === 0 && !rows[0]?.graves) {
      const t0 = Date.now();
      graveIds = await copyPlannedGraves(
        main,
        count,
        seed,
        cemeteries.map((c) => c.id),
      );
      progress('graves', `${graveIds.size} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    // 1. Prepare, committed so the COPY connections see it: indexes off, triggers off, and
    // the sync position's transaction id given by a default (restored in 3).
    const indexes = rebuild ? await secondaryIndexes(main) : [];
    const [xidDefault] = (
      await main.query<{ expr: string }>(
        `SELECT pg_get_expr(d.adbin, d.adrelid) AS expr FROM pg_attrdef d
         JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
         WHERE d.adrelid = 'sepultados'::regclass AND a.attname = 'change_xid'`,
      )
    ).rows;
    await main.query('BEGIN');
    for (const index of indexes) await main.query(`DROP INDEX ${index.name}`);
    await main.query('ALTER TABLE sepultados DISABLE TRIGGER USER');
    await main.query(
      'ALTER TABLE sepultados ALTER COLUMN change_xid SET DEFAULT pg_current_xact_id()',
    );
    await main.query('COMMIT');
    // 2. COPY, each stream its own transaction.
    const copies = clients.map((c) =>
      c.query(copyFrom(`COPY sepultados (${COLUMNS.join(', ')}) FROM STDIN`)),
    );
    const done = copies.map((c) => finished(c));
    // Awaited together below; a stream failing first must not be an unhandled rejection. A
    // failed stream has lost its connection (pg-copy-streams): it is never written again.
    let failure: unknown = null;
    const failed = new Set<Writable>();
    for (const [i, d] of done.entries()) {
      d.catch((err: unknown) => {
        failure ??= err;
        failed.add(copies[i] as Writable);
      });
    }
    try {
      const started = Date.now();
      const CHUNK = 5000;
      for (let n = 0, k = 0; n < count; k++) {
        const size = Math.min(CHUNK, count - n);
        let text = '';
        for (let i = 0; i < size; i++, n++) {
          const c = cemeteryOf(n);
          const cemetery = cemeteries[c];
          if (!cemetery) throw new Error('cemitério da semente ausente');
          const burial = generateBurial(rand);
          const place = planner?.place(c, burial);
          const grave = place && graveIds ? (graveIds.get(graveKey(c, place)) ?? null) : null;
          text += line({ ...burial, ...place }, cemetery, grave);
        }
        if (failure) throw failure;
        const stream = copies[k % copies.length] as Writable;
        if (!stream.write(text)) {
          await Promise.race([once(stream, 'drain'), ...done]);
        }
        if (n % 200_000 === 0 || n === count) progress('copy', `${n} / ${count}`);
      }
      for (const c of copies) c.end();
      await Promise.all(done);
      await main.query(
        'INSERT INTO search_vocab (word) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING',
        [[...loadedWords]],
      );
      progress('copy done', `${((Date.now() - started) / 1000).toFixed(1)} s`);
      if (rebuild) {
        // In name order (db/register-order.ts), while only the primary key is there to rebuild.
        const t0 = Date.now();
        await main.query(`SET maintenance_work_mem = '1GB'`);
        await orderRegister(connectionRunner(main));
        progress('name order', `${((Date.now() - t0) / 1000).toFixed(1)} s`);
      }
      // Each record not yet in a grave to its grave (migration 0030), set-based while the
      // triggers are off and, on a rebuild, only the primary key is there to keep up.
      if (!graveIds) {
        const t1 = Date.now();
        await main.query('SELECT sepulturas_link_all()');
        progress('graves', `${((Date.now() - t1) / 1000).toFixed(1)} s`);
      }
      // Their concessions, fees and abandonment cases (seed-estate.ts), set-based too; not on
      // the old one-place-per-record register (--places random), which had none.
      if (!randomPlaces) await seedEstate(connectionRunner(main), seed, progress);
    } catch (err) {
      // The other streams abort too (destroy sends CopyFail: their rows roll back and their
      // connections are free again for step 3).
      await new Promise((resolve) => setImmediate(resolve));
      for (const c of copies) {
        if (!failed.has(c)) c.destroy(err instanceof Error ? err : new Error(String(err)));
      }
      await Promise.allSettled(done);
      throw err;
    } finally {
      // 3. Restore, whatever happened: default, triggers, then the indexes side by side.
      await main.query(
        `ALTER TABLE sepultados ALTER COLUMN change_xid SET DEFAULT ${xidDefault?.expr ?? `'2'::xid8`}`,
      );
      await main.query('ALTER TABLE sepultados ENABLE TRIGGER USER');
      // The rows came in without the stamp trigger: held search answers must not outlive them
      // (migration 0016).
      await main.query(`SELECT nextval('sepultados_search_seq')`);
      const started = Date.now();
      await onEach(clients, indexes, async (client, index) => {
        const t0 = Date.now();
        // Index builds sort in memory when they can: this machine has RAM to spare, not cores.
        await client.query(`SET maintenance_work_mem = '1GB'`);
        await client.query(index.def);
        progress('index', `${index.name} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      });
      if (indexes.length)
        progress('indexes done', `${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}
