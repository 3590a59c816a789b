/**
 * The best `limit` hits of a pack's candidates, reading as few records as the ranking allows.
 * The candidates come in groups, each with the best (tier, points) its records can score
 * (pack-search.ts says which): the groups are read one after the other, each in ordinal order
 * (= the ranking's tie order, pack-index-build.ts), a batch at a time, skipping records read
 * already, and the reading stops once the `limit`-th best hit is settled: better than what
 * any unread record of this group can score (equal counts when it comes first in tie order,
 * as every unread record of the group lies after the batch) and than the later groups' bounds.
 * A record's hit is its exact score (search-score.ts scorePrepared): the groups only decide
 * what is read first, so the answer is the rules' answer over the whole set. With several
 * packs, `outside` is the `limit`-th best hit of the packs searched before: once it is better
 * than anything unread here, this pack's unread records cannot enter the answer either.
 */
import type { PackColumns } from '../../domain/pack-format';
import { packRecordAt } from '../../domain/pack-format';
import type { SearchQuery } from '../../domain/search-query';
import {
  compareHits,
  prepareRecord,
  type SearchableRecord,
  type SearchHit,
  scorePrepared,
} from '../../domain/search-score';
import { type Bits, emptyBits, set, take } from './bitset';
import type { PackHandle } from './pack-handle';

/** A pack record as the search scores and shows it. */
export interface PackHit extends SearchableRecord {
  image: string | null;
  thumb: string | null;
  cemiterio: string | null;
}

export interface Bound {
  tier: number;
  points: number;
}

export interface Group extends Bound {
  bits: Bits;
}

/** A hit and its ordinal (its place in tie order). */
export interface Scored extends SearchHit<PackHit> {
  ordinal: number;
}

/** Read in batches growing from the limit (one IndexedDB request each) up to this. */
const BATCH_MAX = 512;
const OUTSIDE_BATCH = 8;

/** These ordinals' records (their pages once each); replaced or removed ones left out. */
export async function readRecords(
  h: PackHandle,
  ordinals: ArrayLike<number>,
): Promise<{ ordinal: number; record: PackHit }[]> {
  const byPage = new Map<number, number[]>();
  for (let i = 0; i < ordinals.length; i++) {
    const o = ordinals[i] ?? 0;
    const f = h.pageOf(o);
    const list = byPage.get(f);
    if (list) list.push(o);
    else byPage.set(f, [o]);
  }
  const pages = await h.pagesAt([...byPage.keys()]);
  const out: { ordinal: number; record: PackHit }[] = [];
  for (const [f, list] of byPage) {
    const page = pages.get(f) as PackColumns | undefined;
    if (!page) continue;
    for (const o of list) {
      const r = packRecordAt(page, o - f);
      // Replaced, deleted or moved since the last compaction (pack-walk.ts): not a hit.
      const newest = h.meta.overrides[r.id];
      if (newest !== undefined && newest !== o) continue;
      out.push({ ordinal: o, record: { ...r, cemiterio: h.meta.nome } });
    }
  }
  return out;
}

const better = (a: Bound, b: Bound) =>
  a.tier > b.tier || (a.tier === b.tier && a.points > b.points);

export interface Ranked {
  hits: Scored[];
  /** Hits found: all of them when every candidate was read. */
  found: number;
  complete: boolean;
}

export async function readRanked(
  h: PackHandle,
  query: SearchQuery,
  groups: Group[],
  limit: number,
  fuzzy: number[],
  outside: SearchHit<PackHit> | null = null,
): Promise<Ranked> {
  let hits: Scored[] = [];
  let found = 0;
  const read = emptyBits(h.size);
  /** Per group, its last record read: every unread one of the group comes after it. */
  const lastRead = new Map<number, { ordinal: number; record: PackHit }>();
  const settled = (g: number, next: number) => {
    const own = groups[g] as Group;
    const later = groups.slice(g + 1);
    const kth = hits[limit - 1];
    const mine =
      kth !== undefined &&
      (better(kth, own) ||
        (kth.tier === own.tier && kth.points === own.points && kth.ordinal < next));
    if (mine && kth && later.every((l) => better(kth, l))) return true;
    if (!outside || !later.every((l) => better(outside, l))) return false;
    const last = lastRead.get(g)?.record;
    return (
      better(outside, own) ||
      (last !== undefined && compareHits(outside, { ...own, record: last }) < 0)
    );
  };
  // Where the reading is: group g, no unread record of it before `from`. A batch goes on into
  // the next groups when this one runs out (few candidates: one read for them all).
  let g = 0;
  let from = 0;
  // Behind another pack's hits a few records usually show this one cannot add any.
  let batch = outside ? Math.min(limit, OUTSIDE_BATCH) : limit;
  while (g < groups.length) {
    if (settled(g, from)) return { hits, found, complete: false };
    const ordinals: number[] = [];
    const groupOf = new Map<number, number>();
    while (g < groups.length && ordinals.length < batch) {
      const got = take((groups[g] as Group).bits, from, batch - ordinals.length, read);
      for (const o of got.ordinals) {
        set(read, o);
        ordinals.push(o);
        groupOf.set(o, g);
      }
      if (got.next >= 0) from = got.next;
      else {
        g++;
        from = 0;
      }
    }
    for (const { ordinal, record } of await readRecords(h, ordinals)) {
      const of = groupOf.get(ordinal) ?? 0;
      if ((lastRead.get(of)?.ordinal ?? -1) < ordinal) lastRead.set(of, { ordinal, record });
      const s = scorePrepared(query, prepareRecord(record), { fuzzy });
      if (!s) continue;
      found++;
      hits.push({ ...s, record, ordinal });
    }
    hits.sort(compareHits);
    if (hits.length > limit) hits = hits.slice(0, limit);
    batch = Math.min(BATCH_MAX, batch * 2);
  }
  return { hits, found, complete: true };
}
