/**
 * The search without signal, over everything this device holds: the visit packs of the
 * cemeteries downloaded (src/data/pack-store, compact pages and a token index) and the records
 * opened or listed online (Dexie `sepultados`, offline-search.ts) — as one register holding them
 * all would answer, with the server's rules (search-score.ts) and each hit naming its cemetery.
 * A record is counted once: a row of a cemetery whose pack is here is the pack's (the pack is
 * complete for its cemetery and kept current by the delta sync), and a row whose cemetery is
 * unknown is dropped when a pack hit shown has its id. The typo pass only when neither source
 * matches exactly (as rankRecords: typos never mix with exact matches).
 * Narrowed to one cemetery when the visitor chose one (`cemiterio`, its id: the same narrowing
 * as the server's `?cemiterio=`): only its pack when held, else only the rows opened online
 * that name it (search-scope.ts); each source decides its typo pass on those records alone.
 */
import type { SearchQuery } from '../../domain/search-query';
import { compareHits, type SearchHit } from '../../domain/search-score';
import type { SearchCard, SearchSuggestion } from '../../domain/search-types';
import type { MemorialDb } from '../db';
import { type PackCopy, rememberPackRecords } from '../pack-store/pack-read';
import { type PackHit, packCard, searchPacks } from '../pack-store/pack-search';
import { type Row, toCard } from './offline-hits';
import { searchRows } from './offline-search';
import { NO_ROWS, rowScope } from './search-scope';

// What the search looked at, said with its answer (loaded with it, only without signal).
export { type DeviceScope, deviceScope } from './device-scope';

export interface DeviceResult {
  cards: SearchCard[];
  total: number;
  /** True when words matched by typo (pass to highlightParts). */
  fuzzy: boolean;
}

type Hit = { from: 'pack'; hit: SearchHit<PackHit> } | { from: 'row'; hit: SearchHit<Row> };

export async function searchDevice(
  db: MemorialDb,
  query: SearchQuery,
  limit: number,
  cemiterio: string | null = null,
): Promise<DeviceResult> {
  if (query.terms.length === 0) return { cards: [], total: 0, fuzzy: false };
  const metas = await db.packs.toArray();
  const keep = await rowScope(db, metas, cemiterio);
  const [packs, rows] = await Promise.all([
    searchPacks(db, query, limit, cemiterio),
    keep === NO_ROWS ? { hits: [], fuzzy: false } : searchRows(db, query, keep),
  ]);
  const packNames = new Set(metas.map((m) => m.nome).filter((n): n is string => n !== null));
  const shown = new Set(packs.hits.map((h) => h.record.id));
  let rowHits = rows.hits.filter(
    (h) => !(h.record.cemiterio && packNames.has(h.record.cemiterio)) && !shown.has(h.record.id),
  );
  let packHits = packs.hits;
  let packTotal = packs.total;
  let fuzzy = packs.fuzzy || rows.fuzzy;
  // Exact matches anywhere win over typo matches elsewhere.
  if (packs.total > 0 && !packs.fuzzy && rows.fuzzy) {
    rowHits = [];
    fuzzy = false;
  } else if (packs.fuzzy && rowHits.length > 0 && !rows.fuzzy) {
    packHits = [];
    packTotal = 0;
    fuzzy = false;
  }
  const merged: Hit[] = [
    ...packHits.map((hit): Hit => ({ from: 'pack', hit })),
    ...rowHits.map((hit): Hit => ({ from: 'row', hit })),
  ].sort((a, b) => compareHits(a.hit, b.hit));
  const top = merged.slice(0, limit);
  // The record page opens these at once from memory (pack-read.ts findPackRecord).
  // A hit is the page's record (packRecordAt) plus its cemetery, so it has the tribute count
  // and the grave's position too; PackHit only names what the search scores.
  await rememberPackRecords(
    db,
    top.flatMap((h) => {
      if (h.from !== 'pack') return [];
      const copy = h.hit.record as Partial<PackCopy>;
      return [
        {
          ...h.hit.record,
          homenagens: copy.homenagens ?? 0,
          latitude: copy.latitude ?? null,
          longitude: copy.longitude ?? null,
        },
      ];
    }),
  );
  return {
    cards: top.map((h) => (h.from === 'pack' ? packCard(h.hit.record) : toCard(h.hit.record))),
    total: packTotal + rowHits.length,
    fuzzy,
  };
}

/** Suggestions from the device: the search's first `limit`, in the server's suggestion shape. */
export async function suggestDevice(
  db: MemorialDb,
  query: SearchQuery,
  limit: number,
  cemiterio: string | null = null,
): Promise<SearchSuggestion[]> {
  const { cards } = await searchDevice(db, query, limit, cemiterio);
  return cards.map(({ _id, id, nome, rua, quadra, chapa, cemiterio }) => ({
    _id,
    id,
    nome,
    rua,
    quadra,
    chapa,
    ...(cemiterio !== undefined ? { cemiterio } : {}),
  }));
}
