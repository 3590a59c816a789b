/**
 * Two words of a query as one small lookup (offline-search.ts): the `*namePairs` index holds
 * every two distinct name tokens of a record ("dias pedro"), so the records whose name holds
 * both words are the pairs of their matching tokens — ~100 keys, where each word alone is
 * 2-13k keys at 100k records (IndexedDB reads cost per key).
 *
 * A superset of the records matching all the words, or null when that cannot be proved this
 * way: each of the two words must be able to match only by name (no street holds it, no
 * quadra/plate key equals it), the two must not share a matching token (one token matching
 * both words makes no pair), and their token pairs must be few. Names with more distinct
 * words than PAIR_MAX_WORDS carry the pair "*", read every time.
 */

import type { SearchQuery } from '../../domain/search-query';
import type { MemorialDb } from '../db';
import { anyFor, type Lookup, matchingTokens, type Vocabulary } from '../pack-store/offline-lookup';

const MAX_PAIRS = 24;

export async function pairCandidates(
  db: MemorialDb,
  query: SearchQuery,
  lookups: Partial<Lookup>[],
  vocab: Vocabulary,
  guess: (l: Partial<Lookup>) => number,
): Promise<string[] | null> {
  const names = query.terms.flatMap((term, i) => {
    const l = lookups[i];
    const byName = term.field === 'any' && !term.numeric && l && (l.streets ?? []).length === 0;
    return byName ? [{ i, term, l, size: guess(l) }] : [];
  });
  if (names.length < 2) return null;
  const [a, b] = names.sort((x, y) => x.size - y.size);
  if (!a || !b) return null;
  const ta = matchingTokens(a.term, vocab);
  const tb = matchingTokens(b.term, vocab);
  if (ta.length * tb.length > MAX_PAIRS || ta.some((t) => tb.includes(t))) return null;
  const keyed = await Promise.all([a, b].map((x) => anyFor(db, { keys: x.l.keys ?? [] })));
  if (keyed.some(Boolean)) return null;
  const pairs = ta.flatMap((x) => tb.map((y) => (x < y ? `${x} ${y}` : `${y} ${x}`)));
  const groups = await Promise.all(
    [...pairs, '*'].map((k) => db.sepultados.where('namePairs').equals(k).primaryKeys()),
  );
  return [...new Set(groups.flat())];
}
