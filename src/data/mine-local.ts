/**
 * The dashboard's list from the device (docs/decisions.md, "Outcomes"/offline day): without signal,
 * "Memorial" lists the records the person may edit from the device — the records opened online
 * for an admin (the packs' pages are not walked here: the chunk every page loads has no room),
 * the assigned ones (stored whole with the pack) for a concessionário
 * (src/data/sync/mine-sync.ts) — filtered by
 * "name contains" like the server's list. Null when the device does not know (no list stored
 * for this person): the screen then says it needs a connection instead of showing nothing.
 */

import { toBurialCard } from '../domain/burial-card';
import type { BurialCard } from '../domain/burial-types';
import { foldText } from '../domain/search-text';
import type { MineAnswer } from '../domain/sync-types';
import type { LocalBurial, MemorialDb } from './db';
import { readMeta } from './sync-meta';

/** The person's list as stored by the sync (src/data/sync/mine-sync.ts), per person. */
export interface StoredMine extends Omit<MineAnswer, 'records'> {
  at: number;
}

export const mineKey = (userId: string) => `sync.mine.${userId}`;

export function readMine(db: MemorialDb, userId: string): Promise<StoredMine | undefined> {
  return readMeta<StoredMine>(db, mineKey(userId));
}

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
  return [...cards.values()]
    .sort((a, b) => (b.id > a.id ? 1 : b.id < a.id ? -1 : 0))
    .slice(0, LIMIT);
}
