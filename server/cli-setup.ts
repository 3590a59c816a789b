/**
 * What the command-line tools (seed, import:legacy, sheet:*) do before their work: read the same
 * configuration as the server (a wrong value prints its pt-BR list and exits) and open the same
 * database it would (PostgreSQL with DATABASE_URL, else DATA_DIR's PGlite).
 */
import path from 'node:path';
import { type Config, ConfigError, loadConfig } from './config';
import { type Database, openDatabase } from './db/index';

/** The configuration, or the process ends with `exitCode` after printing what is wrong. */
export function loadCliConfig(exitCode = 1): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(exitCode);
    }
    throw err;
  }
}

/** The database the server would use, and how to name it in a progress line. */
export async function openCliDatabase(
  config: Config,
): Promise<{ database: Database; where: string }> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : config.dataDir;
  return { database, where };
}
