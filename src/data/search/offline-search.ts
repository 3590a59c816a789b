/**
 * The burial search without signal: the same rules as the server, run over the
 * records this device holds, reached through indexes, never by reading the whole table
 * (offline-lookup.ts says which ranges a word needs):
 * - name words: `*nameTokens` — a prefix range per spelling for equal/prefix matches; words
 *   that only CONTAIN the term (≥ 3 letters) and typo-similar words are picked from the
 *   index's distinct keys (the device's vocabulary, far smaller than the table, cached);
 * - plate, block and street numbers: `*locationKeys` (`q=12`, `p~45`…);
 * - street words: the distinct values of the `rua` index (a cemetery has few streets).
 * Each word's matches are the UNION of its lookups, taken as id sets (index keys only). Words
 * are read rarest first, and once the records holding the words read so far are few (or their
 * rows cost less than the next word's keys), the remaining (common) words are not read at
 * all: those records are read and scored with the domain's rules, which check every word. This is rankRecords (search-rank.ts) in
 * steps; tests/unit/search-offline.test.ts checks it against rankRecords over all records.
 * Known gap: a typo spanning two words ("mariada") matches offline only when one name word is
 * similar on its own; the server's trigram similarity also sees across word boundaries.
 */

import { chooseFuzzyTerms, hasFuzzyTerm } from '../../domain/search-fuzzy';
import type { SearchQuery } from '../../domain/search-query';
import { compareHits, type SearchHit } from '../../domain/search-score';
import type { SearchCard } from '../../domain/search-types';
import type { LocalBurial, MemorialDb } from '../db';
import {
  anyFor,
  idsFor,
  type Lookup,
  lookupFor,
  lookupKey,
  mergeLookups,
  ranges,
  similarTokens,
  type Vocabulary,
  vocabulary,
} from '../pack-store/offline-lookup';
import { asRows, type Row, score, toCard } from './offline-hits';
import { pairCandidates } from './offline-pairs';

interface OfflineResult {
  cards: SearchCard[];
  total: number;
  /** True when words matched by typo (pass to highlightParts). */
  fuzzy: boolean;
}

// Few enough candidates to read one by one by id and score, without reading more words.
const BY_ID_MAX = 150;
// A read by id costs about this many times a row of an index range, and a row of a range about
// this many times a key (measured in Chromium: bench/history/measurements.md).
const BY_ID_COST = 3;
const ROW_VS_KEY = 2;
// Sizes not learned yet: a middling guess, so a word read before stays first when it is rare;
// among unknown words the longer is guessed rarer.
const UNKNOWN_SIZE = 1000;

interface Matched {
  /** Every record matching all the words, or a superset of at most BY_ID_MAX of them. */
  ids: string[];
  /** The word read with the fewest records (for reading many candidates by range). */
  narrowest: { lookup: Partial<Lookup>; size: number } | null;
  /** Each word's ids when it was read (null: skipped). */
  read: (Set<string> | null)[];
}

function guess(l: Partial<Lookup>, vocab: Vocabulary): number {
  const known = vocab.sizes.get(lookupKey(l));
  if (known !== undefined) return known;
  const longest = Math.max(0, ...(l.prefixes ?? []).map((p) => p.length));
  return UNKNOWN_SIZE - longest;
}

/** The candidates of the words: rarest word first, stopping once they are few (see above). */
async function matchIds(
  db: MemorialDb,
  lookups: Partial<Lookup>[],
  vocab: Vocabulary,
): Promise<Matched> {
  const order = lookups
    .map((l, i) => ({ i, size: guess(l, vocab) }))
    .sort((a, b) => a.size - b.size);
  const read: (Set<string> | null)[] = lookups.map(() => null);
  let current = null as Set<string> | null;
  let narrowest: Matched['narrowest'] = null;
  for (const { i, size } of order) {
    // Few candidates, or reading their rows costs less than this word's keys: stop here.
    if (current && (current.size <= BY_ID_MAX || current.size * ROW_VS_KEY <= size)) break;
    const lookup = lookups[i] ?? {};
    const ids = await idsFor(db, lookup);
    vocab.sizes.set(lookupKey(lookup), ids.size);
    read[i] = ids;
    if (!narrowest || ids.size < narrowest.size) narrowest = { lookup, size: ids.size };
    current = current ? new Set([...current].filter((id) => ids.has(id))) : ids;
  }
  return { ids: [...(current ?? [])], narrowest, read };
}

/**
 * The records with these ids. Few (or few next to the narrowest word's range): one by one;
 * many (a common first name alone): through the narrowest word's ranges, one getAll each,
 * keeping those in the set.
 */
async function load(db: MemorialDb, ids: string[], narrowest: Matched['narrowest']) {
  let rows: (LocalBurial | undefined)[];
  if (ids.length <= BY_ID_MAX || !narrowest || ids.length * BY_ID_COST < narrowest.size) {
    rows = await db.sepultados.bulkGet(ids);
  } else {
    const wanted = new Set(ids);
    const groups = await Promise.all(ranges(db, narrowest.lookup).map((c) => c.toArray()));
    const byId = new Map(groups.flat().map((r) => [r.id, r]));
    rows = [...byId.values()].filter((r) => wanted.has(r.id));
  }
  return asRows(rows);
}

/**
 * The query over the device's records, best first, at most `limit`. The same steps as
 * rankRecords: the records holding every word scored exactly; when nothing matches, the typo
 * pass with the words chooseFuzzyTerms picks (from which words some record holds), their
 * lookups widened by similar name tokens.
 */
export async function searchOffline(
  db: MemorialDb,
  query: SearchQuery,
  limit: number,
): Promise<OfflineResult> {
  const { hits, fuzzy } = await searchRows(db, query);
  return {
    cards: hits.slice(0, limit).map((h) => toCard(h.record)),
    total: hits.length,
    fuzzy,
  };
}

/**
 * Whether some row the scope keeps holds a match for the lookup (`ids`: its rows when already
 * read). Without a scope, any row (an index key suffices).
 */
async function presentIn(
  db: MemorialDb,
  l: Partial<Lookup>,
  ids: Set<string> | null,
  keep: ((row: Row) => boolean) | undefined,
): Promise<boolean> {
  if (!keep) return ids ? ids.size > 0 : anyFor(db, l);
  const rows = asRows(await db.sepultados.bulkGet([...(ids ?? (await idsFor(db, l)))]));
  return rows.some(keep);
}

/**
 * Every row matching the query, best first, with the scores (device-search.ts merges them).
 * `keep` narrows the register to some rows (one cemetery's, search-scope.ts) before anything is
 * decided, so the typo pass runs only when none of THOSE rows matches exactly, its words chosen
 * from what those rows hold: the server's rule with `?cemiterio=`.
 */
export async function searchRows(
  db: MemorialDb,
  query: SearchQuery,
  keep?: (row: Row) => boolean,
): Promise<{ hits: SearchHit<Row>[]; fuzzy: boolean }> {
  if (query.terms.length === 0) return { hits: [], fuzzy: false };
  const vocab = await vocabulary(db);
  const lookups = query.terms.map((t) => lookupFor(t, vocab));
  const paired = await pairCandidates(db, query, lookups, vocab, (l) => guess(l, vocab));
  const exact: Matched = paired
    ? { ids: paired, narrowest: null, read: lookups.map(() => null) }
    : await matchIds(db, lookups, vocab);
  const kept = async (m: Matched) => {
    const rows = await load(db, m.ids, m.narrowest);
    return keep ? rows.filter(keep) : rows;
  };
  let hits = score(query, await kept(exact), []);
  let fuzzy: number[] = [];
  if (hits.length === 0 && hasFuzzyTerm(query)) {
    const present = await Promise.all(
      lookups.map((l, i) => presentIn(db, l, exact.read[i] ?? null, keep)),
    );
    fuzzy = chooseFuzzyTerms(query, present);
    const widened = query.terms.map((term, i) => {
      const base = lookups[i] ?? {};
      return fuzzy.includes(i) ? mergeLookups(base, { tokens: similarTokens(term, vocab) }) : base;
    });
    hits = score(query, await kept(await matchIds(db, widened, vocab)), fuzzy);
  }
  hits.sort(compareHits);
  return { hits, fuzzy: fuzzy.length > 0 };
}
