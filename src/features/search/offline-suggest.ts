/**
 * Offline suggestions for a broad prefix without reading its thousands of records ("mari"
 * starts ~10% of the names): the same answer as the full offline search's first 8, when it can
 * be proved from a few rows read in death-date order; null otherwise (the caller then runs the
 * full search).
 *
 * Why it is exact (search-score.ts): a record whose name starts with the query's name words
 * ranks in class 5 (6 for the whole name), every other record in class ≤ 4. Whole names are
 * one lookup of the `searchName` index. The other class-5 records have at most `bound` points:
 * 4000 per word (3000 for the last one when no name holds it as a whole word) + 1000. Rows are
 * read newest death first (the `dtFal` index, ties by id descending: the ranking's own tie
 * order), so once the 8th best hit found is whole-name class or reaches `bound`, no unread
 * record can come before it. Records without a death date are not in that index; they rank
 * after every dated record of equal class and points, so they cannot come before it either.
 */
import type { MemorialDb } from '../../data/db';
import type { SearchQuery } from '../../domain/search-query';
import { compareHits, MATCH, phraseStarts, type SearchHit } from '../../domain/search-score';
import { asRows, type Row, score } from './offline-hits';
import type { Vocabulary } from './offline-lookup';

const POINTS = 4000;
const PREFIX_POINTS = 3000;
const STARTS_BONUS = 1000;
// Rows read in death-date order before giving up: the first batch settles a common prefix
// (a name start held by ≥ 5% of the records gives 8 hits in ~160 rows).
const BATCHES = [200, 600];

export async function suggestByNameStart(
  db: MemorialDb,
  query: SearchQuery,
  limit: number,
  vocab: Vocabulary,
): Promise<SearchHit<Row>[] | null> {
  const nameTerms = query.terms.filter((t) => t.field === 'any' && !t.numeric);
  const last = nameTerms[nameTerms.length - 1];
  if (!last) return null;
  const whole = ` ${nameTerms.map((t) => t.text).join(' ')} `;
  const lastWhole = vocab.tokens.includes(last.text);
  const bound =
    query.terms.reduce((sum, t) => sum + (t === last && !lastWhole ? PREFIX_POINTS : POINTS), 0) +
    STARTS_BONUS;

  const found = new Map<string, SearchHit<Row>>();
  const starts = phraseStarts(nameTerms);
  const keep = (rows: Row[]) => {
    // Only names starting with the words can reach class 5: skip scoring the others.
    const candidates = rows.filter(
      (r) => r.searchName === undefined || starts.some((s) => r.searchName?.startsWith(s)),
    );
    for (const h of score(query, candidates, [])) {
      if (h.tier >= MATCH.nameStarts) found.set(h.record.id, h);
    }
  };
  keep(asRows(await db.sepultados.where('searchName').equals(whole).toArray()));
  let offset = 0;
  for (const end of BATCHES) {
    const rows = await db.sepultados
      .orderBy('dtFal')
      .reverse()
      .offset(offset)
      .limit(end - offset)
      .toArray();
    keep(asRows(rows));
    const best = [...found.values()].sort(compareHits);
    const kth = best[limit - 1];
    if (kth && (kth.tier >= MATCH.wholeName || kth.points >= bound)) return best.slice(0, limit);
    if (rows.length < end - offset) return null; // every dated record read
    offset = end;
  }
  return null;
}
