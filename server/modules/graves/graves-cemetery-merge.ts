/**
 * The graves' part of merging two cemeteries (server/modules/cemeteries): before the records
 * move, the source's graves move too — unless the target already has a grave at the same place,
 * in which case that grave takes the concessions, the work orders and custody steps naming it
 * and, as the records move, the records (their trigger finds it by the key). Two active
 * concessions, two open abandonment cases or one person's two pending re-registration requests
 * on one place refuse the merge (409, as a merge of two graves).
 */
import { type SQL, sql } from 'drizzle-orm';
import { CONC_MSG } from '../../../src/domain/concession-rules';
import { GRAVE_MSG } from '../../../src/domain/grave-rules';
import { conflict } from '../../lib/http-error';
import type { Tx } from '../burials/public';
import { txRows } from './graves-read';

export async function beforeCemeteryMerge(tx: Tx, source: string, target: string): Promise<void> {
  await tx.execute(sql`UPDATE sepulturas g SET cemiterio_id = ${target}, updated_at = now()
    WHERE g.cemiterio_id = ${source} AND NOT EXISTS (SELECT 1 FROM sepulturas d
      WHERE d.cemiterio_id = ${target} AND d.chave = g.chave)`);
  /** Whether a place of the source the target has too holds `both` (g: source's, d: target's). */
  const clashes = async (both: SQL): Promise<boolean> => {
    const [row] = await txRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM sepulturas g
        JOIN sepulturas d ON d.cemiterio_id = ${target} AND d.chave = g.chave
        WHERE g.cemiterio_id = ${source} AND ${both}`,
    );
    return Number(row?.n ?? 0) > 0;
  };
  const onBoth = (table: string, open: string) =>
    sql.raw(`EXISTS (SELECT 1 FROM ${table} x WHERE x.sepultura_id = g.id AND ${open})
      AND EXISTS (SELECT 1 FROM ${table} x WHERE x.sepultura_id = d.id AND ${open})`);
  if (await clashes(onBoth('concessoes', `x.situacao = 'ativa'`))) {
    throw conflict(CONC_MSG.activeExists, 'destino');
  }
  // As a merge of two graves (graves-write.ts mergeGrave): two open abandonment cases, or one
  // person's two pending re-registration requests, cannot become one grave's.
  if (await clashes(onBoth('comisso_casos', `x.situacao = 'aberto'`))) {
    throw conflict(GRAVE_MSG.mergeTwoCases, 'destino');
  }
  const samePerson = sql`EXISTS (SELECT 1 FROM recadastramentos a JOIN recadastramentos b
    ON b.user_id = a.user_id AND b.sepultura_id = d.id AND b.situacao = 'pendente'
    WHERE a.sepultura_id = g.id AND a.situacao = 'pendente')`;
  if (await clashes(samePerson)) throw conflict(GRAVE_MSG.mergeTwoRequests, 'destino');
  // A place under an abandonment case stays so in the grave that takes it.
  await tx.execute(sql`UPDATE sepulturas d SET situacao = 'em comisso'
    FROM sepulturas g WHERE g.cemiterio_id = ${source} AND g.situacao = 'em comisso'
      AND d.cemiterio_id = ${target} AND d.chave = g.chave`);
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
