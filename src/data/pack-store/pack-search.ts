/**
 * The offline search over the visit packs on the device: the server's rules (search-score.ts
 * scorePrepared, compareHits; search-fuzzy.ts for typos) run on the records the pack index
 * names, never on the whole pack.
 *
 * Per query term, the keys that hold every record the term can match (offline-lookup.ts
 * lookupFor, the same lookups as the Dexie search: name-token prefixes and the tokens that
 * contain the term, location keys, streets) — their posting lists' union is EXACTLY the records
 * where the term scores, so the intersection over the terms is the set of hits and its size
 * the total. Then:
 *  - few candidates: all are read from their pages and scored;
 *  - many (a common first name): read in the ranking's tie order (the pages hold the records
 *    in it: latest death first, then id) and stop once the page is settled — the page's last hit is better than
 *    what any unread record can score. The bound: each term at most 4000 points (3000 when no
 *    key equals it), +1000 for a name that starts with the words (class 5, or 4 when a term is
 *    not a name word); the only better class, the whole name (6), is read beforehand: for up to
 *    two name words the `#` key of the short names, else the records holding each word whole.
 * When nothing matches, the typo pass of search-rank.ts: the terms chooseFuzzyTerms picks,
 * widened by the similar name tokens, their candidates read the same two ways (a word no record
 * holds scores below 1000 by typo, which bounds the rank-order read).
 */
import type { PackColumns } from '../../domain/pack-format';
import { packRecordAt } from '../../domain/pack-format';
import { chooseFuzzyTerms, hasFuzzyTerm } from '../../domain/search-fuzzy';
import type { QueryTerm, SearchQuery } from '../../domain/search-query';
import {
  compareHits,
  MATCH,
  prepareRecord,
  type SearchableRecord,
  type SearchHit,
  scorePrepared,
} from '../../domain/search-score';
import type { SearchCard } from '../../domain/search-types';
import type { MemorialDb } from '../db';
import { type Lookup, lookupFor, mergeLookups, similarTokens } from '../search/offline-lookup';
import { type PackHandle, packHandles } from './pack-handle';
import { isNameKey, STREET, WHOLE, WHOLE_MAX_WORDS } from './pack-keys';
import { intersect, unionAll } from './postings';

/** A pack record as the search scores and shows it. */
export interface PackHit extends SearchableRecord {
  image: string | null;
  thumb: string | null;
  cemiterio: string | null;
}

export interface PackSearchResult {
  hits: SearchHit<PackHit>[];
  total: number;
  fuzzy: boolean;
}

/** Above this many candidates, read in rank order and stop when settled. */
const READ_ALL_MAX = 1500;
/** Candidates read per step of the rank-order pass. */
const STEP = 128;

const POINTS_EQUAL = 4000;
const POINTS_PREFIX = 3000;
const STARTS_BONUS = 1000;
/** The most a word matched by typo scores (search-fuzzy.ts: similarity × 1000 < 1000). */
const FUZZY_MAX = 999;

const isName = (t: QueryTerm) => t.field === 'any' && !t.numeric;

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

async function termSet(h: PackHandle, keys: number[]): Promise<Uint32Array> {
  return unionAll(await h.postings(keys));
}

/** Reads these ordinals' records (their pages once each). */
async function records(h: PackHandle, ordinals: ArrayLike<number>): Promise<Map<number, PackHit>> {
  const byPage = new Map<number, number[]>();
  for (let i = 0; i < ordinals.length; i++) {
    const o = ordinals[i] ?? 0;
    const f = h.pageOf(o);
    const list = byPage.get(f);
    if (list) list.push(o);
    else byPage.set(f, [o]);
  }
  const pages = await h.pagesAt([...byPage.keys()]);
  const out = new Map<number, PackHit>();
  for (const [f, list] of byPage) {
    const page = pages.get(f) as PackColumns | undefined;
    if (!page) continue;
    for (const o of list) {
      const r = packRecordAt(page, o - f);
      // Replaced, deleted or moved since the last compaction (pack-walk.ts): not a hit.
      const newest = h.meta.overrides[r.id];
      if (newest !== undefined && newest !== o) continue;
      out.set(o, { ...r, cemiterio: h.meta.nome });
    }
  }
  return out;
}

function score(
  query: SearchQuery,
  recs: Iterable<PackHit>,
  fuzzy: number[],
  into: SearchHit<PackHit>[],
) {
  for (const r of recs) {
    const s = scorePrepared(query, prepareRecord(r), { fuzzy });
    if (s) into.push({ ...s, record: r });
  }
}

/** The candidates of the exact pass: every term's set, intersected rarest first. */
async function exactSet(h: PackHandle, lookups: Partial<Lookup>[]) {
  const perTerm = lookups.map((l) => keysOf(h, l));
  const order = perTerm
    .map((keys, i) => ({ i, size: keys.reduce((s, k) => s + h.count(k), 0) }))
    .sort((a, b) => a.size - b.size);
  let current: Uint32Array | null = null;
  for (const { i } of order) {
    const set = await termSet(h, perTerm[i] ?? []);
    current = current ? intersect(current, set) : set;
    if (current.length === 0) break;
  }
  return { set: current ?? new Uint32Array(0), perTerm };
}

/** The whole-name candidates (class 6) for the rank-order pass, or null if unknown. */
async function wholeNames(h: PackHandle, query: SearchQuery): Promise<Uint32Array | null> {
  const names = query.terms.filter(isName).map((t) => t.text);
  if (names.length === 0) return new Uint32Array(0);
  if (names.length <= WHOLE_MAX_WORDS) {
    const k = h.keyIndex.get(`${WHOLE}${names.join(' ')}`);
    return k === undefined ? new Uint32Array(0) : termSet(h, [k]);
  }
  let set: Uint32Array | null = null;
  for (const name of names) {
    const k = h.keyIndex.get(name);
    if (k === undefined) return new Uint32Array(0);
    const s = await termSet(h, [k]);
    set = set ? intersect(set, s) : s;
  }
  return set && set.length <= READ_ALL_MAX ? set : null;
}

/** The best (tier, points) a record outside the whole-name set can reach (see the header). */
function bound(
  h: PackHandle,
  query: SearchQuery,
  absent: readonly boolean[],
): { tier: number; points: number } {
  const most = (t: QueryTerm) =>
    !isName(t) ||
    h.keyIndex.has(t.text) ||
    h.keyIndex.has(`q=${t.text}`) ||
    h.keyIndex.has(`p=${t.text}`) ||
    h.streetWords.has(t.text)
      ? POINTS_EQUAL
      : POINTS_PREFIX;
  // A word no record holds matches only by typo (below 1000 points, class 1), and no name
  // can then start with the words.
  if (absent.some(Boolean)) {
    const points = query.terms.reduce((sum, t, i) => sum + (absent[i] ? FUZZY_MAX : most(t)), 0);
    return { tier: MATCH.fuzzy, points };
  }
  const points = query.terms.reduce((sum, t) => sum + most(t), STARTS_BONUS);
  return { tier: query.terms.every(isName) ? MATCH.nameStarts : MATCH.equal, points };
}

/** The best `limit` of a big candidate set, read in rank order (see the header). */
async function rankedPass(
  h: PackHandle,
  query: SearchQuery,
  set: Uint32Array,
  limit: number,
  typo: { fuzzy: number[]; absent: boolean[] } = { fuzzy: [], absent: [] },
): Promise<SearchHit<PackHit>[] | null> {
  const whole = await wholeNames(h, query);
  if (!whole) return null;
  const hits: SearchHit<PackHit>[] = [];
  const inWhole = new Set(whole);
  score(query, (await records(h, intersect(whole, set))).values(), typo.fuzzy, hits);
  const best = bound(h, query, typo.absent);
  const settled = () => {
    if (hits.length < limit) return false;
    hits.sort(compareHits);
    const kth = hits[limit - 1];
    return (
      kth !== undefined &&
      (kth.tier > best.tier || (kth.tier === best.tier && kth.points >= best.points))
    );
  };
  // Ordinals are ranks (pack-index-build.ts): ascending is the tie order.
  let batch: number[] = [];
  for (const o of set) {
    if (inWhole.has(o)) continue;
    batch.push(o);
    if (batch.length === STEP) {
      score(query, (await records(h, batch)).values(), typo.fuzzy, hits);
      batch = [];
      if (settled()) return hits;
    }
  }
  score(query, (await records(h, batch)).values(), typo.fuzzy, hits);
  return hits;
}

interface ExactPass {
  result: PackSearchResult;
  lookups: Partial<Lookup>[];
  /** Per term: whether some record of this pack matches it exactly. */
  present: boolean[];
}

async function exactPass(h: PackHandle, query: SearchQuery, limit: number): Promise<ExactPass> {
  const lookups = query.terms.map((t) => lookupFor(t, h.vocab));
  const { set, perTerm } = await exactSet(h, lookups);
  const present = perTerm.map((keys) => keys.some((k) => h.count(k) > 0));
  const hits: SearchHit<PackHit>[] = [];
  if (set.length > READ_ALL_MAX) {
    const ranked = await rankedPass(h, query, set, limit);
    if (ranked)
      return { result: { hits: ranked, total: set.length, fuzzy: false }, lookups, present };
  }
  if (set.length > 0) score(query, (await records(h, set)).values(), [], hits);
  return { result: { hits, total: hits.length, fuzzy: false }, lookups, present };
}

/** The typo pass (search-rank.ts): the chosen terms widened by similar name tokens. */
async function typoPass(
  h: PackHandle,
  query: SearchQuery,
  pass: ExactPass,
  fuzzy: number[],
  limit: number,
): Promise<PackSearchResult> {
  const widened = query.terms.map((term, i) => {
    const base = pass.lookups[i] ?? {};
    return fuzzy.includes(i) ? mergeLookups(base, { tokens: similarTokens(term, h.vocab) }) : base;
  });
  const typo = await exactSet(h, widened);
  if (typo.set.length > READ_ALL_MAX) {
    const absent = pass.present.map((p) => !p);
    const ranked = await rankedPass(h, query, typo.set, limit, { fuzzy, absent });
    if (ranked) return { hits: ranked, total: typo.set.length, fuzzy: true };
  }
  const hits: SearchHit<PackHit>[] = [];
  score(query, (await records(h, typo.set)).values(), fuzzy, hits);
  return { hits, total: hits.length, fuzzy: true };
}

/**
 * The query over every pack on the device, best first, at most `limit`, each hit saying its
 * cemetery: as one register holding all their records would answer (a record is in one
 * cemetery) — the typo pass only when no pack matches exactly, its words chosen from what all
 * the packs hold.
 */
export async function searchPacks(
  db: MemorialDb,
  query: SearchQuery,
  limit: number,
): Promise<PackSearchResult> {
  if (query.terms.length === 0) return { hits: [], total: 0, fuzzy: false };
  const packs = await packHandles(db);
  const passes = await Promise.all(packs.map((h) => exactPass(h, query, limit)));
  let hits = passes.flatMap((p) => p.result.hits);
  let total = passes.reduce((s, p) => s + p.result.total, 0);
  let fuzzy: number[] = [];
  if (total === 0 && hasFuzzyTerm(query)) {
    const present = query.terms.map((_, i) => passes.some((p) => p.present[i]));
    fuzzy = chooseFuzzyTerms(query, present);
    const typo = await Promise.all(
      packs.map((h, i) => {
        const pass = passes[i] ?? {
          result: { hits: [], total: 0, fuzzy: false },
          lookups: [],
          present: [],
        };
        return typoPass(h, query, pass, fuzzy, limit);
      }),
    );
    hits = typo.flatMap((t) => t.hits);
    total = typo.reduce((sum, t) => sum + t.total, 0);
  }
  hits.sort(compareHits);
  return { hits: hits.slice(0, limit), total, fuzzy: fuzzy.length > 0 };
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
