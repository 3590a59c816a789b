/**
 * The dashboard's list from the device (docs/decisions.md, "Outcomes"/offline day): without signal,
 * "Memorial" lists the records the person may edit from the visit pack — every record for an
 * admin, the assigned ones for a concessionário (src/data/sync/mine-sync.ts) — filtered by
 * "name contains" like the server's list. Null when the device does not know (no list stored
 * for this person): the screen then says it needs a connection instead of showing nothing.
 */

import { toBurialCard } from '../domain/burial-card';
import type { BurialCard } from '../domain/burial-types';
import { foldText } from '../domain/search-text';
import type { LocalBurial, MemorialDb } from './db';
import { readMine } from './sync/mine-sync';

const LIMIT = 100;

const toCard = (row: LocalBurial): BurialCard =>
  toBurialCard(row, row.images?.[0], row.thumbs?.[0]);

export async function mineFromDevice(
  db: MemorialDb,
  userId: string,
  query: string,
): Promise<BurialCard[] | null> {
  const mine = await readMine(db, userId);
  if (!mine) return null;
  const rows = mine.all
    ? await db.sepultados.toArray()
    : (await db.sepultados.bulkGet(mine.ids)).filter((r): r is LocalBurial => Boolean(r));
  const term = foldText(query.trim());
  return rows
    .filter((r) => !term || foldText(r.nome).includes(term))
    .sort((a, b) => (b.id > a.id ? 1 : b.id < a.id ? -1 : 0))
    .slice(0, LIMIT)
    .map(toCard);
}
