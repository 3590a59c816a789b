/** Device rows as the offline search scores and shows them (offline-search/-suggest.ts). */

import type { SearchQuery } from '../../domain/search-query';
import { prepareRecord, type SearchHit, scorePrepared } from '../../domain/search-score';
import type { SearchCard } from '../../domain/search-types';
import type { LocalBurial } from '../db';

export type Row = LocalBurial & { dtFal: string | null };

export function asRows(rows: (LocalBurial | undefined)[]): Row[] {
  return rows.flatMap((r): Row[] => (r ? [{ ...r, dtFal: r.dtFal ?? null }] : []));
}

/** The rows that match, with their class and points (the domain's rules). */
export function score(query: SearchQuery, rows: Row[], fuzzy: number[]): SearchHit<Row>[] {
  const hits: SearchHit<Row>[] = [];
  for (const row of rows) {
    const s = scorePrepared(query, prepareRecord(row), { fuzzy });
    if (s) hits.push({ ...s, record: row });
  }
  return hits;
}

export function toCard(row: Row): SearchCard {
  const images = row.images ?? [];
  return {
    _id: row._id ?? row.id,
    id: row.id,
    nome: row.nome,
    rua: row.rua,
    quadra: row.quadra,
    chapa: row.chapa,
    dtFal: row.dtFal,
    ...(row.cemiterio !== undefined ? { cemiterio: row.cemiterio } : {}),
    image: images[0] ?? null,
    images: images.slice(0, 1),
    thumb: row.thumbs?.[0] ?? images[0] ?? null,
  };
}
