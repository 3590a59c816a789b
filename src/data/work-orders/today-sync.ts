/**
 * The crew's day on the device: GET /api/ordens/hoje, asked at each sync (and when "Hoje" opens
 * or the signal returns) with the ETag of the last answer in If-None-Match, so a day with no
 * change costs one small 304. The orders go to the device's `ordens` table and the list's ids
 * to the meta table, per person, so "Hoje" opens in airplane mode; with a new list, the plans
 * of its orders' cemeteries the device lacks are kept too, so each order's map draws offline.
 */
import type { Today } from '../../domain/work-order-types';
import { api } from '../api';
import type { MemorialDb } from '../db';
import { readAuth } from '../session-storage';
import { readMeta, writeMeta } from '../sync-meta';
import { dropOrdersNotIn, storeOrders } from './order-store';

export interface StoredDay {
  /** The cemetery's today as the server said it, YYYY-MM-DD. */
  hoje: string;
  ids: string[];
  etag: string | null;
  /** When the server last answered (200 or 304), ms. */
  at: number;
}

export const dayKey = (userId: string) => `ordens.hoje.${userId}`;

export function readDay(db: MemorialDb, userId: string): Promise<StoredDay | undefined> {
  return readMeta<StoredDay>(db, dayKey(userId));
}

/** What one ask answered; the screen says "atualizado às …" or "sem conexão". */
export type DaySync = 'updated' | 'unchanged' | 'offline' | 'refused' | 'no-session';

export type DayFetch = (
  etag: string | null,
) => Promise<{ status: number; etag: string | null; body: unknown }>;

/** The real call: the app's client (its 401 handling), no HTTP cache in between. */
const fetchDay: DayFetch = async (etag) => {
  const response = await api.get('ordens/hoje', {
    throwHttpErrors: false,
    cache: 'no-store',
    headers: etag ? { 'if-none-match': etag } : {},
  });
  const body = response.status === 200 ? await response.json() : null;
  return { status: response.status, etag: response.headers.get('etag'), body };
};

/** Asked for only when the day has a grave on the map: a sync without one loads none of it. */
const keepPlans = (db: MemorialDb, ids: string[]) =>
  import('../plan/plan-offline').then((m) => m.keepMissingPlans(ids, db));

export async function syncToday(
  db: MemorialDb,
  options: {
    userId?: string;
    fetch?: DayFetch;
    now?: number;
    /** Keeps the plans of these cemeteries (default: those the device lacks, from the server). */
    keepPlans?: (cemiterios: string[]) => Promise<void>;
  } = {},
): Promise<DaySync> {
  const userId = options.userId ?? readAuth()?.userId;
  if (!userId) return 'no-session';
  const now = options.now ?? Date.now();
  const stored = await readDay(db, userId);
  let answer: Awaited<ReturnType<DayFetch>>;
  try {
    answer = await (options.fetch ?? fetchDay)(stored?.etag ?? null);
  } catch {
    return 'offline';
  }
  if (answer.status === 304 && stored) {
    await writeMeta(db, dayKey(userId), { ...stored, at: now } satisfies StoredDay);
    return 'unchanged';
  }
  if (answer.status !== 200 || !answer.body) return 'refused';
  const day = answer.body as Today;
  await storeOrders(db, day.ordens, userId, now);
  const ids = day.ordens.map((o) => o.id);
  await dropOrdersNotIn(db, userId, new Set(ids));
  await writeMeta(db, dayKey(userId), {
    hoje: day.hoje,
    ids,
    etag: answer.etag,
    at: now,
  } satisfies StoredDay);
  // Only the orders with a position have a map to draw.
  const mapped = day.ordens
    .filter((o) => o.lugar.latitude !== null && o.lugar.longitude !== null)
    .map((o) => o.lugar.cemiterioId);
  if (mapped.length > 0) {
    await (options.keepPlans ?? ((ids) => keepPlans(db, ids)))(mapped).catch(() => undefined);
  }
  return 'updated';
}
