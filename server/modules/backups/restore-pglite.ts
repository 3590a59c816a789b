/**
 * Rebuilds a PGlite data directory from the archive's dump (PGlite's own loadDataDir), then
 * opens it and checks every table's row count against the manifest before it is used.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { BackupError } from './manifest';
import { countTables } from './snapshot';

export async function restorePgliteDir(
  dump: string,
  dataDir: string,
  expected: Record<string, number>,
): Promise<void> {
  const client = await PGlite.create({
    dataDir,
    loadDataDir: await fs.openAsBlob(dump),
    extensions: { unaccent, pg_trgm },
  });
  try {
    const { tables } = await countTables(
      async (text, params) => (await client.query(text, params)).rows as never,
    );
    checkCounts(expected, tables);
  } finally {
    await client.close();
  }
}

/** Every table the manifest names, with the same number of rows, and no other. */
export function checkCounts(
  expected: Record<string, number>,
  actual: Record<string, number>,
): void {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  for (const name of names) {
    if (expected[name] !== actual[name]) {
      throw new BackupError(
        `A tabela "${name}" restaurada tem ${actual[name] ?? 0} linhas e o manifesto diz ${expected[name] ?? 0}: nada foi restaurado.`,
      );
    }
  }
}
