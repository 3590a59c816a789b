/**
 * The embedded database's first start, in a child process that ends when it is done (run by
 * main.ts when DATA_DIR holds no PGlite database yet): the database created and migrated, the
 * first administrator and the demo cemetery (its photos and plan drawn and re-encoded by
 * libvips). That one-off work left ~100 MiB in the server's RSS for good — PGlite's
 * WebAssembly memory never shrinks, and the allocator keeps what libvips' threads freed — so it
 * runs here and the server then opens the database as on any later start
 * (docs/decisions/0121-small-server.md). Its output (the passwords printed once) is the
 * server's own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/index';
import { runChild } from './lib/run-child';
import { ensureAdmin } from './modules/seed/bootstrap';
import { seedDemoIfEmpty } from './modules/seed/seed';

/** True when `pgliteDir` holds no database yet (the first start on this DATA_DIR). */
export function isFirstStart(pgliteDir: string): boolean {
  return !fs.existsSync(path.join(pgliteDir, 'PG_VERSION'));
}

/** Runs the first start in a child process (same runtime and loader) and waits for it. */
export async function runFirstStart(): Promise<void> {
  const self = path.join(import.meta.dirname, `first-start${path.extname(import.meta.filename)}`);
  await runChild(self, ['--first-start'], 'a primeira inicialização do banco falhou');
}

async function firstStart(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: null,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    const app = await buildApp({ config, database, logger: { level: config.logLevel } });
    try {
      await ensureAdmin(app.ctx, app.log);
      if (config.seed === 'demo') await seedDemoIfEmpty(app.ctx, app.log);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

if (process.argv[2] === '--first-start') {
  await firstStart();
  // Nothing of the app must keep this process alive once the work is done.
  process.exit(0);
}
