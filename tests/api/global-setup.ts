/**
 * Once per API run, the database every test file starts from, already migrated: a PGlite data
 * directory (dumped to a file, loaded by each file's in-memory PGlite) and, with
 * TEST_DATABASE_URL, a PostgreSQL template database (each file's database is a copy of it:
 * CREATE DATABASE … TEMPLATE). Each file then skips its own initdb and migrations — most of
 * its set-up — yet still owns a database of its own.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteRunner } from '../../server/db/index';
import { runMigrations } from '../../server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (dumpDataDir archive) on disk. */
    pgliteImage: string;
    /** A migrated PostgreSQL database to copy, when TEST_DATABASE_URL is set. */
    pgTemplate: string | null;
  }
}

async function migratedPgliteImage(file: string): Promise<void> {
  const client = await PGlite.create({ extensions: { unaccent, pg_trgm } });
  await runMigrations(pgliteRunner(client), 'pglite');
  const image = await client.dumpDataDir('none');
  await client.close();
  fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
}

async function adminQuery(baseUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memorial-api-image-'));
  const file = path.join(dir, 'pglite-migrated.tar');
  await migratedPgliteImage(file);
  project.provide('pgliteImage', file);

  const baseUrl = process.env.TEST_DATABASE_URL;
  let template: string | null = null;
  if (baseUrl) {
    template = `memorial_tpl_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(baseUrl, `CREATE DATABASE ${template}`);
    const url = new URL(baseUrl);
    url.pathname = `/${template}`;
    const db = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null, poolSize: 1 });
    await db.close();
  }
  project.provide('pgTemplate', template);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (baseUrl && template) {
      await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    }
  };
}
