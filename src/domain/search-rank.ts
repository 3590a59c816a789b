/**
 * The search over a set of records, as the server runs it, for the offline client:
 * the exact rules first; only when they find nothing, a second pass with typo matching for
 * the words chosen by chooseFuzzyTerms. The records must include every one the rules could
 * match (offline: all records on the device, or the candidates from the name-token and
 * location-key indexes plus, for the typo pass, those of similar tokens).
 */
import { chooseFuzzyTerms, hasFuzzyTerm } from './search-fuzzy';
import type { SearchQuery } from './search-query';
import {
  compareHits,
  type PreparedRecord,
  prepareRecord,
  type SearchableRecord,
  type SearchHit,
  scorePrepared,
  termPoints,
} from './search-score';

export interface RankResult<R extends SearchableRecord> {
  hits: SearchHit<R>[];
  total: number;
  /** Indices of the terms matched by typo; empty when the exact rules answered. */
  fuzzy: number[];
}

export function rankRecords<R extends SearchableRecord>(
  query: SearchQuery,
  records: Iterable<R | PreparedRecord<R>>,
  limit: number,
): RankResult<R> {
  const prepared = [...records].map((r) => ('record' in r ? r : prepareRecord(r)));
  const run = (fuzzy: number[]) => {
    const hits: SearchHit<R>[] = [];
    for (const p of prepared) {
      const score = scorePrepared(query, p, { fuzzy });
      if (score) hits.push({ ...score, record: p.record });
    }
    return hits;
  };
  let fuzzy: number[] = [];
  let hits = run(fuzzy);
  if (hits.length === 0 && hasFuzzyTerm(query)) {
    const present = query.terms.map((term) => prepared.some((p) => termPoints(p, term) > 0));
    fuzzy = chooseFuzzyTerms(query, present);
    hits = run(fuzzy);
  }
  hits.sort(compareHits);
  return { hits: hits.slice(0, limit), total: hits.length, fuzzy };
}
