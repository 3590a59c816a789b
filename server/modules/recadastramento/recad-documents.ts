/**
 * The document photos of a person's requests, for the deletion of their account: the rows go
 * with the account (ON DELETE CASCADE), the files are removed once the account is gone.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { removeImages } from '../../lib/images';
import type { Tx } from '../burials/public';
import { txRows } from '../graves/public';

export async function requestDocumentsOf(tx: Tx, userId: string): Promise<string[]> {
  const rows = await txRows<{ documento: string }>(
    tx,
    sql`SELECT documento FROM recadastramentos WHERE user_id = ${userId}`,
  );
  return rows.map((r) => r.documento);
}

export async function removeRequestDocuments(
  ctx: AppContext,
  files: readonly string[],
): Promise<void> {
  await removeImages(ctx, 'recadastramento', files);
}
