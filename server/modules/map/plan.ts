/**
 * A cemetery's plan: one image with the geographic corners it covers, stored in the table
 * cemiterio_planos (migration 0010, one per cemetery) and as a file under DATA_DIR/images/plano
 * through the shared image pipeline (sniffed, re-encoded, EXIF dropped), larger than a photo.
 * /api/cemiterios/:id/plano names the cemetery; the older /api/mapa/plano means the first one
 * (the oldest: the only one in a one-cemetery city), so nothing written for it breaks.
 *
 * An update may carry a new image, new corners, or both; the corners left out keep their stored
 * values. The old image file is removed only after the row points at the new one, so a failed
 * write never leaves the plan without its picture (and a failed write removes the new file).
 */
import type { Static } from 'typebox';
import { type Bounds, validateBounds } from '../../../src/domain/geo';
import { MAP_MSG } from '../../../src/domain/map-messages';
import type { PlanSchema } from '../../../src/domain/schemas/map';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/http-error';
import { PLAN_MAX_SIDE, removeImage, storeImage } from '../../lib/images';

/** The plan as the API answers it (src/domain/schemas/map.ts). */
type CemeteryPlan = Static<typeof PlanSchema>;

export interface PlanRow {
  image: string;
  south: number;
  west: number;
  north: number;
  east: number;
  updated_at: Date | string;
}

export function toPlan(row: PlanRow): CemeteryPlan {
  return {
    image: row.image,
    bounds: {
      south: Number(row.south),
      west: Number(row.west),
      north: Number(row.north),
      east: Number(row.east),
    },
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The first cemetery (the oldest), where the plan of /api/mapa/plano belongs. */
const FIRST_CEMETERY = '(SELECT id FROM cemiterios ORDER BY created_at, id LIMIT 1)';

/** The plan of that cemetery, or of the first one when `cemeteryId` is null. */
export async function getPlan(
  ctx: AppContext,
  cemeteryId: string | null = null,
): Promise<CemeteryPlan | null> {
  const [row] = await ctx.database.sql.query<PlanRow>(
    `SELECT image, south, west, north, east, p.updated_at FROM cemiterio_planos p
     WHERE cemiterio_id = ${cemeteryId === null ? FIRST_CEMETERY : '$1'}`,
    cemeteryId === null ? [] : [cemeteryId],
  );
  return row ? toPlan(row) : null;
}

interface PlanUpdate {
  /** The uploaded plan image, when one was sent. */
  image: Buffer | null;
  bounds: Partial<Bounds>;
}

/** The corners an update leaves the plan with, or a 400 naming the first bad one. */
function mergedBounds(current: CemeteryPlan | null, update: PlanUpdate): Bounds {
  if (!current && !update.image) throw badRequest(MAP_MSG.planImageRequired, 'imagem');
  const bounds = { ...current?.bounds, ...update.bounds };
  const problem = validateBounds(bounds);
  if (problem) throw badRequest(problem.message, problem.field);
  return bounds as Bounds;
}

/** The first cemetery's id, made ('Cemitério municipal') when there is none yet (0010). */
export async function firstCemeteryId(ctx: AppContext): Promise<string> {
  const [row] = await ctx.database.sql.query<{ id: string }>(
    'SELECT cemiterio_for_name(NULL) AS id',
  );
  if (!row) throw new Error('cemiterio_for_name returned no row');
  return row.id;
}

/**
 * Creates or updates the plan of an existing cemetery (the first one when `cemetery` is null); 400 (pt-BR, with the field) for a missing image or bad corners,
 * checked before the image is decoded. The read-merge-write runs under a per-process lock so two
 * admins saving at once cannot leave an orphaned image file behind.
 */
export async function savePlan(
  ctx: AppContext,
  update: PlanUpdate,
  cemetery: string | null = null,
): Promise<CemeteryPlan> {
  const cemeteryId = cemetery ?? (await firstCemeteryId(ctx));
  mergedBounds(await getPlan(ctx, cemeteryId), update);
  const stored = update.image
    ? await storeImage(ctx, 'plano', update.image, { maxSide: PLAN_MAX_SIDE })
    : null;
  try {
    return await ctx.keyLock.run(`cemetery-plan:${cemeteryId}`, async () => {
      const current = await getPlan(ctx, cemeteryId);
      const bounds = mergedBounds(current, update);
      const image = stored?.file ?? current?.image ?? '';
      // A transaction, as every audited write: it carries the request's author.
      const [row] = await ctx.database.sql.transaction((tx) =>
        tx.query<PlanRow>(
          `INSERT INTO cemiterio_planos (cemiterio_id, image, south, west, north, east, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, now())
           ON CONFLICT (cemiterio_id) DO UPDATE SET image = EXCLUDED.image,
             south = EXCLUDED.south, west = EXCLUDED.west, north = EXCLUDED.north,
             east = EXCLUDED.east, updated_at = now()
           RETURNING image, south, west, north, east, updated_at`,
          [cemeteryId, image, bounds.south, bounds.west, bounds.north, bounds.east],
        ),
      );
      if (!row) throw new Error('cemiterio_planos upsert returned no row');
      if (stored && current && current.image !== stored.file) {
        await removeImage(ctx, 'plano', current.image);
      }
      return toPlan(row);
    });
  } catch (err) {
    if (stored) await removeImage(ctx, 'plano', stored.file);
    throw err;
  }
}
