import type { ServerProcess } from '../../scripts/server-process';
import type { LoadOptions } from './load';

export interface BenchContext {
  engine: 'pglite' | 'postgres';
  server: ServerProcess;
  bare: ServerProcess;
  load: LoadOptions;
  /** Records loaded by the seed before the server started (0 when none). */
  seedCount: number;
  /** PostgreSQL URL of the server's database (null on PGlite). */
  databaseUrl?: string | null;
}
