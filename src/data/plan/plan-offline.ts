/**
 * The cemetery plans on the device, so the map means something without signal: each plan's
 * metadata in Dexie `meta` (key "plan.<cemetery id>"; "plan" for the older route's first
 * cemetery, /api/mapa/plano) and its image Blob in Dexie `photos` (kind "plan", path
 * "plano/<file>", the path it has under /api/images/). The map draws the overlay of the record's
 * cemetery from that Blob, not from the network nor the service worker's caches.
 *
 * Writers: the visit pack (keepPackPlans: the plan its walk's last page named, so a plan an
 * admin changed reaches the phone with the next delta sync of that cemetery's pack), the crew's
 * day (keepMissingPlans: the cemeteries of its orders), and the map whenever it opens online
 * (precachePlan). An image is downloaded only when its name changed
 * (names are random and never reused, so a stored copy is never stale); an image no stored plan
 * names any more goes in the same transaction.
 */

import type { Bounds } from '../../domain/geo';
import { MAP_MSG } from '../../domain/map-messages';
import { api, request, toApiFailure } from '../api';
import { db as defaultDb, type MemorialDb } from '../db';
import { ApiFailure } from '../failure';
import { isQuotaError } from '../sync-errors';

export interface PlanMeta {
  image: string;
  bounds: Bounds;
  updatedAt: string;
}

export const PLAN_META_KEY = 'plan';
/** The `meta` key of a cemetery's plan (null: the first cemetery's, of /api/mapa/plano). */
export const planKey = (cemiterio: string | null) =>
  cemiterio ? `${PLAN_META_KEY}.${cemiterio}` : PLAN_META_KEY;
const isPlanKey = (key: string) => key === PLAN_META_KEY || key.startsWith(`${PLAN_META_KEY}.`);
const planPath = (image: string) => `plano/${image}`;

/** Status of the ApiFailure thrown when the device refuses to store the plan (quota). */
export const STORAGE_FULL_STATUS = 507;
/** Status of the ApiFailure thrown when the device's database failed for another reason. */
const STORAGE_FAILED_STATUS = 500;

function isPlanMeta(value: unknown): value is PlanMeta {
  const v = value as Partial<PlanMeta> | null;
  return Boolean(v && typeof v.image === 'string' && v.bounds && typeof v.updatedAt === 'string');
}

/** A cemetery's stored plan and its image, or null when the device has none (or half of it). */
export async function readStoredPlan(
  cemiterio: string | null = null,
  database: MemorialDb = defaultDb,
): Promise<{ plan: PlanMeta; blob: Blob } | null> {
  const meta = await database.meta.get(planKey(cemiterio));
  if (!meta || !isPlanMeta(meta.value)) return null;
  const photo = await database.photos.get(planPath(meta.value.image));
  return photo ? { plan: meta.value, blob: photo.blob } : null;
}

/**
 * Keeps `plan` as the plan under `key` (null: forgets it), downloading its image when not
 * stored. Rejects with ApiFailure (status 0 without signal, the server's status, or
 * STORAGE_FULL_STATUS / STORAGE_FAILED_STATUS); never leaves half a plan stored.
 */
async function storePlan(database: MemorialDb, key: string, plan: PlanMeta | null) {
  const path = plan ? planPath(plan.image) : null;
  let blob: Blob | null = null;
  if (path && !(await database.photos.get(path))) {
    try {
      blob = await api(`images/${path}`).blob();
    } catch (err) {
      throw await toApiFailure(err, MAP_MSG.planLoadError);
    }
  }
  try {
    await database.transaction('rw', database.photos, database.meta, async () => {
      if (blob && path) {
        await database.photos.put({
          path,
          blob,
          kind: 'plan',
          bytes: blob.size,
          storedAt: Date.now(),
        });
      }
      if (plan) await database.meta.put({ key, value: plan });
      else await database.meta.delete(key);
      // An older image of this plan (or of a plan forgotten) goes as soon as the new one is in.
      const named = new Set<string>();
      await database.meta.each((row) => {
        if (isPlanKey(row.key) && isPlanMeta(row.value)) named.add(planPath(row.value.image));
      });
      await database.photos
        .where('kind')
        .equals('plan')
        .and((p) => !named.has(p.path))
        .delete();
    });
  } catch (err) {
    if (isQuotaError(err)) throw new ApiFailure(STORAGE_FULL_STATUS, MAP_MSG.planStoreFull);
    // IndexedDB unavailable (private mode, a broken profile): the map still works online.
    throw new ApiFailure(STORAGE_FAILED_STATUS, MAP_MSG.planStoreError);
  }
}

/**
 * Fetches a cemetery's plan (null: the first cemetery's) and keeps it on the device. Resolves
 * when stored (or when the server has no plan: 404 is not an error). Rejects as storePlan.
 */
export async function precachePlan(
  cemiterio: string | null = null,
  database: MemorialDb = defaultDb,
): Promise<void> {
  let plan: PlanMeta;
  try {
    plan = await request<PlanMeta>(
      cemiterio ? `cemiterios/${encodeURIComponent(cemiterio)}/plano` : 'mapa/plano',
      { fallback: MAP_MSG.planLoadError },
    );
  } catch (err) {
    if (err instanceof ApiFailure && err.status === 404) return;
    throw err;
  }
  await storePlan(database, planKey(cemiterio), plan);
}

/**
 * The plans of these cemeteries, for those the device holds none of (the crew's day: an order's
 * map opens without signal). One held is refreshed when its map opens online or by its pack; a
 * failure is left for the next day list, the map still shows the grave meanwhile.
 */
export async function keepMissingPlans(
  cemiterios: Iterable<string>,
  database: MemorialDb = defaultDb,
): Promise<void> {
  for (const id of new Set(cemiterios)) {
    if (await readStoredPlan(id, database)) continue;
    await precachePlan(id, database).catch(() => undefined);
  }
}

/**
 * The plan each visit pack's last walk named (PackMeta.plan), kept as that cemetery's: a plan
 * not stored yet or changed is downloaded, one the server no longer has is forgotten, an
 * unchanged one costs nothing. Run after a pack's download and after every delta sync.
 */
export async function keepPackPlans(database: MemorialDb = defaultDb): Promise<void> {
  for (const pack of await database.packs.toArray()) {
    if (pack.plan === undefined || !pack.id) continue;
    const key = planKey(pack.id);
    const held = (await database.meta.get(key))?.value;
    const same =
      isPlanMeta(held) &&
      pack.plan &&
      held.image === pack.plan.image &&
      held.updatedAt === pack.plan.updatedAt &&
      (await database.photos.get(planPath(held.image))) !== undefined;
    if (same || (!held && !pack.plan)) continue;
    await storePlan(database, key, pack.plan);
  }
}

/** Forgets a cemetery's plan (its pack was removed): its image goes unless another names it. */
export function forgetPlan(database: MemorialDb, cemiterio: string): Promise<void> {
  return storePlan(database, planKey(cemiterio), null);
}
