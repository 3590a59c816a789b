/**
 * The dashboard's list from the device (README, "Outcomes"/offline day): without signal,
 * "Memorial" lists the records the person may edit from the visit pack — every record for an
 * admin, the assigned ones for a concessionário (src/data/sync/mine-sync.ts) — filtered by
 * "name contains" like the server's list. Null when the device does not know (no list stored
 * for this person): the screen then says it needs a connection instead of showing nothing.
 */
import { foldText } from '../domain/search-text';
import type { SepultadoCard } from '../domain/sepultado-types';
import type { LocalSepultado, MemorialDb } from './db';
import { readMine } from './sync/mine-sync';

const LIMIT = 100;

function toCard(row: LocalSepultado): SepultadoCard {
  const image = row.images?.[0] ?? null;
  return {
    _id: row.id,
    id: row.id,
    nome: row.nome,
    rua: row.rua,
    quadra: row.quadra,
    chapa: row.chapa,
    images: image ? [image] : [],
    thumb: row.thumbs?.[0] ?? null,
  };
}

export async function mineFromDevice(
  db: MemorialDb,
  userId: string,
  query: string,
): Promise<SepultadoCard[] | null> {
  const mine = await readMine(db, userId);
  if (!mine) return null;
  const rows = mine.all
    ? await db.sepultados.toArray()
    : (await db.sepultados.bulkGet(mine.ids)).filter((r): r is LocalSepultado => Boolean(r));
  const term = foldText(query.trim());
  return rows
    .filter((r) => !term || foldText(r.nome).includes(term))
    .sort((a, b) => (b.id > a.id ? 1 : b.id < a.id ? -1 : 0))
    .slice(0, LIMIT)
    .map(toCard);
}

/** Whether the device's list says this person may edit this record. */
export async function mayEditOnDevice(
  db: MemorialDb,
  userId: string,
  recordId: string,
): Promise<boolean | null> {
  const mine = await readMine(db, userId);
  if (!mine) return null;
  return mine.all || mine.ids.includes(recordId);
}
