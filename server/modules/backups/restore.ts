/**
 * Restores an archive into an empty place. Order, so that nothing is ever half-restored:
 * 1. the manifest and every member's sha256 are checked while the members are copied into a
 *    staging folder beside DATA_DIR (a cut or altered archive stops here, target untouched);
 * 2. the database is rebuilt there (PGlite: a new data directory in staging, its row counts
 *    checked) or in one transaction (PostgreSQL: pg_restore's script through psql, the row
 *    counts checked before COMMIT, which is only sent when pg_restore succeeded);
 * 3. the staged folders are renamed into place (a replaced DATA_DIR/pglite and UPLOAD_DIR are
 *    moved aside first and removed once the new ones are in).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { BackupError, readManifest, verifyMembers } from './manifest';
import { pgTarget, startTool } from './pg-tools';
import { restorePgliteDir } from './restore-pglite';
import { qualified } from './snapshot';

export type RestoreTarget =
  | { kind: 'pglite'; dataDir: string; uploadDir: string }
  | { kind: 'postgres'; databaseUrl: string; dataDir: string; uploadDir: string };

export interface RestoreOptions {
  archive: string;
  target: RestoreTarget;
  replace: boolean;
  onProgress?: (step: 'verificando' | 'banco' | 'imagens', done: number, total: number) => void;
}

const ENGINE_NAME = { pglite: 'PGlite (DATA_DIR)', postgres: 'PostgreSQL (DATABASE_URL)' };

async function hasEntries(dir: string): Promise<boolean> {
  try {
    return (await fs.promises.readdir(dir)).some((n) => !n.startsWith('.'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

async function postgresTables(databaseUrl: string): Promise<number> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_catalog.pg_tables
        WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/** Refuses a target that holds data, unless told to replace it. */
async function checkEmpty(target: RestoreTarget): Promise<void> {
  const held: string[] = [];
  if (target.kind === 'pglite' && (await hasEntries(path.join(target.dataDir, 'pglite')))) {
    held.push(`o banco em ${path.join(target.dataDir, 'pglite')}`);
  }
  if (target.kind === 'postgres' && (await postgresTables(target.databaseUrl)) > 0) {
    held.push('o banco PostgreSQL de DATABASE_URL (já tem tabelas)');
  }
  if (await hasEntries(target.uploadDir)) held.push(`as imagens em ${target.uploadDir}`);
  if (held.length > 0) {
    throw new BackupError(
      `O destino não está vazio: ${held.join(' e ')}. Restaure num lugar vazio, ou use --replace para substituir o que existe.`,
    );
  }
}

async function moveInto(from: string, to: string): Promise<void> {
  await fs.promises.mkdir(path.dirname(to), { recursive: true });
  try {
    await fs.promises.rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await fs.promises.cp(from, to, { recursive: true });
    await fs.promises.rm(from, { recursive: true, force: true });
  }
}

/** Moves `dir` aside into `asideDir` when it exists; answers how to put it back. */
async function setAside(dir: string, asideDir: string): Promise<(() => Promise<void>) | null> {
  if (!fs.existsSync(dir)) return null;
  await moveInto(dir, asideDir);
  return () => moveInto(asideDir, dir);
}

export async function restoreBackup(
  options: RestoreOptions,
): Promise<{ tables: number; images: number }> {
  const { archive, target, replace } = options;
  const progress = options.onProgress ?? (() => {});
  const verified = await readManifest(archive);
  const { manifest } = verified;
  if (manifest.engine !== target.kind) {
    throw new BackupError(
      `Esta cópia é de ${ENGINE_NAME[manifest.engine]} e o destino é ${ENGINE_NAME[target.kind]}: restaure-a no mesmo tipo de banco.`,
    );
  }
  if (!replace) await checkEmpty(target);

  const base = path.resolve(target.dataDir);
  await fs.promises.mkdir(path.dirname(base), { recursive: true });
  const staging = `${base}.restore-${crypto.randomBytes(6).toString('hex')}`;
  const undo: (() => Promise<void>)[] = [];
  try {
    await fs.promises.mkdir(path.join(staging, 'images'), { recursive: true });
    await verifyMembers(
      archive,
      verified,
      async (name) => {
        const dest = path.join(staging, name);
        if (!dest.startsWith(`${staging}${path.sep}`)) {
          throw new BackupError(`Arquivo de cópia inválido: nome de membro proibido "${name}".`);
        }
        await fs.promises.mkdir(path.dirname(dest), { recursive: true });
        return dest;
      },
      (done, total) => progress('verificando', done, total),
    );
    const dump = path.join(staging, manifest.database);

    progress('banco', 0, 1);
    if (target.kind === 'pglite') {
      await restorePgliteDir(dump, path.join(staging, 'pglite'), manifest.tables);
    }
    // Images go into place before the database commits (PostgreSQL), and back out if it fails.
    const images = path.join(staging, 'images');
    const putBackImages = await setAside(target.uploadDir, path.join(staging, 'old-images'));
    if (putBackImages) undo.push(putBackImages);
    await moveInto(images, target.uploadDir);
    undo.push(() => moveInto(target.uploadDir, images));
    if (target.kind === 'pglite') {
      const live = path.join(target.dataDir, 'pglite');
      const putBackDb = await setAside(live, path.join(staging, 'old-pglite'));
      if (putBackDb) undo.push(putBackDb);
      await moveInto(path.join(staging, 'pglite'), live);
    } else {
      await restorePostgres(target.databaseUrl, dump, manifest.tables, replace);
    }
    undo.length = 0;
    progress('banco', 1, 1);
    return { tables: Object.keys(manifest.tables).length, images: manifest.images.count };
  } catch (err) {
    for (const step of undo.reverse()) await step().catch(() => {});
    throw err;
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

/**
 * pg_restore writes the script, psql runs it inside BEGIN … COMMIT that this process sends:
 * the COMMIT goes only after pg_restore succeeded and the row counts matched, so a failure
 * anywhere leaves the database as it was.
 */
async function restorePostgres(
  databaseUrl: string,
  dump: string,
  tables: Record<string, number>,
  replace: boolean,
): Promise<void> {
  const target = pgTarget(databaseUrl);
  const psql = startTool(
    'psql',
    ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', target.url],
    target.env,
    { stdin: 'pipe' },
  );
  const stdin = psql.child.stdin as Writable;
  stdin.on('error', () => {});
  const write = (text: string) =>
    new Promise<void>((resolve) => {
      if (stdin.write(text)) resolve();
      else stdin.once('drain', resolve);
    });
  await write('BEGIN;\n');
  if (replace) {
    // Every schema but the system ones, so tables the archive does not know go too.
    await write(`DO $$ DECLARE s record; BEGIN
      FOR s IN SELECT nspname FROM pg_namespace WHERE nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND nspname NOT LIKE 'pg_temp_%' AND nspname NOT LIKE 'pg_toast_temp_%'
      LOOP EXECUTE format('DROP SCHEMA %I CASCADE', s.nspname); END LOOP; END $$;
      CREATE SCHEMA public;\n`);
  }
  const restore = startTool('pg_restore', ['--no-owner', '--no-acl', '-f', '-', dump], target.env, {
    stdout: 'pipe',
  });
  restore.child.stdout?.pipe(stdin, { end: false });
  try {
    await restore.done;
  } catch (err) {
    // psql stopping first (a failed statement) is the cause worth telling.
    const psqlFailed = psql.child.exitCode !== null;
    if (!psqlFailed) psql.child.kill('SIGTERM');
    const psqlError = await psql.done.then(
      () => null,
      (e: unknown) => e,
    );
    throw psqlFailed && psqlError ? psqlError : err;
  }
  const checks = Object.entries(tables)
    .map(
      ([key, n]) =>
        `IF (SELECT count(*) FROM ${qualified(key)}) <> ${Number(n)} THEN RAISE EXCEPTION 'contagem de linhas de % não confere', ${pgLiteral(key)}; END IF;`,
    )
    .join('\n');
  await write(
    `SELECT pg_catalog.set_config('search_path', 'public', false);\nDO $$ BEGIN ${checks} END $$;\nCOMMIT;\n`,
  );
  stdin.end();
  await psql.done;
}

function pgLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
