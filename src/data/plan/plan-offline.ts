/**
 * The cemetery plan on the device, so the map means something without signal: its
 * metadata in Dexie `meta` (key "plan") and its image Blob in Dexie `photos` (kind "plan", path
 * "plano/<file>", the path it has under /api/images/). The map draws the overlay from that Blob,
 * not from the network nor the service worker's caches.
 *
 * `precachePlan()` is the one entry point writers use: the visit pack calls it, and the map
 * calls it whenever it opens online. The image is downloaded only when its name changed (names
 * are random and never reused, so a stored copy is never stale).
 */

import type { Bounds } from '../../domain/geo';
import { MAP_MSG } from '../../domain/map-messages';
import { api, request, toApiFailure } from '../api';
import { db } from '../db';
import { ApiFailure } from '../failure';
import { isQuotaError } from '../sync/sync-errors';

export interface PlanMeta {
  image: string;
  bounds: Bounds;
  updatedAt: string;
}

export const PLAN_META_KEY = 'plan';
const planPath = (image: string) => `plano/${image}`;

/** Status of the ApiFailure thrown when the device refuses to store the plan (quota). */
export const STORAGE_FULL_STATUS = 507;
/** Status of the ApiFailure thrown when the device's database failed for another reason. */
const STORAGE_FAILED_STATUS = 500;

function isPlanMeta(value: unknown): value is PlanMeta {
  const v = value as Partial<PlanMeta> | null;
  return Boolean(v && typeof v.image === 'string' && v.bounds && typeof v.updatedAt === 'string');
}

/** The stored plan and its image, or null when the device has none (or only half of it). */
export async function readStoredPlan(): Promise<{ plan: PlanMeta; blob: Blob } | null> {
  const meta = await db.meta.get(PLAN_META_KEY);
  if (!meta || !isPlanMeta(meta.value)) return null;
  const photo = await db.photos.get(planPath(meta.value.image));
  return photo ? { plan: meta.value, blob: photo.blob } : null;
}

/**
 * Fetches the plan and keeps it on the device. Resolves when stored (or when the server has no
 * plan: 404 is not an error). Rejects with ApiFailure: status 0 without signal, the server's
 * status and pt-BR message for an answer, STORAGE_FULL_STATUS when the device is out of space,
 * STORAGE_FAILED_STATUS when its database failed otherwise. Never leaves half a plan stored.
 */
export async function precachePlan(): Promise<void> {
  let plan: PlanMeta;
  try {
    plan = await request<PlanMeta>('mapa/plano', { fallback: MAP_MSG.planLoadError });
  } catch (err) {
    if (err instanceof ApiFailure && err.status === 404) return;
    throw err;
  }
  const path = planPath(plan.image);
  const have = await db.photos.get(path);
  let blob: Blob | null = null;
  if (!have) {
    try {
      blob = await api(`images/${path}`).blob();
    } catch (err) {
      throw await toApiFailure(err, MAP_MSG.planLoadError);
    }
  }
  try {
    await db.transaction('rw', db.photos, db.meta, async () => {
      if (blob) {
        await db.photos.put({
          path,
          blob,
          kind: 'plan',
          bytes: blob.size,
          storedAt: Date.now(),
        });
      }
      // Only one plan is ever kept: an older image goes as soon as the new one is in.
      await db.photos
        .where('kind')
        .equals('plan')
        .and((p) => p.path !== path)
        .delete();
      await db.meta.put({ key: PLAN_META_KEY, value: plan });
    });
  } catch (err) {
    if (isQuotaError(err)) throw new ApiFailure(STORAGE_FULL_STATUS, MAP_MSG.planStoreFull);
    // IndexedDB unavailable (private mode, a broken profile): the map still works online.
    throw new ApiFailure(STORAGE_FAILED_STATUS, MAP_MSG.planStoreError);
  }
}
