/**
 * The register on disk in the order of its names (docs/decisions/0030-register-in-name-order.md).
 * The search reads one heap page per match: a two-word name with ~900 matches at
 * 2,000,000 records read ~890 pages scattered over the table, most from the OS cache with
 * PostgreSQL's default 128 MB of shared_buffers.
 * With the table rewritten in search_name order the records sharing a first name share pages:
 * the same query reads ~160. Rows written later go wherever there is room, so the order holds
 * for the register as loaded (the seed, an import) and is made again by `npm run db:reorder`
 * after large imports, in a quiet hour: CLUSTER locks the table while it rewrites it (long on
 * a register of millions with every index; the seed orders before building its indexes).
 *
 * The order is correlated with the names, so a plan that reads the table in its order until a
 * first match (a LIMIT or EXISTS over a sequential scan) no longer finds a name soon: the
 * search's presence check walks an index whose order is not the names' (search-sql.ts,
 * buildPresenceSql) and its capped count reads the postings (db/indexed-reads.ts).
 */
import type { SqlRunner } from './sql-runner';

/** CLUSTER needs a full (not partial) btree in the order; it lives only while it is used. */
const ORDER_INDEX = 'sepultados_name_order_tmp';

/**
 * Rewrites sepultados in (search_name, id) order, "C" collation as the name btree, then VACUUM
 * (ANALYZE): the rewritten table has no page marked all-visible, and the suggestions' index-only
 * reads of the name btree (migration 0007) would fetch every row from the table until a vacuum
 * marks them (without it the suggestions became several times slower).
 */
export async function orderRegister(sql: SqlRunner): Promise<void> {
  await sql.exec(`DROP INDEX IF EXISTS ${ORDER_INDEX}`);
  await sql.exec(`CREATE INDEX ${ORDER_INDEX} ON sepultados ((search_name COLLATE "C"), id)`);
  try {
    await sql.exec(`CLUSTER sepultados USING ${ORDER_INDEX}`);
  } finally {
    await sql.exec(`DROP INDEX IF EXISTS ${ORDER_INDEX}`);
  }
  await sql.exec('VACUUM (ANALYZE) sepultados');
}
