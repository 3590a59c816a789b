/**
 * Offline suggestions for a broad prefix without reading its thousands of records ("mari"
 * starts ~10% of the names): the same answer as the full offline search's first 8, when it can
 * be proved from a few rows read in death-date order; null otherwise (the caller then runs the
 * full search).
 *
 * Why it is exact (search-score.ts): a record whose name starts with the query's name words
 * ranks in class 5 (6 for the whole name), every other record in class ≤ 4. Whole names are
 * one lookup of the `searchName` index. When the names starting with the words are few, they
 * are all read through that index's ranges. Otherwise the other class-5 records have at most
 * `bound` points: 4000 per word (3000 for the last one when no name holds it as a whole word)
 * + 1000; rows are read newest death first (the `dtFal` index, ties by id descending: the ranking's own tie
 * order), so once the 8th best hit found is whole-name class or reaches `bound`, no unread
 * record can come before it. Records without a death date are not in that index; they rank
 * after every dated record of equal class and points, so they cannot come before it either.
 */

import type { SearchQuery } from '../../domain/search-query';
import { compareHits, MATCH, phraseStarts, type SearchHit } from '../../domain/search-score';
import type { MemorialDb } from '../db';
import { asRows, type Row, score } from './offline-hits';
import type { Vocabulary } from './offline-lookup';

const POINTS = 4000;
const PREFIX_POINTS = 3000;
const STARTS_BONUS = 1000;
// Rows read in death-date order: the first batch settles a common start (one held by ≥ 5% of
// the records gives 8 hits in ~160 rows); the second a start held by ≥ ~1%.
const FIRST_BATCH = 200;
const LAST_BATCH = 1500;
const SCAN_STEPS = [
  [FIRST_BATCH, 500],
  [500, LAST_BATCH],
] as const;
// A rarer start: all its records read through the searchName ranges, up to this many.
const NAMES_MAX = 1000;

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
  const best = () => [...found.values()].sort(compareHits);
  // Settled once the 8th best is whole-name class or has the most points an unread class-5
  // record can have (unread ones come later in death-date order: ties go to those read).
  const settled = () => {
    const kth = best()[limit - 1];
    return kth !== undefined && (kth.tier >= MATCH.wholeName || kth.points >= bound);
  };
  const byDeath = (from: number, to: number) =>
    db.sepultados
      .orderBy('dtFal')
      .reverse()
      .offset(from)
      .limit(to - from)
      .toArray();

  keep(asRows(await db.sepultados.where('searchName').equals(whole).toArray()));
  const first = asRows(await byDeath(0, FIRST_BATCH));
  keep(first);
  if (settled()) return best().slice(0, limit);
  const scan = async () => {
    for (const [from, to] of SCAN_STEPS) {
      keep(asRows(await byDeath(from, to)));
      if (settled()) return best().slice(0, limit);
    }
    return null;
  };
  // Common enough in the first rows to settle within the scan: scan on.
  const seen = first.filter((r) => starts.some((s) => r.searchName?.startsWith(s))).length;
  if ((seen * LAST_BATCH) / FIRST_BATCH >= 2 * limit) return scan();
  // Every record whose name starts with the words, when they are few (keys first, cheaper
  // than rows): then all class ≥ 5 records are known, and the answer is theirs if ≥ limit.
  const ranges = starts.map((s) => db.sepultados.where('searchName').startsWith(s));
  const sizes = await Promise.all(
    ranges.map((r) =>
      r
        .clone()
        .limit(NAMES_MAX + 1)
        .primaryKeys(),
    ),
  );
  if (sizes.some((k) => k.length > NAMES_MAX)) return scan();
  keep(asRows((await Promise.all(ranges.map((r) => r.toArray()))).flat()));
  const all = best();
  return all.length >= limit ? all.slice(0, limit) : null;
}
