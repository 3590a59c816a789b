/**
 * The burial search without signal (issue 6): the same rules as the server, run over the
 * records this device holds, reached through indexes, never by reading the whole table:
 * - name words: `*nameTokens` — a prefix range per spelling for equal/prefix matches; words
 *   that only CONTAIN the term (≥ 3 letters) and typo-similar words are picked from the
 *   index's distinct keys (the device's vocabulary, far smaller than the table, cached);
 * - plate, block and street numbers: `*locationKeys` (`q=12`, `p~45`…);
 * - street words: the distinct values of the `rua` index (a cemetery has few streets).
 * Each word's matches are the UNION of its lookups, taken as id sets (index keys only); the
 * records holding every word are then read and scored with the domain's rules, in the steps
 * of rankRecords (whose answer over all records the unit test checks this against).
 * Known gap: a typo spanning two words ("mariada") matches offline only when one name word is
 * similar on its own; the server's trigram similarity also sees across word boundaries.
 */
import Dexie from 'dexie';
import type { LocalSepultado, MemorialDb } from '../../data/db';
import { chooseFuzzyTerms, fuzzyPoints, hasFuzzyTerm } from '../../domain/search-fuzzy';
import type { QueryTerm, SearchQuery } from '../../domain/search-query';
import {
  compareHits,
  MIN_CONTAINS,
  prepareRecord,
  type SearchHit,
  scorePrepared,
} from '../../domain/search-score';
import { MIN_PARTIAL_DIGITS, nameWords } from '../../domain/search-text';
import type { SearchCard, SearchSuggestion } from '../../domain/search-types';

type Row = LocalSepultado & { dtFal: string | null };

export interface OfflineResult {
  cards: SearchCard[];
  total: number;
  /** True when words matched by typo (pass to highlightParts). */
  fuzzy: boolean;
}

interface Vocabulary {
  generation: number;
  readAt: number;
  tokens: string[];
  streets: string[];
}

// The distinct name words and streets, kept between searches (reading them costs a few ms per
// call on a phone). Any write to the device's database (this tab, or another through Dexie's
// broadcast) makes them stale; a time limit covers writers Dexie cannot see.
const vocabularies = new WeakMap<MemorialDb, Vocabulary>();
const VOCABULARY_MAX_AGE_MS = 30_000;
let generation = 0;
Dexie.on('storagemutated', () => {
  generation++;
});

async function vocabulary(db: MemorialDb): Promise<Vocabulary> {
  const cached = vocabularies.get(db);
  const now = Date.now();
  if (cached?.generation === generation && now - cached.readAt < VOCABULARY_MAX_AGE_MS) {
    return cached;
  }
  const seen = generation;
  const [tokens, streets] = await Promise.all([
    db.sepultados.orderBy('nameTokens').uniqueKeys(),
    db.sepultados.orderBy('rua').uniqueKeys(),
  ]);
  const fresh = {
    generation: seen,
    readAt: now,
    tokens: tokens.map(String),
    streets: streets.map(String),
  };
  vocabularies.set(db, fresh);
  return fresh;
}

const spellings = (t: QueryTerm) => [t.text, ...t.alts];

/** A word the term matches exactly: equal, starts with, or (≥ 3 letters) contains it. */
function wordMatches(word: string, term: QueryTerm): boolean {
  return spellings(term).some(
    (s) => word.startsWith(s) || (s.length >= MIN_CONTAINS && word.includes(s)),
  );
}

function numberKeys(fields: string[], n: string): string[] {
  return fields.flatMap((f) =>
    n.length >= MIN_PARTIAL_DIGITS ? [`${f}=${n}`, `${f}~${n}`] : [`${f}=${n}`],
  );
}

const FIELD_KEY = { quadra: 'q', chapa: 'p', rua: 'r' } as const;

/** What to look up for one term: name-token prefixes, exact name tokens, keys, streets. */
interface Lookup {
  prefixes: string[];
  tokens: string[];
  keys: string[];
  streets: string[];
}

function lookupFor(term: QueryTerm, vocab: Vocabulary): Lookup {
  const out: Lookup = { prefixes: [], tokens: [], keys: [], streets: [] };
  const streetsFor = () =>
    vocab.streets.filter((s) => nameWords(s).some((w) => wordMatches(w, term)));
  if (term.field === 'any') {
    if (term.numeric) {
      out.keys = numberKeys(['q', 'p', 'r'], term.text);
      return out;
    }
    out.prefixes = spellings(term);
    // Words that contain the term without starting with it ("silva" in "dasilva").
    if (spellings(term).some((s) => s.length >= MIN_CONTAINS)) {
      out.tokens = vocab.tokens.filter((w) => wordMatches(w, term));
    }
    out.keys = [`q=${term.text}`, `p=${term.text}`];
    out.streets = streetsFor();
    return out;
  }
  if (term.field === 'rua' && !term.numeric) {
    out.streets = streetsFor();
    return out;
  }
  const key = FIELD_KEY[term.field];
  out.keys = term.numeric ? numberKeys([key], term.text) : [`${key}=${term.text}`];
  return out;
}

/** Name tokens a typo-tolerant pass may match for the term (same test as the ranker's). */
function similarTokens(term: QueryTerm, vocab: Vocabulary): string[] {
  return vocab.tokens.filter((w) => fuzzyPoints(term.text, [w]) > 0);
}

/**
 * The index ranges of a lookup. One plain range per key: IndexedDB answers each with a single
 * getAll/getAllKeys, where Dexie's anyOf walks a cursor (several times slower here).
 */
function ranges(db: MemorialDb, l: Partial<Lookup>) {
  const t = db.sepultados;
  return [
    ...(l.prefixes ?? []).map((p) => t.where('nameTokens').startsWith(p)),
    ...(l.tokens ?? []).map((w) => t.where('nameTokens').equals(w)),
    ...(l.keys ?? []).map((k) => t.where('locationKeys').equals(k)),
    ...(l.streets ?? []).map((s) => t.where('rua').equals(s)),
  ];
}

/** Ids of the records that hold a match for one term: index keys only, no record read. */
async function idsFor(db: MemorialDb, l: Partial<Lookup>): Promise<Set<string>> {
  const groups = await Promise.all(ranges(db, l).map((c) => c.primaryKeys()));
  return new Set(groups.flat());
}

function mergeLookups(a: Partial<Lookup>, b: Partial<Lookup>): Partial<Lookup> {
  return {
    prefixes: [...(a.prefixes ?? []), ...(b.prefixes ?? [])],
    tokens: [...(a.tokens ?? []), ...(b.tokens ?? [])],
    keys: [...(a.keys ?? []), ...(b.keys ?? [])],
    streets: [...(a.streets ?? []), ...(b.streets ?? [])],
  };
}

function intersect(sets: Set<string>[]): string[] {
  const [smallest, ...rest] = [...sets].sort((a, b) => a.size - b.size);
  if (!smallest) return [];
  return [...smallest].filter((id) => rest.every((s) => s.has(id)));
}

// Below this many records, reading them one by one by id is cheaper than reading a range.
const BY_ID_MAX = 150;

/**
 * The records with these ids. Many ids (a common first name alone): read through the ranges of
 * the term with the fewest matches (one getAll each, far faster than one get per id) and keep
 * those in the set; few ids: one by one.
 */
async function load(
  db: MemorialDb,
  ids: string[],
  narrowest: Partial<Lookup> | undefined,
): Promise<Row[]> {
  const wanted = new Set(ids);
  let rows: (LocalSepultado | undefined)[];
  if (ids.length <= BY_ID_MAX || !narrowest) {
    rows = await db.sepultados.bulkGet(ids);
  } else {
    const groups = await Promise.all(ranges(db, narrowest).map((c) => c.toArray()));
    const byId = new Map(groups.flat().map((r) => [r.id, r]));
    rows = [...byId.values()].filter((r) => wanted.has(r.id));
  }
  return rows.flatMap((r) => (r ? [{ ...r, dtFal: r.dtFal ?? null }] : []));
}

function score(query: SearchQuery, rows: Row[], fuzzy: number[]): SearchHit<Row>[] {
  const hits: SearchHit<Row>[] = [];
  for (const row of rows) {
    const s = scorePrepared(query, prepareRecord(row), { fuzzy });
    if (s) hits.push({ ...s, record: row });
  }
  return hits;
}

function toCard(row: Row): SearchCard {
  const images = row.images ?? [];
  return {
    _id: row._id ?? row.id,
    id: row.id,
    nome: row.nome,
    rua: row.rua,
    quadra: row.quadra,
    chapa: row.chapa,
    dtFal: row.dtFal,
    image: images[0] ?? null,
    images: images.slice(0, 1),
    thumb: row.thumbs?.[0] ?? images[0] ?? null,
  };
}

/**
 * The query over the device's records, best first, at most `limit`. The same steps as
 * rankRecords (search-rank.ts, the oracle of tests/unit/search-offline.test.ts), done on id
 * sets so that only records holding every word are read: each word's ids (the union of its
 * index lookups), their intersection scored exactly; when nothing matches, the typo pass with
 * the words chooseFuzzyTerms picks (from which words some record holds: a non-empty id set),
 * their ids widened by similar name tokens.
 */
export async function searchOffline(
  db: MemorialDb,
  query: SearchQuery,
  limit: number,
): Promise<OfflineResult> {
  if (query.terms.length === 0) return { cards: [], total: 0, fuzzy: false };
  const vocab = await vocabulary(db);
  const lookups = query.terms.map((t) => lookupFor(t, vocab));
  const sets = await Promise.all(lookups.map((l) => idsFor(db, l)));
  const narrowest = (widened: Set<string>[], extra: Partial<Lookup>[]) => {
    const i = widened.indexOf([...widened].sort((a, b) => a.size - b.size)[0] ?? new Set());
    const base = lookups[i];
    const more = extra[i];
    return base && more ? mergeLookups(base, more) : base;
  };
  let hits = score(query, await load(db, intersect(sets), narrowest(sets, [])), []);
  let fuzzy: number[] = [];
  if (hits.length === 0 && hasFuzzyTerm(query)) {
    fuzzy = chooseFuzzyTerms(
      query,
      sets.map((s) => s.size > 0),
    );
    const extra: Partial<Lookup>[] = query.terms.map((term, i) =>
      fuzzy.includes(i) ? { tokens: similarTokens(term, vocab) } : {},
    );
    const widened = await Promise.all(
      sets.map(async (ids, i) => {
        const more = extra[i];
        if (!more?.tokens) return ids;
        return new Set([...ids, ...(await idsFor(db, more))]);
      }),
    );
    hits = score(query, await load(db, intersect(widened), narrowest(widened, extra)), fuzzy);
  }
  hits.sort(compareHits);
  return {
    cards: hits.slice(0, limit).map((h) => toCard(h.record)),
    total: hits.length,
    fuzzy: fuzzy.length > 0,
  };
}

/** Suggestions from the device: the same search, in the server's suggestion shape. */
export async function suggestOffline(
  db: MemorialDb,
  query: SearchQuery,
  limit: number,
): Promise<SearchSuggestion[]> {
  const { cards } = await searchOffline(db, query, limit);
  return cards.map(({ _id, id, nome, rua, quadra, chapa }) => ({
    _id,
    id,
    nome,
    rua,
    quadra,
    chapa,
  }));
}
