/**
 * Downloads and keeps current one visit pack (a cemetery, or '' for the whole register):
 * pages of GET /api/sync/pack after the pack's cursor, each stored in ONE transaction with the
 * cursor (so a stop — closed tab, lost signal, full device — resumes after the last page
 * stored), then, once the walk reached the end and brought records, the token index rebuilt
 * from the stored pages, which it also compacts (pack-index-build.ts). The first download and every delta sync are the
 * same walk. The caller holds the sync lock (sync-lock.ts), as for the record sync.
 */
import Dexie from 'dexie';
import { packIdAt } from '../../domain/pack-format';
import { PACK_PAGE_LIMIT, type PackAnswer } from '../../domain/sync-types';
import type { MemorialDb } from '../db';
import { toSyncStopped } from '../sync-errors';
import { buildPackIndex, dropPages } from './pack-index-build';
import { KEYS_VERSION } from './pack-keys';
import { type PackMeta, pageStore } from './pack-rows';

export interface FetchedPackPage {
  answer: PackAnswer;
  /** Bytes on the wire when the browser says, else the JSON's length. */
  bytes: number;
}

export type PackFetcher = (
  pack: string,
  since: string | undefined,
  limit: number,
  signal?: AbortSignal,
) => Promise<FetchedPackPage>;

export function freshMeta(id: string, nome: string | null): PackMeta {
  return { id, nome, next: 0, pages: 0, bytes: 0, overrides: {}, records: 0 };
}

const packRange = (pack: string) =>
  [
    [pack, Dexie.minKey],
    [pack, Dexie.maxKey],
  ] as const;

/** Stores one page: the columns, the replaced and removed ids, the cursor — at once. */
export async function applyPackPage(
  db: MemorialDb,
  pack: string,
  answer: PackAnswer,
  bytes: number,
  now: number = Date.now(),
): Promise<void> {
  await db.transaction('rw', db.packs, db.packPages, db.packIndex, async () => {
    let meta = (await db.packs.get(pack)) ?? freshMeta(pack, null);
    if (answer.reset) {
      // The server's database was restored: this walk replaces the copy.
      await dropPages(db, pageStore(meta));
      await db.packIndex
        .where('[pack+row]')
        .between(...packRange(pack))
        .delete();
      meta = { ...freshMeta(pack, meta.nome), gen: meta.gen ?? 0 };
    }
    const { cursor, hasMore, reset: _r, deleted, again, plano, ...columns } = answer;
    const first = meta.next;
    const n = columns.nomes.length;
    if (n > 0) {
      await db.packPages.put({ pack: pageStore(meta), first, ...columns });
      meta.next += n;
      meta.pages += 1;
    }
    for (const i of again) meta.overrides[packIdAt(columns, i)] = first + i;
    for (const id of deleted) meta.overrides[id] = -1;
    meta.cursor = cursor;
    meta.bytes += bytes;
    if (!hasMore) meta.updatedAt = now;
    // The cemetery's plan as of this walk's end (plan-offline.ts keepPackPlans stores its image).
    if (plano !== undefined) meta.plan = plano;
    await db.packs.put(meta);
  });
}

/** Drops a pack and everything it stored (its space is freed). */
export async function removePack(db: MemorialDb, pack: string): Promise<void> {
  await db.transaction('rw', db.packs, db.packPages, db.packIndex, async () => {
    const gen = (await db.packs.get(pack))?.gen ?? 0;
    // The current pages, and those of a compaction cut short.
    await dropPages(db, pageStore({ id: pack, gen }));
    await dropPages(db, pageStore({ id: pack, gen: gen + 1 }));
    await db.packIndex
      .where('[pack+row]')
      .between(...packRange(pack))
      .delete();
    await db.packs.delete(pack);
  });
}

export interface PackProgress {
  records: number;
  bytes: number;
  fetchMs: number;
  applyMs: number;
}

export interface PackWalkOptions {
  /** The cemetery's name for a new pack (said on each hit). */
  nome?: string | null;
  /** GET /api/sync/pack (pack-fetch.ts fetchPackPage in the app). */
  fetchPage: PackFetcher;
  limit?: number;
  signal?: AbortSignal;
  onPage?: (p: PackProgress) => void | Promise<void>;
}

export interface PackWalkResult {
  pages: number;
  records: number;
  bytes: number;
  /** Time spent building the index (0 when nothing new came). */
  indexMs: number;
}

/** Walks the pack from its cursor to the end, then indexes; throws SyncStopped on a stop. */
export async function walkPack(
  db: MemorialDb,
  pack: string,
  options: PackWalkOptions,
): Promise<PackWalkResult> {
  const { fetchPage } = options;
  const limit = options.limit ?? PACK_PAGE_LIMIT;
  const { signal } = options;
  const result: PackWalkResult = { pages: 0, records: 0, bytes: 0, indexMs: 0 };
  const timed = (since: string | undefined) => {
    const t0 = performance.now();
    return fetchPage(pack, since, limit, signal).then((p) => ({
      ...p,
      fetchMs: performance.now() - t0,
    }));
  };
  try {
    const held = await db.packs.get(pack);
    if (!held) await db.packs.put(freshMeta(pack, options.nome ?? null));
    else if (options.nome !== undefined && held.nome !== options.nome) {
      await db.packs.update(pack, { nome: options.nome });
    }
    // Pages are fetched one ahead: the next request runs while this page is stored.
    let pending = timed(held?.cursor);
    for (;;) {
      const { answer, bytes, fetchMs } = await pending;
      signal?.throwIfAborted();
      let ahead: typeof pending | null = null;
      if (answer.hasMore) {
        ahead = timed(answer.cursor);
        ahead.catch(() => undefined);
      }
      const t1 = performance.now();
      await applyPackPage(db, pack, answer, bytes);
      const applyMs = performance.now() - t1;
      result.pages += 1;
      result.records += answer.nomes.length;
      result.bytes += bytes;
      await options.onPage?.({ records: answer.nomes.length, bytes, fetchMs, applyMs });
      if (!ahead) break;
      pending = ahead;
    }
    const meta = await db.packs.get(pack);
    // New records, or an index from before the current keys (the search reads both, faster
    // with the current ones).
    if (meta && (meta.indexed?.next !== meta.next || (meta.indexed.keys ?? 1) < KEYS_VERSION)) {
      const t2 = performance.now();
      await buildPackIndex(db, pack);
      result.indexMs = performance.now() - t2;
    }
    return result;
  } catch (err) {
    throw toSyncStopped(err, signal);
  }
}
