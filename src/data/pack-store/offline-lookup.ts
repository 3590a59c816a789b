/**
 * How the offline search (offline-search.ts) reaches records through Dexie's indexes without
 * reading the table: per query term, the index ranges that hold every record the term can
 * match (name-token prefixes and the tokens that only contain it, location keys, streets),
 * read as primary keys only. The device's vocabulary (distinct name tokens and streets) and the
 * sizes of the ranges already read are kept between searches until the database changes.
 */
import Dexie from 'dexie';
import { fuzzyPoints } from '../../domain/search-fuzzy';
import type { QueryTerm } from '../../domain/search-query';
import { MIN_CONTAINS } from '../../domain/search-score';
import { MIN_PARTIAL_DIGITS, nameWords } from '../../domain/search-text';
import type { MemorialDb } from '../db';

export interface Vocabulary {
  generation: number;
  readAt: number;
  tokens: string[];
  streets: string[];
  /**
   * How many records each lookup found (by its ranges), learned as lookups are read: the next
   * search reads its rarest word first and may then skip the common ones (see matchIds).
   */
  sizes: Map<string, number>;
}

// Reading the distinct keys costs a few ms per call on a phone. Any write to the device's
// database (this tab, or another through Dexie's broadcast) makes them stale; a time limit
// covers writers Dexie cannot see.
const vocabularies = new WeakMap<MemorialDb, Vocabulary>();
const VOCABULARY_MAX_AGE_MS = 30_000;
let generation = 0;
Dexie.on('storagemutated', () => {
  generation++;
});

export async function vocabulary(db: MemorialDb): Promise<Vocabulary> {
  const cached = vocabularies.get(db);
  const now = Date.now();
  if (cached?.generation === generation && now - cached.readAt < VOCABULARY_MAX_AGE_MS) {
    return cached;
  }
  const seen = generation;
  const [tokens, streets] = await Promise.all([
    distinctKeys(db, 'nameTokens'),
    distinctKeys(db, 'rua'),
  ]);
  const fresh = {
    generation: seen,
    readAt: now,
    tokens,
    streets,
    // Sizes survive the age limit (not a write): only a write can change them.
    sizes: cached?.generation === seen ? cached.sizes : new Map<string, number>(),
  };
  vocabularies.set(db, fresh);
  return fresh;
}

/**
 * The distinct keys of an index, one small read per key, each starting after the previous
 * one. Chromium answers Dexie's uniqueKeys() (a "nextunique" cursor) by stepping over every
 * entry of the index: seconds for 100k records' name tokens, against milliseconds this way
 * for the few hundred distinct words.
 */
async function distinctKeys(db: MemorialDb, index: 'nameTokens' | 'rua'): Promise<string[]> {
  const out: string[] = [];
  let next = await db.sepultados.orderBy(index).limit(1).keys();
  while (next.length > 0) {
    const key = String(next[0]);
    out.push(key);
    next = await db.sepultados.where(index).above(key).limit(1).keys();
  }
  return out;
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
export interface Lookup {
  prefixes: string[];
  tokens: string[];
  keys: string[];
  streets: string[];
}

export function lookupFor(term: QueryTerm, vocab: Vocabulary): Lookup {
  const out: Lookup = { prefixes: [], tokens: [], keys: [], streets: [] };
  const streetsFor = () =>
    vocab.streets.filter((s) => nameWords(s).some((w) => wordMatches(w, term)));
  if (term.field === 'any') {
    if (term.numeric) {
      out.keys = numberKeys(['q', 'p', 'r'], term.text);
      return out;
    }
    out.prefixes = spellings(term);
    // Words that contain the term without starting with it ("silva" in "dasilva"); those that
    // start with it are in the prefix ranges already, and reading them twice cost as much again.
    if (spellings(term).some((s) => s.length >= MIN_CONTAINS)) {
      out.tokens = vocab.tokens.filter(
        (w) => wordMatches(w, term) && !out.prefixes.some((s) => w.startsWith(s)),
      );
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

/** The vocabulary's name tokens the term matches exactly (equal, starts with, contains). */
export function matchingTokens(term: QueryTerm, vocab: Vocabulary): string[] {
  return vocab.tokens.filter((w) => wordMatches(w, term));
}

/** Name tokens a typo-tolerant pass may match for the term (same test as the ranker's). */
export function similarTokens(term: QueryTerm, vocab: Vocabulary): string[] {
  return vocab.tokens.filter((w) => fuzzyPoints(term.text, [w]) > 0);
}

export function mergeLookups(a: Partial<Lookup>, b: Partial<Lookup>): Partial<Lookup> {
  return {
    prefixes: [...(a.prefixes ?? []), ...(b.prefixes ?? [])],
    tokens: [...(a.tokens ?? []), ...(b.tokens ?? [])],
    keys: [...(a.keys ?? []), ...(b.keys ?? [])],
    streets: [...(a.streets ?? []), ...(b.streets ?? [])],
  };
}

/**
 * The index ranges of a lookup. One plain range per key: IndexedDB answers each with a single
 * getAll/getAllKeys, where Dexie's anyOf walks a cursor (several times slower here).
 */
export function ranges(db: MemorialDb, l: Partial<Lookup>) {
  const t = db.sepultados;
  return [
    ...(l.prefixes ?? []).map((p) => t.where('nameTokens').startsWith(p)),
    ...(l.tokens ?? []).map((w) => t.where('nameTokens').equals(w)),
    ...(l.keys ?? []).map((k) => t.where('locationKeys').equals(k)),
    ...(l.streets ?? []).map((s) => t.where('rua').equals(s)),
  ];
}

/** Ids of the records that hold a match for one term: index keys only, no record read. */
export async function idsFor(db: MemorialDb, l: Partial<Lookup>): Promise<Set<string>> {
  const groups = await Promise.all(ranges(db, l).map((c) => c.primaryKeys()));
  return new Set(groups.flat());
}

/** Whether any record holds a match for the term (one key read per range at most). */
export async function anyFor(db: MemorialDb, l: Partial<Lookup>): Promise<boolean> {
  const firsts = await Promise.all(ranges(db, l).map((c) => c.limit(1).primaryKeys()));
  return firsts.some((keys) => keys.length > 0);
}

export const lookupKey = (l: Partial<Lookup>) =>
  JSON.stringify([l.prefixes ?? [], l.tokens ?? [], l.keys ?? [], l.streets ?? []]);
