/**
 * The offline search over the visit packs on the device: the server's rules (search-score.ts
 * scorePrepared, compareHits; search-fuzzy.ts for typos) run on the records the pack index
 * names, never on the whole pack.
 *
 * Per query term, the keys that hold every record the term can match (offline-lookup.ts
 * lookupFor, the same lookups as the Dexie search: name-token prefixes and the tokens that
 * contain the term, location keys, streets) — their posting lists' union is EXACTLY the records
 * where the term scores, so the intersection over the terms (bitsets, bitset.ts) is the set of
 * hits and its size the total. Then the best `limit` are read in groups (pack-ranked.ts), each
 * with the best score its records can reach, best group first:
 *  1. the whole name (class 6): the `#` key of the short names, else the names starting with
 *     the words that hold every word;
 *  2. the names starting with the words (class 5; `^` keys, pack-keys.ts START): first those
 *     holding the last word whole, then the rest;
 *  3. the records where every term scores "equal" (class 4, all with the same points);
 *  4. everything else (class 3 at most; a term below "equal").
 * With a name term and another term (a block, a plate) the class is capped at 4 but the name
 * bonus still counts: the groups' bounds say so. A common first name needs ~limit records
 * read, not its thousands.
 * When nothing matches, the typo pass of search-rank.ts: the terms chooseFuzzyTerms picks,
 * widened by the similar name tokens, one group whose bound is class 1 with the typo points
 * search-fuzzy-bound.ts proves for the pack's words.
 */
import { chooseFuzzyTerms, hasFuzzyTerm } from '../../domain/search-fuzzy';
import type { QueryTerm, SearchQuery } from '../../domain/search-query';
import { compareHits, MATCH, type SearchHit } from '../../domain/search-score';
import { nameWords } from '../../domain/search-text';
import type { SearchCard } from '../../domain/search-types';
import type { MemorialDb } from '../db';
import { and, type Bits, count } from './bitset';
import { type Lookup, lookupFor, mergeLookups, similarTokens } from './offline-lookup';
import { type PackHandle, packHandles } from './pack-handle';
import { isNameKey, START, STREET, WHOLE, WHOLE_MAX_WORDS } from './pack-keys';
import { type Group, type PackHit, readRanked } from './pack-ranked';

// PackHit lives beside the ranked reads that make it; the search's callers take it from here.
export type { PackHit } from './pack-ranked';

export interface PackSearchResult {
  hits: SearchHit<PackHit>[];
  total: number;
  fuzzy: boolean;
}

const EQUAL = 4000;
const PREFIX = 3000;
const STARTS_BONUS = 1000;
const WHOLE_BONUS = 2000;

const isName = (t: QueryTerm) => t.field === 'any' && !t.numeric;
const FIELD_KEY = { quadra: 'q', chapa: 'p', rua: 'r' } as const;

/** Directory positions of a lookup's keys. */
function keysOf(h: PackHandle, l: Partial<Lookup>): number[] {
  const out: number[] = [];
  const add = (k: string) => {
    const i = h.keyIndex.get(k);
    if (i !== undefined) out.push(i);
  };
  for (const p of l.prefixes ?? []) {
    for (const i of h.prefixRange(p)) if (isNameKey(h.dir.keys[i] ?? '')) out.push(i);
  }
  for (const t of l.tokens ?? []) add(t);
  for (const k of l.keys ?? []) add(k);
  for (const s of l.streets ?? []) add(`${STREET}${s}`);
  return [...new Set(out)];
}

/** The keys whose records the term scores EQUAL on (search-score.ts: 4000 points). */
function equalKeys(h: PackHandle, t: QueryTerm): number[] {
  const streets = () =>
    h.vocab.streets.filter((s) => nameWords(s).includes(t.text)).map((s) => `${STREET}${s}`);
  let keys: string[];
  if (t.field === 'any') {
    keys = t.numeric
      ? [`q=${t.text}`, `p=${t.text}`, `r=${t.text}`]
      : [t.text, `q=${t.text}`, `p=${t.text}`, ...streets()];
  } else if (t.field === 'rua' && !t.numeric) keys = streets();
  else keys = [`${FIELD_KEY[t.field]}=${t.text}`];
  return keys.flatMap((k) => {
    const i = h.keyIndex.get(k);
    return i === undefined ? [] : [i];
  });
}

/** The most points a term can score on a record of this pack (search-score.ts). */
function most(h: PackHandle, t: QueryTerm): number {
  if (!isName(t)) return EQUAL;
  return h.keyIndex.has(t.text) ||
    h.keyIndex.has(`q=${t.text}`) ||
    h.keyIndex.has(`p=${t.text}`) ||
    h.streetWords.has(t.text)
    ? EQUAL
    : PREFIX;
}

/**
 * The intersection of the terms' sets (each its keys OR-ed over a copy of its seed, if any),
 * rarest first; null when empty.
 */
async function intersection(
  h: PackHandle,
  terms: { keys: number[]; seed?: Bits | undefined; size: number }[],
): Promise<Bits | null> {
  let current: Bits | null = null;
  for (const t of [...terms].sort((a, b) => a.size - b.size)) {
    const set = await h.bits(t.keys, t.seed?.slice());
    current = current ? and(current, set) : set;
    if (count(current) === 0) return null;
  }
  return current;
}

const sizeOf = (h: PackHandle, keys: number[]) => keys.reduce((s, k) => s + h.count(k), 0);

/** The records whose name starts with the name terms (a superset past two words), or null. */
async function startSet(h: PackHandle, names: QueryTerm[]): Promise<Bits | null> {
  if (!h.starts) return null;
  const [first, second] = names;
  if (!first) return null;
  const spellings = (t: QueryTerm) => [t.text, ...t.alts];
  const keys: number[] = [];
  const range = (prefix: string) => keys.push(...h.prefixRange(`${START}${prefix}`));
  if (!second) for (const s of spellings(first)) range(s);
  else if (names.length === 2) for (const s of spellings(second)) range(`${first.text} ${s}`);
  else {
    const k = h.keyIndex.get(`${START}${first.text} ${second.text}`);
    if (k !== undefined) keys.push(k);
  }
  return h.bits(keys);
}

/** The exact pass's groups over the hits `all` (see the header). */
async function exactGroups(
  h: PackHandle,
  query: SearchQuery,
  all: Bits,
  equal: Bits[],
): Promise<Group[]> {
  const names = query.terms.filter(isName);
  const points = query.terms.map((t) => most(h, t));
  const sum = points.reduce((a, b) => a + b, 0);
  // A block or plate term is at best "equal": it caps the class.
  const cap = names.length < query.terms.length ? MATCH.equal : MATCH.wholeName;
  const groups: Group[] = [];
  const allEqual = equal.reduce((a, b) => and(a, b));
  if (names.length > 0) {
    const starts = await startSet(h, names);
    let whole: Bits | null = null;
    if (names.length <= WHOLE_MAX_WORDS) {
      const k = h.keyIndex.get(`${WHOLE}${names.map((t) => t.text).join(' ')}`);
      whole = await h.bits(k === undefined ? [] : [k]);
    } else if (starts) {
      // Every word whole (a superset of the whole names: only what is read first).
      whole = names.reduce((set, t) => and(set, equal[query.terms.indexOf(t)] ?? set), starts);
    }
    if (whole) {
      groups.push({
        bits: and(whole, all),
        tier: Math.min(MATCH.wholeName, cap),
        points: sum + WHOLE_BONUS,
      });
    }
    if (!starts) {
      // An index without the start keys: the rest at the bound of a name that starts so.
      const bonus = whole ? STARTS_BONUS : WHOLE_BONUS;
      const tier = whole ? MATCH.nameStarts : MATCH.wholeName;
      groups.push({ bits: all, tier: Math.min(tier, cap), points: sum + bonus });
      return groups;
    }
    const last = names.at(-1) as QueryTerm;
    const lastAt = query.terms.indexOf(last);
    const startsAll = and(starts, all);
    groups.push(
      {
        bits: and(startsAll, equal[lastAt] ?? startsAll),
        tier: Math.min(MATCH.nameStarts, cap),
        points: sum + STARTS_BONUS,
      },
      {
        bits: startsAll,
        tier: Math.min(MATCH.nameStarts, cap),
        points: sum - (points[lastAt] ?? EQUAL) + PREFIX + STARTS_BONUS,
      },
    );
  }
  // Outside the start groups no name bonus: every term equal is exactly 4000 each.
  groups.push({ bits: allEqual, tier: MATCH.equal, points: EQUAL * query.terms.length });
  // Some term below equal: class 3 at most, and 1000 below the sum if every term can be equal.
  const short = points.every((p) => p === EQUAL) ? EQUAL - PREFIX : 0;
  groups.push({ bits: all, tier: MATCH.prefix, points: sum - short });
  return groups;
}

interface ExactPass {
  result: PackSearchResult;
  lookups: Partial<Lookup>[];
  /** Per term: whether some record of this pack matches it exactly. */
  present: boolean[];
}

const plain = (hits: SearchHit<PackHit>[]) =>
  hits.map(({ tier, points, record }) => ({ tier, points, record }));

async function exactPass(
  h: PackHandle,
  query: SearchQuery,
  limit: number,
  outside: SearchHit<PackHit> | null,
): Promise<ExactPass> {
  const lookups = query.terms.map((t) => lookupFor(t, h.vocab));
  const perTerm = lookups.map((l) => keysOf(h, l));
  const present = perTerm.map((keys) => keys.some((k) => h.count(k) > 0));
  const none = { result: { hits: [], total: 0, fuzzy: false }, lookups, present };
  if (!present.every(Boolean)) return none;
  // Each term's "equal" set first, the rest of its keys OR-ed on top: read once.
  const eqKeys = query.terms.map((t) => equalKeys(h, t));
  const equal = await Promise.all(eqKeys.map((keys) => h.bits(keys)));
  const all = await intersection(
    h,
    perTerm.map((keys, i) => ({
      keys: keys.filter((k) => !eqKeys[i]?.includes(k)),
      seed: equal[i],
      size: sizeOf(h, keys),
    })),
  );
  if (!all) return none;
  const groups = await exactGroups(h, query, all, equal);
  const ranked = await readRanked(h, query, groups, limit, [], outside);
  const total = ranked.complete ? ranked.found : count(all);
  return { result: { hits: plain(ranked.hits), total, fuzzy: false }, lookups, present };
}

/** The typo pass (search-rank.ts): the chosen terms widened by similar name tokens. */
async function typoPass(
  h: PackHandle,
  query: SearchQuery,
  pass: ExactPass,
  fuzzy: number[],
  limit: number,
  outside: SearchHit<PackHit> | null,
): Promise<PackSearchResult> {
  const widened = query.terms.map((term, i) => {
    const base = pass.lookups[i] ?? {};
    return fuzzy.includes(i) ? mergeLookups(base, { tokens: similarTokens(term, h.vocab) }) : base;
  });
  const all = await intersection(
    h,
    widened.map((l) => {
      const keys = keysOf(h, l);
      return { keys, size: sizeOf(h, keys) };
    }),
  );
  if (!all) return { hits: [], total: 0, fuzzy: true };
  // Every hit has a term matched by typo only (none matched exactly): class 1, and that term
  // at most its typo bound.
  const caps = query.terms.map((t, i) => {
    const exact = most(h, t);
    const typo = fuzzy.includes(i) ? h.fuzzyBound(t.text) : 0;
    return { exact: pass.present[i] ? exact : 0, typo };
  });
  const sum = caps.reduce((s, c) => s + Math.max(c.exact, c.typo), 0);
  const loss = Math.min(
    ...fuzzy.map((i) => {
      const c = caps[i] ?? { exact: 0, typo: 0 };
      return Math.max(c.exact, c.typo) - c.typo;
    }),
  );
  const groups: Group[] = [{ bits: all, tier: MATCH.fuzzy, points: sum - loss }];
  const ranked = await readRanked(h, query, groups, limit, fuzzy, outside);
  const total = ranked.complete ? ranked.found : count(all);
  return { hits: plain(ranked.hits), total, fuzzy: true };
}

/**
 * The query over every pack on the device, best first, at most `limit`, each hit saying its
 * cemetery: as one register holding all their records would answer (a record is in one
 * cemetery) — the typo pass only when no pack matches exactly, its words chosen from what all
 * the packs hold. `cemiterio` (an id): that cemetery's pack only, as `?cemiterio=` narrows the
 * server's register before it decides anything (none held: no hit).
 */
export async function searchPacks(
  db: MemorialDb,
  query: SearchQuery,
  limit: number,
  cemiterio: string | null = null,
): Promise<PackSearchResult> {
  if (query.terms.length === 0) return { hits: [], total: 0, fuzzy: false };
  // One pack after the other, largest first: the best hits so far let the next pack stop
  // reading as soon as nothing unread there can enter the answer (pack-ranked.ts).
  const packs = (await packHandles(db))
    .filter((h) => cemiterio === null || h.meta.id === cemiterio)
    .sort((a, b) => b.size - a.size);
  let hits: SearchHit<PackHit>[] = [];
  const kth = () => hits[limit - 1] ?? null;
  const keep = (more: SearchHit<PackHit>[]) => {
    hits = [...hits, ...more].sort(compareHits).slice(0, limit);
  };
  const passes: ExactPass[] = [];
  for (const h of packs) {
    const pass = await exactPass(h, query, limit, kth());
    passes.push(pass);
    keep(pass.result.hits);
  }
  let total = passes.reduce((s, p) => s + p.result.total, 0);
  let fuzzy: number[] = [];
  if (total === 0 && hasFuzzyTerm(query)) {
    const present = query.terms.map((_, i) => passes.some((p) => p.present[i]));
    fuzzy = chooseFuzzyTerms(query, present);
    hits = [];
    for (const [i, h] of packs.entries()) {
      const pass = passes[i] as ExactPass;
      const typo = await typoPass(h, query, pass, fuzzy, limit, kth());
      total += typo.total;
      keep(typo.hits);
    }
  }
  return { hits, total, fuzzy: fuzzy.length > 0 };
}

export function packCard(hit: PackHit): SearchCard {
  return {
    _id: hit.id,
    id: hit.id,
    nome: hit.nome,
    rua: hit.rua,
    quadra: hit.quadra,
    chapa: hit.chapa,
    cemiterio: hit.cemiterio,
    dtFal: hit.dtFal,
    image: hit.image,
    images: hit.image ? [hit.image] : [],
    thumb: hit.thumb ?? hit.image,
  };
}
