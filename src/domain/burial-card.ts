/**
 * The card a list shows for a record (home, dashboard, search): built the same way by the
 * server from its SQL row and by the device from its stored record.
 */
import type { BurialCard } from './burial-types';

export interface CardSource {
  id: string;
  nome: string;
  rua: string | null;
  quadra: string;
  chapa: string;
  /** The cemetery's name; left out of the card when the source does not know it. */
  cemiterio?: string | null;
}

/** `image`/`thumb`: the record's first display photo and its thumbnail, when it has one. */
export function toBurialCard(
  row: CardSource,
  image: string | null | undefined,
  thumb: string | null | undefined,
): BurialCard {
  return {
    _id: row.id,
    id: row.id,
    nome: row.nome,
    rua: row.rua,
    quadra: row.quadra,
    chapa: row.chapa,
    ...(row.cemiterio !== undefined ? { cemiterio: row.cemiterio } : {}),
    images: image ? [image] : [],
    thumb: thumb ?? null,
  };
}
