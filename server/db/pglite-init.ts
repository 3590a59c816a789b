/**
 * PGlite's memory. Its PostgreSQL lives in one WebAssembly.Memory, which only grows and never
 * gives pages back, so what PostgreSQL allocates at start stays in the server's RSS for good:
 * - shared_buffers is PostgreSQL's 128 MB default (initdb writes it into postgresql.conf), and
 *   PGlite's single backend touches all of it: ~140 MiB of RSS. One process with one session
 *   needs little of it: a page it misses is a read from the operating system's page cache, and
 *   the server answers its hot reads from its own caches (search, pack pages, records).
 * - initdb, on an empty DATA_DIR, runs a second PGlite instance and the initdb module beside
 *   the first: the process peaked at ~900 MiB and kept ~200 MiB of that after both were closed
 *   (freed memory the allocator does not give back). A short child process creates the
 *   directory instead and ends, taking all of it with it; the server then opens it as it opens
 *   an existing one.
 * docs/decisions/0121-small-server.md has the figures.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { runChild } from '../lib/run-child';

/**
 * Passed at every start (not written into postgresql.conf), so existing data directories get
 * them too. work_mem stays at its 4 MB: a sort over it spills to a temporary file, not to RSS.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** Creates a PGlite data directory in a child process when `dir` holds none yet. */
export async function initPgliteDir(dir: string): Promise<void> {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  // The same runtime and loader as this process (tsx in development, plain node when compiled);
  // this file by its name, not import.meta.filename, which is the bundle's when bundled.
  const self = path.join(import.meta.dirname, `pglite-init${path.extname(import.meta.filename)}`);
  await runChild(self, [dir], `PGlite initdb em ${dir} falhou`);
}

async function initdbHere(dir: string): Promise<void> {
  const client = await PGlite.create({ dataDir: dir, startParams: PGLITE_START_PARAMS });
  await client.close();
}

if (path.basename(process.argv[1] ?? '').startsWith('pglite-init.') && process.argv[2]) {
  await initdbHere(process.argv[2]);
}
