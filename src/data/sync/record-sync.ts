/**
 * The delta sync of the burial register: pulls pages of GET /api/sync/sepultados
 * after the stored cursor and applies each page in ONE Dexie transaction — upserts (through
 * rowFromRecord, the one place a record becomes a row), deletions (rows and list entries) and
 * the new cursor together, so an interrupted walk (closed tab, lost signal, full device)
 * resumes exactly after the last page stored, and a page is never half applied.
 * `reset: true` (the server's database was restored) replaces the copy by mark-and-sweep: every
 * row the new walk stores carries its mark, and at the walk's end the unmarked rows stored
 * before it began are removed. The server's protocol: server/modules/sync/sync.ts.
 */
import { SYNC_PAGE_LIMIT, type SyncAnswer, type SyncRecord } from '../../domain/sync-types';
import { api, toApiFailure } from '../api';
import type { LocalBurial, MemorialDb } from '../db';
import { rowFromRecord } from '../local-rows';
import { toSyncStopped } from './sync-errors';
import { META, readCursor, readMeta, type SweepState } from './sync-meta';

/** Records per request: the server's maximum, so 100k records are 50 requests. */
export const PAGE_LIMIT = SYNC_PAGE_LIMIT;

/** A row as the sync stores it: `syncMark` ties it to a replace-the-copy walk. */
type SyncedRow = LocalBurial & { syncMark?: number };

interface FetchedPage {
  answer: SyncAnswer;
  /** Bytes on the wire (compressed body) when the browser says, else the JSON's length. */
  bytes: number;
}

export type PageFetcher = (
  since: string | undefined,
  limit: number,
  signal?: AbortSignal,
) => Promise<FetchedPage>;

function wireBytes(url: string, fallback: number): number {
  if (typeof performance === 'undefined' || !performance.getEntriesByName) return fallback;
  const entry = performance.getEntriesByName(url).at(-1) as PerformanceResourceTiming | undefined;
  return entry && entry.encodedBodySize > 0 ? entry.encodedBodySize : fallback;
}

/** GET /api/sync/sepultados through the app's client (ApiFailure on failure, 0 = offline). */
const fetchSyncPage: PageFetcher = async (since, limit, signal) => {
  const searchParams: Record<string, string> = { limit: String(limit) };
  if (since) searchParams.since = since;
  try {
    const res = await api.get('sync/sepultados', { searchParams, signal });
    const text = await res.text();
    return { answer: JSON.parse(text) as SyncAnswer, bytes: wireBytes(res.url, text.length) };
  } catch (err) {
    if (signal?.aborted) throw err;
    throw await toApiFailure(err, 'Não foi possível baixar os registros.');
  }
};

async function dropFromLists(db: MemorialDb, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const gone = new Set(ids);
  const lists = await db.lists.toArray();
  const touched = lists
    .filter((l) => l.ids.some((id) => gone.has(id)))
    .map((l) => ({ ...l, ids: l.ids.filter((id) => !gone.has(id)) }));
  if (touched.length > 0) await db.lists.bulkPut(touched);
}

/** Rows a finished reset walk did not mention (and nobody stored since it began). */
async function sweep(db: MemorialDb, state: SweepState): Promise<void> {
  const stale = await db.sepultados
    .filter((r) => (r as SyncedRow).syncMark !== state.mark && r.storedAt < state.startedAt)
    .primaryKeys();
  await db.sepultados.bulkDelete(stale);
  await dropFromLists(db, stale);
  await db.meta.delete(META.sweep);
}

function toRows(
  changed: SyncRecord[],
  existing: (LocalBurial | undefined)[],
  mark: number | undefined,
  now: number,
): SyncedRow[] {
  return changed.map((record, i) => {
    const held = existing[i];
    // A detail page opened meanwhile may hold a newer version than this page: keep it. Only a
    // flicker at worst: a record changed after a page was read moves to a later position, so
    // the walk (or the next delta) brings the newer version anyway.
    const row: SyncedRow =
      held?.full && (held.version ?? 0) > record.version ? held : rowFromRecord(record, now);
    if (mark !== undefined) row.syncMark = mark;
    return row;
  });
}

/** Applies one page: rows, deletions, cursor (and the end-of-walk bookkeeping) at once. */
export async function applyPage(
  db: MemorialDb,
  page: SyncAnswer,
  now: number = Date.now(),
  options: { keepNewer?: boolean } = {},
): Promise<void> {
  await db.transaction('rw', db.sepultados, db.lists, db.meta, async () => {
    let state = await readMeta<SweepState>(db, META.sweep);
    if (page.reset) {
      state = { mark: now, startedAt: now };
      await db.meta.put({ key: META.sweep, value: state });
    }
    if (page.changed.length > 0) {
      // A first download skips the read (nothing newer can be held: see toRows).
      const existing =
        options.keepNewer === false
          ? []
          : await db.sepultados.bulkGet(page.changed.map((r) => r.id));
      await db.sepultados.bulkPut(toRows(page.changed, existing, state?.mark, now));
    }
    if (page.deleted.length > 0) {
      await db.sepultados.bulkDelete(page.deleted);
      await dropFromLists(db, page.deleted);
    }
    await db.meta.put({ key: META.cursor, value: page.cursor });
    if (!page.hasMore) {
      if (state) await sweep(db, state);
      await db.meta.put({ key: META.updatedAt, value: now });
    }
  });
}

interface PageProgress {
  records: number;
  deleted: number;
  bytes: number;
  /** Waiting for the answer and parsing it (network + server + JSON). */
  fetchMs: number;
  /** Storing it (rowFromRecord + the Dexie transaction). */
  applyMs: number;
}

interface SyncOptions {
  fetchPage?: PageFetcher;
  limit?: number;
  signal?: AbortSignal;
  onPage?: (progress: PageProgress) => void | Promise<void>;
}

interface SyncResult {
  pages: number;
  records: number;
  deleted: number;
  bytes: number;
}

/**
 * Walks from the stored cursor to the end. Throws SyncStopped (quota, offline, failed,
 * cancelled); every page stored before the stop stays, with its cursor.
 */
export async function syncRecords(db: MemorialDb, options: SyncOptions = {}): Promise<SyncResult> {
  const fetchPage = options.fetchPage ?? fetchSyncPage;
  const limit = options.limit ?? PAGE_LIMIT;
  const { signal } = options;
  const result: SyncResult = { pages: 0, records: 0, deleted: 0, bytes: 0 };
  // Pages are fetched one ahead: the next request runs while this page is stored (its cursor
  // is known from the answer). Only applyPage stores a cursor, so a stop loses nothing.
  const timed = (since: string | undefined) => {
    const t0 = performance.now();
    return fetchPage(since, limit, signal).then((page) => ({
      ...page,
      fetchMs: performance.now() - t0,
    }));
  };
  let ahead: ReturnType<typeof timed> | null = null;
  try {
    const start = await readCursor(db);
    const keepNewer = start !== undefined;
    let pending = timed(start);
    for (;;) {
      const { answer, bytes, fetchMs } = await pending;
      signal?.throwIfAborted();
      if (answer.hasMore) {
        ahead = timed(answer.cursor);
        // Settled later (or never, after a stop): no unhandled rejection meanwhile.
        ahead.catch(() => undefined);
      }
      const t1 = performance.now();
      await applyPage(db, answer, Date.now(), { keepNewer });
      const applyMs = performance.now() - t1;
      result.pages += 1;
      result.records += answer.changed.length;
      result.deleted += answer.deleted.length;
      result.bytes += bytes;
      await options.onPage?.({
        records: answer.changed.length,
        deleted: answer.deleted.length,
        bytes,
        fetchMs,
        applyMs,
      });
      if (!ahead) return result;
      pending = ahead;
      ahead = null;
    }
  } catch (err) {
    throw toSyncStopped(err, signal);
  }
}
