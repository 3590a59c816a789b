/**
 * npm run import:legacy: the original app's `mongoexport` files (users.json, sepultados.json)
 * into Memorial's database, keeping every ObjectId as the Memorial id (old links and QR codes
 * keep working), every bcrypt hash (people log in with their old password; modules/users rehashes
 * it to Argon2id then), every tribute and every photo (through the image pipeline).
 *
 * Order: users first (all in memory: they are few, and every record refers to them), then the
 * records streamed in batches, each batch with its assignments and tributes in one transaction.
 * A batch the database refuses is retried one record at a time, so one bad document is a report
 * line, never the end of the import. Photos last, one owner at a time (sharp already decodes
 * on two threads).
 */
import path from 'node:path';
import type { Config } from '../../config';
import type { Database, SqlRunner } from '../../db/index';
import { type Plain, readExport } from './ejson';
import { type LegacyBurial, type LegacyTribute, mapBurial } from './legacy-burials-map';
import { idOf, isDoc, type LegacyUser, mapUser } from './legacy-map';
import { importPhotos, type PhotoJob } from './legacy-photos';
import { type Collection, ImportReport, type Problem } from './legacy-report';
import {
  existingIds,
  searchIndexesBulk,
  syncAssignments,
  upsertBurials,
  upsertTributes,
  upsertUsers,
  type Written,
} from './legacy-write';

export interface ImportOptions {
  /** The folder with users.json and sepultados.json. */
  from: string;
  /** The original's public/images folder (with sepultados/ and users/), or null. */
  images: string | null;
  dryRun: boolean;
  database: Database;
  config: Config;
  /** Progress lines (the CLI prints them on stderr). */
  log?: (line: string) => void;
  batchSize?: number;
}

type Doc = { [key: string]: Plain };

function problemSink(report: ImportReport, collection: Collection, id: string) {
  return (p: Omit<Problem, 'collection' | 'id'>) => report.add({ ...p, collection, id });
}

/** Reads a collection's documents with a valid, first-seen _id; the rest are report lines. */
async function* documents(
  file: string,
  collection: Collection,
  report: ImportReport,
): AsyncGenerator<{ id: string; doc: Doc }> {
  const seen = new Set<string>();
  for await (const item of readExport(file)) {
    const tally = report[collection];
    tally.read += 1;
    const where = `linha ${item.line}`;
    if ('error' in item) {
      report.add({
        kind: 'documento-ilegivel',
        collection,
        id: where,
        detail: item.error,
        outcome: 'ignorado',
      });
      tally.skipped += 1;
      continue;
    }
    const id = isDoc(item.doc) ? idOf(item.doc._id) : null;
    if (!isDoc(item.doc) || id === null) {
      report.add({
        kind: 'id-invalido',
        collection,
        id: where,
        detail: '_id ausente ou inválido',
        outcome: 'ignorado',
      });
      tally.skipped += 1;
      continue;
    }
    if (seen.has(id)) {
      report.add({
        kind: 'id-duplicado',
        collection,
        id,
        detail: `repetido (${where}): mantido o primeiro`,
        outcome: 'ignorado',
      });
      tally.skipped += 1;
      continue;
    }
    seen.add(id);
    yield { id, doc: item.doc };
  }
}

interface UserPlan {
  /** Rows to write (new or existing accounts of the export). */
  rows: LegacyUser[];
  /** Legacy id → the Memorial account its references go to. */
  resolve: Map<string, string>;
}

/** The export's accounts checked against each other and against the accounts already here. */
async function planUsers(file: string, conn: SqlRunner, report: ImportReport): Promise<UserPlan> {
  const here = await conn.query<{ id: string; email: string; cpf: string }>(
    'SELECT id, email, cpf FROM users',
  );
  const byEmail = new Map(here.map((u) => [u.email, u.id]));
  const byCpf = new Map(here.map((u) => [u.cpf, u.id]));
  const rows: LegacyUser[] = [];
  const resolve = new Map<string, string>();
  for await (const { id, doc } of documents(file, 'users', report)) {
    const push = problemSink(report, 'users', id);
    const user = mapUser(doc, push);
    if (!user) {
      report.users.skipped += 1;
      continue;
    }
    const emailOwner = byEmail.get(user.email);
    if (emailOwner !== undefined && emailOwner !== id) {
      // The same mailbox is the same person: one account, and this one's records, tributes and
      // assignments go to it.
      push({
        kind: 'email-duplicado',
        field: 'email',
        detail: `${user.email} já é da conta ${emailOwner}: referências ligadas a ela`,
        outcome: 'ignorado',
      });
      resolve.set(id, emailOwner);
      report.users.skipped += 1;
      continue;
    }
    const cpfOwner = byCpf.get(user.cpf);
    if (cpfOwner !== undefined && cpfOwner !== id) {
      push({
        kind: 'cpf-duplicado',
        field: 'cpf',
        detail: `${user.cpf} já é da conta ${cpfOwner} (outro e-mail): conta não importada`,
        outcome: 'ignorado',
      });
      report.users.skipped += 1;
      continue;
    }
    byEmail.set(user.email, id);
    byCpf.set(user.cpf, id);
    resolve.set(id, id);
    rows.push(user);
  }
  return { rows, resolve };
}

interface Batch {
  burials: LegacyBurial[];
  tributes: LegacyTribute[];
}

async function inTransaction<T>(conn: SqlRunner, fn: () => Promise<T>): Promise<T> {
  await conn.exec('BEGIN');
  try {
    const out = await fn();
    await conn.exec('COMMIT');
    return out;
  } catch (err) {
    await conn.exec('ROLLBACK');
    throw err;
  }
}

function add(into: { created: number; updated: number }, w: Written) {
  into.created += w.created;
  into.updated += w.updated;
}

async function writeBatch(conn: SqlRunner, batch: Batch) {
  const burials = await upsertBurials(conn, batch.burials);
  const links = await syncAssignments(conn, batch.burials, burials.createdIds);
  const tributes = await upsertTributes(conn, batch.tributes);
  return { burials, links, tributes };
}

async function dryRunBatch(conn: SqlRunner, batch: Batch, report: ImportReport) {
  const records = await existingIds(
    conn,
    'sepultados',
    batch.burials.map((b) => b.id),
  );
  const tributes = await existingIds(
    conn,
    'comentarios',
    batch.tributes.map((t) => t.id),
  );
  report.sepultados.created += batch.burials.length - records.size;
  report.sepultados.unchanged += records.size;
  report.comentarios.created += batch.tributes.length - tributes.size;
  report.comentarios.unchanged += tributes.size;
}

/** Writes a batch; when the database refuses it, each record alone, to name the bad one. */
async function flush(
  conn: SqlRunner,
  batch: Batch,
  report: ImportReport,
  dryRun: boolean,
  refused: Set<string>,
) {
  if (batch.burials.length === 0) return;
  if (dryRun) return dryRunBatch(conn, batch, report);
  try {
    record(await inTransaction(conn, () => writeBatch(conn, batch)));
    return;
  } catch {
    // Rolled back: find the record at fault below.
  }
  for (const burial of batch.burials) {
    const one = {
      burials: [burial],
      tributes: batch.tributes.filter((t) => t.sepultadoId === burial.id),
    };
    try {
      record(await inTransaction(conn, () => writeBatch(conn, one)));
    } catch (err) {
      report.add({
        kind: 'valor-invalido',
        collection: 'sepultados',
        id: burial.id,
        detail: `recusado pelo banco: ${(err as Error).message}`,
        outcome: 'ignorado',
      });
      report.sepultados.skipped += 1;
      report.comentarios.skipped += one.tributes.length;
      refused.add(burial.id);
    }
  }

  function record(out: Awaited<ReturnType<typeof writeBatch>>) {
    add(report.sepultados, out.burials);
    add(report.comentarios, out.tributes);
    report.concessionarios.linked += out.links.linked;
    report.concessionarios.unlinked += out.links.unlinked;
  }
}

/** A batch of accounts; when the database refuses it, each alone, to name the bad one. */
async function writeUsers(
  conn: SqlRunner,
  plan: UserPlan,
  part: LegacyUser[],
  report: ImportReport,
) {
  try {
    add(report.users, await inTransaction(conn, () => upsertUsers(conn, part)));
    return;
  } catch {
    // Rolled back: find the account at fault below.
  }
  for (const user of part) {
    try {
      add(report.users, await inTransaction(conn, () => upsertUsers(conn, [user])));
    } catch (err) {
      report.add({
        kind: 'valor-invalido',
        collection: 'users',
        id: user.id,
        detail: `recusado pelo banco: ${(err as Error).message}`,
        outcome: 'ignorado',
      });
      report.users.skipped += 1;
      // Its references are dropped like those of any account not imported.
      plan.resolve.delete(user.id);
    }
  }
}

export async function importLegacy(options: ImportOptions): Promise<ImportReport> {
  const report = new ImportReport(options.dryRun);
  const log = options.log ?? (() => {});
  const batchSize = options.batchSize ?? 2000;
  const started = Date.now();
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const photoJobs: PhotoJob[] = [];
  /** Records the database refused: their photos have nowhere to go. */
  const refused = new Set<string>();
  let plan: UserPlan = { rows: [], resolve: new Map() };

  await options.database.sql.exclusive(async (conn) => {
    log('Lendo usuários…');
    plan = await planUsers(path.join(options.from, 'users.json'), conn, report);
    if (options.dryRun) {
      const here = await existingIds(
        conn,
        'users',
        plan.rows.map((u) => u.id),
      );
      report.users.created += plan.rows.length - here.size;
      report.users.unchanged += here.size;
    } else {
      for (let i = 0; i < plan.rows.length; i += batchSize) {
        await writeUsers(conn, plan, plan.rows.slice(i, i + batchSize), report);
      }
    }
    report.users.unchanged =
      report.users.read - report.users.skipped - report.users.created - report.users.updated;
    for (const u of plan.rows) {
      // Only accounts that went in (a refused one is no longer in resolve).
      if (u.imageName && plan.resolve.get(u.id) === u.id) {
        photoJobs.push({ kind: 'users', ownerId: u.id, names: [u.imageName] });
      }
    }
    log(`  ${plan.rows.length} usuários (${seconds()})`);

    log('Lendo sepultados…');
    if (!options.dryRun) await searchIndexesBulk(conn, true);
    try {
      await importBurials(conn);
    } finally {
      if (!options.dryRun) await searchIndexesBulk(conn, false);
    }
    await importAllPhotos(conn);
  });
  if (!options.dryRun) {
    // As after the seed: a bulk load leaves the visibility map unset (PGlite has no autovacuum),
    // and the search's index-only scans would read the heap until it is.
    await options.database.sql.exec('VACUUM (ANALYZE) users, sepultados, comentarios');
  }
  log(`Concluído em ${seconds()}.`);
  return report;

  async function importBurials(conn: SqlRunner) {
    const resolve = (legacy: string) => plan.resolve.get(legacy) ?? null;
    let batch: Batch = { burials: [], tributes: [] };
    let done = 0;
    for await (const { id, doc } of documents(
      path.join(options.from, 'sepultados.json'),
      'sepultados',
      report,
    )) {
      const mapped = mapBurial(doc, resolve, problemSink(report, 'sepultados', id));
      if (!mapped) {
        report.sepultados.skipped += 1;
        continue;
      }
      report.comentarios.read += mapped.tributes.length;
      batch.burials.push(mapped.burial);
      batch.tributes.push(...mapped.tributes);
      if (mapped.burial.imageNames.length > 0) {
        photoJobs.push({ kind: 'sepultados', ownerId: id, names: mapped.burial.imageNames });
      }
      if (batch.burials.length >= batchSize) {
        await flush(conn, batch, report, options.dryRun, refused);
        done += batch.burials.length;
        batch = { burials: [], tributes: [] };
        if (done % (batchSize * 5) === 0) log(`  ${done} sepultados (${seconds()})`);
      }
    }
    await flush(conn, batch, report, options.dryRun, refused);
    done += batch.burials.length;
    for (const t of [report.sepultados, report.comentarios]) {
      t.unchanged = Math.max(0, t.read - t.skipped - t.created - t.updated);
    }
    log(`  ${done} sepultados, ${report.comentarios.read} comentários (${seconds()})`);
  }

  async function importAllPhotos(conn: SqlRunner) {
    if (!options.images) {
      const waiting = photoJobs.reduce((n, j) => n + j.names.length, 0);
      report.photos.skipped = waiting;
      if (waiting > 0)
        report.notes.push(`${waiting} fotos citadas não foram lidas: informe --images DIR`);
    } else {
      log(`Fotos de ${photoJobs.length} registros e usuários…`);
      const photoOptions = {
        ctx: { config: options.config },
        imagesDir: options.images,
        dryRun: options.dryRun,
        report,
      };
      for (const [i, job] of photoJobs.entries()) {
        if (job.kind === 'sepultados' && refused.has(job.ownerId)) continue;
        await importPhotos(conn, job, photoOptions);
        if ((i + 1) % 500 === 0) log(`  ${i + 1} / ${photoJobs.length} (${seconds()})`);
      }
    }
  }
}
