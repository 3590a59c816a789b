/**
 * Which of the rows opened online (Dexie `sepultados`) a device search looks at when the visitor
 * narrowed it to one cemetery (`cemiterio`, its id; device-search.ts). A row carries its
 * cemetery's name only, so the id becomes a name through the pack held for it or the cemetery
 * list kept on the device, compared folded (cemetery-rules.ts: the same key the server uses).
 * A held pack is complete for its cemetery and the one source of its records, and a cemetery the
 * device cannot name has no rows here: both search no rows (as the server finds nothing for an
 * unknown id). Rows whose cemetery is unknown never match a chosen one.
 */
import { cemeteryNameKey } from '../../domain/cemetery-rules';
import { readStoredCemeteries } from '../cemeteries/cemetery-calls';
import type { MemorialDb } from '../db';
import type { PackMeta } from '../pack-store/pack-rows';
import type { Row } from './offline-hits';

/** The scope that keeps no row: the rows' search is not run at all. */
export const NO_ROWS = (_row: Row) => false;

/** Undefined: every row (no cemetery chosen); else the rows of the chosen cemetery. */
export async function rowScope(
  db: MemorialDb,
  packs: readonly PackMeta[],
  cemiterio: string | null,
): Promise<((row: Row) => boolean) | undefined> {
  if (cemiterio === null) return undefined;
  if (packs.some((p) => p.id === cemiterio)) return NO_ROWS;
  const nome = (await readStoredCemeteries(db))?.find((c) => c.id === cemiterio)?.nome;
  if (!nome) return NO_ROWS;
  const key = cemeteryNameKey(nome);
  return (row) => typeof row.cemiterio === 'string' && cemeteryNameKey(row.cemiterio) === key;
}
