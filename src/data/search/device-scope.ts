/**
 * What a search without signal looked at (device-search.ts searches the same): the cemeteries
 * whose visit pack is on this device — complete registers — and how many other records it keeps
 * because they were opened or listed with signal. Said on the results page, so "Nenhum
 * resultado encontrado" never reads as "not buried here" when only a few records were searched.
 * Asked once per results page, not per suggestion: the rows' count may walk the rows when a
 * cemetery is chosen or a pack is held (no index by cemetery; these are the records seen, few).
 */
import type { MemorialDb } from '../db';
import { asRows } from './offline-hits';
import { NO_ROWS, rowScope } from './search-scope';

export interface DeviceScope {
  /** Names of the cemeteries searched through their pack ('' when a pack has no name). */
  packs: string[];
  /** Records kept from visits with signal that the search looked at, beside the packs. */
  rows: number;
}

export async function deviceScope(
  db: MemorialDb,
  cemiterio: string | null = null,
): Promise<DeviceScope> {
  const metas = await db.packs.toArray();
  const keep = await rowScope(db, metas, cemiterio);
  const read = metas.filter((m) => cemiterio === null || m.id === cemiterio);
  const packNames = new Set(read.map((m) => m.nome).filter((n): n is string => n !== null));
  let rows = 0;
  if (keep !== NO_ROWS) {
    rows =
      keep === undefined && packNames.size === 0
        ? await db.sepultados.count()
        : await db.sepultados
            .filter((r) => {
              // A row of a cemetery whose pack is here is the pack's (device-search.ts).
              if (typeof r.cemiterio === 'string' && packNames.has(r.cemiterio)) return false;
              const [row] = asRows([r]);
              return keep === undefined || (row !== undefined && keep(row));
            })
            .count();
  }
  const names = read.map((m) => m.nome ?? '').sort((a, b) => a.localeCompare(b, 'pt-BR'));
  return { packs: names, rows };
}
