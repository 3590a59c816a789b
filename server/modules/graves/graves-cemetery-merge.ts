/**
 * The graves' part of merging two cemeteries (server/modules/cemeteries): before the records
 * move, the source's graves move too — unless the target already has a grave at the same place,
 * in which case that grave takes the concessions, the work orders and custody steps naming it
 * and, as the records move, the records (their trigger finds it by the key). Two active concessions on one place refuse the merge.
 */
import { sql } from 'drizzle-orm';
import { CONC_MSG } from '../../../src/domain/concession-rules';
import { conflict } from '../../lib/http-error';
import type { Tx } from '../burials/public';
import { txRows } from './graves-read';

export async function beforeCemeteryMerge(tx: Tx, source: string, target: string): Promise<void> {
  await tx.execute(sql`UPDATE sepulturas g SET cemiterio_id = ${target}, updated_at = now()
    WHERE g.cemiterio_id = ${source} AND NOT EXISTS (SELECT 1 FROM sepulturas d
      WHERE d.cemiterio_id = ${target} AND d.chave = g.chave)`);
  const [clash] = await txRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM sepulturas g
      JOIN sepulturas d ON d.cemiterio_id = ${target} AND d.chave = g.chave
      WHERE g.cemiterio_id = ${source}
        AND EXISTS (SELECT 1 FROM concessoes c WHERE c.sepultura_id = g.id AND c.situacao = 'ativa')
        AND EXISTS (SELECT 1 FROM concessoes c WHERE c.sepultura_id = d.id AND c.situacao = 'ativa')`,
  );
  if (Number(clash?.n ?? 0) > 0) throw conflict(CONC_MSG.activeExists, 'destino');
  await tx.execute(sql`UPDATE concessoes c SET sepultura_id = d.id
    FROM sepulturas g JOIN sepulturas d ON d.cemiterio_id = ${target} AND d.chave = g.chave
    WHERE g.cemiterio_id = ${source} AND c.sepultura_id = g.id`);
  // Work orders, requests and custody steps follow too (migration 0050's functions).
  await tx.execute(sql`SELECT sepultura_merge_refs(g.id, d.id)
    FROM sepulturas g JOIN sepulturas d ON d.cemiterio_id = ${target} AND d.chave = g.chave
    WHERE g.cemiterio_id = ${source}`);
  await tx.execute(sql`SELECT cemiterio_merge_refs(${source}, ${target})`);
}

/** After the records moved: the source's graves left behind are empty; they go. */
export async function afterCemeteryMerge(tx: Tx, source: string): Promise<void> {
  await tx.execute(sql`DELETE FROM sepulturas WHERE cemiterio_id = ${source}`);
}
