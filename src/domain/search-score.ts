/**
 * Matching and ranking of burial records (issue 6), the one definition the server's SQL
 * (server/services/search-sql.ts) mirrors and the offline client runs over candidate records.
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
import type { QueryTerm, SearchQuery } from './search-query';
import { locationKeys, MIN_PARTIAL_DIGITS, nameWords, normalizeVariants } from './search-text';
import { strictWordSimilarity } from './search-trigram';

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
/** Shortest word tried for typos. */
export const MIN_FUZZY = 4;
/** pg_trgm strict_word_similarity needed for a typo match (tuned on the relevance set). */
export const FUZZY_THRESHOLD = 0.5;
/** Typo matching runs only when the exact rules find fewer records than this. */
export const FUZZY_WHEN_FEWER_THAN = 10;

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

/** Points of a name word equal to the term with two neighbouring letters swapped. */
export const SWAP_POINTS = 900;

/**
 * The word with each pair of neighbouring letters swapped ("maira" → "maria", "batsita" →
 * "batista"): the commonest typo on a phone, and one trigrams barely see in short words.
 */
export function letterSwaps(t: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i + 1 < t.length; i++) {
    if (t[i] === t[i + 1]) continue;
    out.add(normalizeVariants(t.slice(0, i) + t[i + 1] + t[i] + t.slice(i + 2)));
  }
  out.delete(t);
  return [...out];
}

/**
 * Typo points in thousandths: the pg_trgm strict word similarity (rounded half up, as
 * floor(x + 0.5) in SQL) when it reaches the threshold, or SWAP_POINTS for a swapped pair.
 */
export function fuzzyPoints(t: string, words: string[]): number {
  if (t.length < MIN_FUZZY || words.length === 0) return 0;
  const sim = strictWordSimilarity(t, words.join(' '));
  const trigram = sim >= Math.fround(FUZZY_THRESHOLD) ? Math.floor(sim * 1000 + 0.5) : 0;
  const swapped = letterSwaps(t).some((s) => words.includes(s)) ? SWAP_POINTS : 0;
  return Math.max(trigram, swapped);
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
  /** Allow typo matches on the name (see FUZZY_WHEN_FEWER_THAN). */
  fuzzy: boolean;
}

/** The record's tier and points for the query, or null when some term matches nothing. */
export function scorePrepared(
  query: SearchQuery,
  p: PreparedRecord,
  options: ScoreOptions,
): RecordScore | null {
  if (query.terms.length === 0) return null;
  let points = 0;
  let otherTier = Number.POSITIVE_INFINITY;
  let alphaTier = Number.POSITIVE_INFINITY;
  let allOnName = true;
  const nameTerms: QueryTerm[] = [];
  for (const term of query.terms) {
    const other = otherPoints(p, term);
    const isNameTerm = term.field === 'any' && !term.numeric;
    let name = 0;
    if (isNameTerm) {
      name = wordPoints(p.words, term);
      if (name === 0 && options.fuzzy) name = fuzzyPoints(term.text, p.words);
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

export function scoreRecord(
  query: SearchQuery,
  record: SearchableRecord,
  options: ScoreOptions = { fuzzy: true },
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

export interface RankResult<R extends SearchableRecord> {
  hits: SearchHit<R>[];
  total: number;
  /** True when typo matching was used (the exact rules found too little). */
  fuzzy: boolean;
}

/**
 * The server's search over a set of candidate records: exact rules first, typo matching only
 * when they find fewer than FUZZY_WHEN_FEWER_THAN. The candidates must include every record
 * the rules could match (offline: gathered through the name-token and location indexes).
 */
export function rankRecords<R extends SearchableRecord>(
  query: SearchQuery,
  records: Iterable<R | PreparedRecord<R>>,
  limit: number,
): RankResult<R> {
  const prepared = [...records].map((r) => ('record' in r ? r : prepareRecord(r)));
  const run = (fuzzy: boolean) => {
    const hits: SearchHit<R>[] = [];
    for (const p of prepared) {
      const score = scorePrepared(query, p, { fuzzy });
      if (score) hits.push({ ...score, record: p.record });
    }
    return hits;
  };
  let hits = run(false);
  let fuzzy = false;
  if (hits.length < FUZZY_WHEN_FEWER_THAN && hasFuzzyTerm(query)) {
    hits = run(true);
    fuzzy = true;
  }
  hits.sort(compareHits);
  return { hits: hits.slice(0, limit), total: hits.length, fuzzy };
}

/** Whether a typo pass could find more (some name word long enough). */
export function hasFuzzyTerm(query: SearchQuery): boolean {
  return query.terms.some((t) => t.field === 'any' && !t.numeric && t.text.length >= MIN_FUZZY);
}
