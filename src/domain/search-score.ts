/**
 * Matching and ranking of burial records, the one definition the server's SQL
 * (server/modules/search/search-sql.ts) mirrors and the offline client runs over candidate records
 * (search-rank.ts runs the passes; search-fuzzy.ts says when typos count).
 *
 * Every term must match some field. A term's points (thousandths, integers so that sums tie
 * exactly as in SQL):
 *   name: a word equal 4000 · a word starts with it 3000 · a word contains it 2000 (≥ 3
 *         letters) · fuzzy (≥ 4 letters): pg_trgm strict word similarity ≥ threshold, the
 *         similarity × 1000 (500–999), or a word equal but for two swapped letters 900
 *   street words: equal 4000 · start 3000 · contain 2000;  quadra/plate/street numbers:
 *         whole 4000 ("458" = placa "0458") · part 2000 ("12" in "112", ≥ 2 digits)
 * A record's tier is its weakest term's class (6 whole name, 5 name starts with the query,
 * 4 equal, 3 starts, 2 contains, 1 fuzzy); name terms are replaced by the phrase class when
 * the record's name is the query's words (6) or starts with them (5). Order: tier, then the
 * sum of points (+2000 whole name, +1000 starts), then the most recent death, then id.
 */

import { fuzzyEligible, fuzzyPoints } from './search-fuzzy';
import type { QueryTerm, SearchQuery } from './search-query';
import { locationKeys, MIN_PARTIAL_DIGITS, nameWords } from './search-text';

export const MATCH = {
  wholeName: 6,
  nameStarts: 5,
  equal: 4,
  prefix: 3,
  contains: 2,
  fuzzy: 1,
} as const;

/** Shortest word matched inside other words (shorter ones match word starts only). */
export const MIN_CONTAINS = 3;
const EQUAL = 4000;
const PREFIX = 3000;
const CONTAINS = 2000;

/** The fields the search reads; `dtFal` is ISO (YYYY-MM-DD) or null. */
export interface SearchableRecord {
  id: string;
  nome: string;
  rua: string | null;
  quadra: string;
  chapa: string;
  dtFal: string | null;
}

/** A record with its normalized words and keys, computed once (and storable offline). */
export interface PreparedRecord<R extends SearchableRecord = SearchableRecord> {
  record: R;
  words: string[];
  ruaWords: string[];
  keys: ReadonlySet<string>;
}

export function prepareRecord<R extends SearchableRecord>(record: R): PreparedRecord<R> {
  return {
    record,
    words: nameWords(record.nome),
    ruaWords: nameWords(record.rua),
    keys: new Set(locationKeys(record)),
  };
}

export interface RecordScore {
  tier: number;
  points: number;
}

function wordPoints(words: string[], term: QueryTerm): number {
  const t = term.text;
  if (words.includes(t)) return EQUAL;
  const spellings = [t, ...term.alts];
  if (spellings.some((s) => words.some((w) => w.startsWith(s)))) return PREFIX;
  const long = spellings.filter((s) => s.length >= MIN_CONTAINS);
  if (long.some((s) => words.some((w) => w.includes(s)))) return CONTAINS;
  return 0;
}

function numberPoints(keys: ReadonlySet<string>, fields: string[], n: string): number {
  if (fields.some((f) => keys.has(`${f}=${n}`))) return EQUAL;
  if (n.length >= MIN_PARTIAL_DIGITS && fields.some((f) => keys.has(`${f}~${n}`))) return CONTAINS;
  return 0;
}

const FIELD_KEY = { quadra: 'q', chapa: 'p', rua: 'r' } as const;

/** Points of a term outside the name (street, quadra, plate). */
function otherPoints(p: PreparedRecord, term: QueryTerm): number {
  if (term.field === 'any') {
    if (term.numeric) return numberPoints(p.keys, ['q', 'p', 'r'], term.text);
    const whole = p.keys.has(`q=${term.text}`) || p.keys.has(`p=${term.text}`) ? EQUAL : 0;
    return Math.max(wordPoints(p.ruaWords, term), whole);
  }
  if (term.field === 'rua' && !term.numeric) return wordPoints(p.ruaWords, term);
  const key = FIELD_KEY[term.field];
  if (term.numeric) return numberPoints(p.keys, [key], term.text);
  return p.keys.has(`${key}=${term.text}`) ? EQUAL : 0;
}

/**
 * " w1 w2 w3" prefixes a name must start with to start with the query's name words (the last
 * word in each of its spellings). Shared with the SQL builder.
 */
export function phraseStarts(nameTerms: QueryTerm[]): string[] {
  const last = nameTerms[nameTerms.length - 1];
  if (!last) return [];
  const head = nameTerms
    .slice(0, -1)
    .map((t) => ` ${t.text}`)
    .join('');
  return [last.text, ...last.alts].map((s) => `${head} ${s}`);
}

export function classOf(points: number): number {
  if (points >= CONTAINS) return points / 1000;
  return points > 0 ? MATCH.fuzzy : 0;
}

export interface ScoreOptions {
  /** Indices of the terms that may match by typo (see search-fuzzy.ts); none by default. */
  fuzzy?: readonly number[];
}

/** The term's exact points on this record (name, street or location), typos left out. */
export function termPoints(p: PreparedRecord, term: QueryTerm): number {
  const name = term.field === 'any' && !term.numeric ? wordPoints(p.words, term) : 0;
  return Math.max(name, otherPoints(p, term));
}

/** The record's tier and points for the query, or null when some term matches nothing. */
export function scorePrepared(
  query: SearchQuery,
  p: PreparedRecord,
  options: ScoreOptions = {},
): RecordScore | null {
  if (query.terms.length === 0) return null;
  const fuzzy = options.fuzzy ?? [];
  let points = 0;
  let otherTier = Number.POSITIVE_INFINITY;
  let alphaTier = Number.POSITIVE_INFINITY;
  let allOnName = true;
  const nameTerms: QueryTerm[] = [];
  for (const [i, term] of query.terms.entries()) {
    const other = otherPoints(p, term);
    const isNameTerm = term.field === 'any' && !term.numeric;
    let name = 0;
    if (isNameTerm) {
      name = wordPoints(p.words, term);
      if (name === 0 && fuzzy.includes(i)) name = fuzzyPoints(term.text, p.words);
    }
    const best = Math.max(name, other);
    if (best === 0) return null;
    points += best;
    if (isNameTerm) {
      nameTerms.push(term);
      alphaTier = Math.min(alphaTier, classOf(best));
      if (!(name > 0 && name >= other)) allOnName = false;
    } else {
      otherTier = Math.min(otherTier, classOf(best));
    }
  }
  let phrase = 0;
  if (nameTerms.length > 0 && allOnName) {
    const name = ` ${p.words.join(' ')} `;
    if (name === ` ${nameTerms.map((t) => t.text).join(' ')} `) phrase = MATCH.wholeName;
    else if (phraseStarts(nameTerms).some((s) => name.startsWith(s))) phrase = MATCH.nameStarts;
  }
  if (phrase > 0) alphaTier = phrase;
  points += phrase === MATCH.wholeName ? 2000 : phrase === MATCH.nameStarts ? 1000 : 0;
  return { tier: Math.min(alphaTier, otherTier), points };
}

/** One record against a query; typo matching for every eligible term unless told otherwise. */
export function scoreRecord(
  query: SearchQuery,
  record: SearchableRecord,
  options: ScoreOptions = { fuzzy: query.terms.flatMap((t, i) => (fuzzyEligible(t) ? [i] : [])) },
): RecordScore | null {
  return scorePrepared(query, prepareRecord(record), options);
}

export interface SearchHit<R extends SearchableRecord = SearchableRecord> extends RecordScore {
  record: R;
}

/** Best first: tier, points, most recent death (unknown last), then id (newest first). */
export function compareHits(a: SearchHit, b: SearchHit): number {
  if (a.tier !== b.tier) return b.tier - a.tier;
  if (a.points !== b.points) return b.points - a.points;
  const da = a.record.dtFal;
  const db = b.record.dtFal;
  if (da !== db) {
    if (da === null) return 1;
    if (db === null) return -1;
    return da < db ? 1 : -1;
  }
  return a.record.id < b.record.id ? 1 : a.record.id > b.record.id ? -1 : 0;
}
