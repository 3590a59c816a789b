/**
 * The dashboard's list from the device (docs/decisions.md, "Outcomes"/offline day): without signal,
 * "Memorial" lists the records the person may edit from the device — every record of the packs
 * and opened online for an admin, the assigned ones (stored whole) for a concessionário
 * (src/data/sync/mine-sync.ts) — filtered by
 * "name contains" like the server's list. Null when the device does not know (no list stored
 * for this person): the screen then says it needs a connection instead of showing nothing.
 */

import { toBurialCard } from '../domain/burial-card';
import type { BurialCard } from '../domain/burial-types';
import { foldText } from '../domain/search-text';
import type { LocalBurial, MemorialDb } from './db';
import { eachPackRecord } from './pack-store/pack-read';
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
  const term = foldText(query.trim());
  const matches = (nome: string) => !term || foldText(nome).includes(term);
  const cards = new Map<string, BurialCard>();
  const rows = mine.all
    ? await db.sepultados.toArray()
    : (await db.sepultados.bulkGet(mine.ids)).filter((r): r is LocalBurial => Boolean(r));
  for (const r of rows) if (matches(r.nome)) cards.set(r.id, toCard(r));
  if (mine.all) {
    // An admin may edit every record: those of the packs on the device too (a walk of their
    // pages; the rows above, opened online, are the fuller copies).
    for (const pack of await db.packs.toArray()) {
      await eachPackRecord(db, pack.id, (r) => {
        if (!cards.has(r.id) && matches(r.nome)) cards.set(r.id, toBurialCard(r, r.image, r.thumb));
      });
    }
  }
  return [...cards.values()]
    .sort((a, b) => (b.id > a.id ? 1 : b.id < a.id ? -1 : 0))
    .slice(0, LIMIT);
}
