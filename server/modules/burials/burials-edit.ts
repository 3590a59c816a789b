/**
 * Editing a burial record (PATCH /api/sepultados/:id). Only the fields sent change (empty
 * clears an optional one), new photos go after the existing ones, a photo goes only when named
 * in removeImages (one already gone is ignored).
 *
 * Conflicts: an edit may carry the version it started from. Inside the transaction
 * the record is locked and, when it moved on since that version, the edit is merged field by
 * field with what happened meanwhile (burials-merge.ts, history of migration 0006): the
 * fields nobody else changed apply; if any field was changed on both sides to different values
 * the whole edit is refused (EditConflictError → 409) and nothing is applied — all or nothing,
 * so the review screen shows one consistent picture and the person's choices go in one edit.
 *
 * With an idempotency key, the key row is written in the same transaction as the edit, so an
 * edit and its key commit together (burials-edit-idempotency.ts answers replays).
 */
import { and, asc, eq, gt, inArray, isNull, max, sql } from 'drizzle-orm';
import { SEP_MSG } from '../../../src/domain/burial-messages';
import {
  type BurialValues,
  checkDateOrder,
  normalizeBurial,
  validateBurial,
} from '../../../src/domain/burial-rules';
import type { BurialRecord } from '../../../src/domain/burial-types';
import type { FieldConflict } from '../../../src/domain/sync-types';
import { UPLOAD_LIMITS } from '../../../src/domain/upload-rules';
import type { AppContext } from '../../context';
import {
  editIdempotency,
  sepultadoFotos,
  sepultados,
  sepultadoVersions,
  type UserRow,
} from '../../db/schema';
import { notFound, unprocessable } from '../../lib/http-error';
import { removeImages, storeImages } from '../../lib/images';
import { countsChanged } from '../cemeteries/public';
import type { BurialRequest } from './burials-input';
import { mergeEdit } from './burials-merge';
import { forgetCached, getBurial } from './burials-read';
import { assertValid, insertPhotos, type Tx, tooManyPhotos } from './burials-write';

/** Fields changed on both sides; nothing was applied. */
export class EditConflictError extends Error {
  constructor(public readonly conflicts: FieldConflict[]) {
    super(SEP_MSG.editConflict);
  }
}

/** Another process committed an edit with this key first; this one was rolled back. */
export class EditKeyTakenError extends Error {}

interface EditKey {
  userId: string;
  key: string;
  fingerprint: string;
}

/** How long an edit's key is remembered (also the replay window). */
export const EDIT_KEY_TTL = "interval '7 days'";

/** The fields to write: all those sent, or the merge's subset for an edit of an older version. */
async function fieldsToApply(
  tx: Tx,
  id: string,
  req: BurialRequest,
  changes: Partial<BurialValues>,
): Promise<Partial<BurialValues>> {
  // Locks the row: concurrent edits of one record queue here, and the merge sees a stable
  // record. NO KEY UPDATE does not block the key-share locks of inserts referencing it.
  const [locked] = await tx
    .select({
      fields: sql<Record<string, unknown>>`sepultado_fields(${sepultados})`,
      version: sepultados.version,
    })
    .from(sepultados)
    .where(and(eq(sepultados.id, id), isNull(sepultados.deletedAt)))
    .for('no key update');
  if (!locked) throw notFound(SEP_MSG.notFound);

  let apply = changes;
  if (req.version !== null && req.version !== locked.version) {
    const history = await tx
      .select({ version: sepultadoVersions.version, changes: sepultadoVersions.changes })
      .from(sepultadoVersions)
      .where(and(eq(sepultadoVersions.sepultadoId, id), gt(sepultadoVersions.version, req.version)))
      .orderBy(asc(sepultadoVersions.version));
    const merged = mergeEdit({
      base: req.version,
      version: locked.version,
      current: locked.fields,
      history,
      changes,
    });
    if (merged.conflicts.length > 0) throw new EditConflictError(merged.conflicts);
    // The merge returns a subset of `changes`, whose values normalizeBurial produced.
    apply = merged.apply as Partial<BurialValues>;
  }
  // Dates are checked against each other on the record as it will be after the edit.
  const stored = (field: 'dtNasc' | 'dtFal') => {
    const value = apply[field] !== undefined ? apply[field] : locked.fields[field];
    return typeof value === 'string' ? value : null;
  };
  const order = checkDateOrder(stored('dtNasc'), stored('dtFal'));
  if (order) throw unprocessable(order, 'dtNasc');
  return apply;
}

/** Writes the key row; nothing returned means a live row exists (someone else's commit). */
async function claimKey(tx: Tx, sepultadoId: string, key: EditKey): Promise<void> {
  const claimed = await tx
    .insert(editIdempotency)
    .values({ ...key, sepultadoId, status: 200, body: null })
    .onConflictDoUpdate({
      target: [editIdempotency.userId, editIdempotency.key],
      set: {
        sepultadoId,
        fingerprint: key.fingerprint,
        status: 200,
        body: null,
        createdAt: sql`now()`,
      },
      // An expired key is free again.
      setWhere: sql`${editIdempotency.createdAt} < now() - ${sql.raw(EDIT_KEY_TTL)}`,
    })
    .returning({ key: editIdempotency.key });
  if (claimed.length === 0) throw new EditKeyTakenError();
}

export async function updateBurial(
  ctx: AppContext,
  user: UserRow,
  current: BurialRecord,
  req: BurialRequest,
  key: EditKey | null,
): Promise<BurialRecord> {
  assertValid(validateBurial(req.input, { partial: true }));
  const changes = normalizeBurial(req.input);
  // Refused before any photo is decoded when the edit is on the version it read; the check in
  // the transaction is the one that counts.
  if (req.version === null || req.version === current.version) {
    const order = checkDateOrder(
      changes.dtNasc !== undefined ? changes.dtNasc : current.dtNasc,
      changes.dtFal !== undefined ? changes.dtFal : current.dtFal,
    );
    if (order) throw unprocessable(order, 'dtNasc');
  }
  const removing = current.images.filter((f) => req.removeImages.includes(f));
  const kept = current.images.length - removing.length;
  if (kept + req.files.length > UPLOAD_LIMITS.maxPhotosPerRecord) throw tooManyPhotos();
  if (Object.keys(changes).length === 0 && removing.length === 0 && req.files.length === 0) {
    return getBurial(ctx, current.id, user);
  }

  const added = await storeImages(ctx, 'sepultados', req.files);
  let removedFiles: string[] = [];
  try {
    await ctx.database.db.transaction(async (tx) => {
      // Read by the history trigger (changed_by); local to this transaction.
      await tx.execute(sql`SELECT set_config('memorial.user_id', ${user.id}, true)`);
      const apply = await fieldsToApply(tx, current.id, req, changes);
      if (Object.keys(apply).length === 0 && removing.length === 0 && added.length === 0) {
        return; // Everything it asked is already there: no new version.
      }
      await tx
        .update(sepultados)
        .set({ ...apply, updatedAt: new Date() })
        .where(eq(sepultados.id, current.id));
      if (req.removeImages.length > 0) {
        const gone = await tx
          .delete(sepultadoFotos)
          .where(
            and(
              eq(sepultadoFotos.sepultadoId, current.id),
              inArray(sepultadoFotos.file, req.removeImages),
            ),
          )
          .returning({ file: sepultadoFotos.file });
        removedFiles = gone.map((g) => g.file);
      }
      const [{ count, last } = { count: 0, last: null }] = await tx
        .select({ count: sql<number>`count(*)::int`, last: max(sepultadoFotos.position) })
        .from(sepultadoFotos)
        .where(eq(sepultadoFotos.sepultadoId, current.id));
      if (count + added.length > UPLOAD_LIMITS.maxPhotosPerRecord) throw tooManyPhotos();
      await insertPhotos(tx, current.id, (last ?? -1) + 1, added);
      if (key) await claimKey(tx, current.id, key);
    });
  } catch (err) {
    await removeImages(
      ctx,
      'sepultados',
      added.map((p) => p.file),
    );
    throw err;
  }
  await forgetCached(ctx, current.id);
  // The record may have moved to another cemetery (its `cemiterio` name).
  if (changes.cemiterio !== undefined) countsChanged(ctx, null, 0);
  await removeImages(ctx, 'sepultados', removedFiles);
  return getBurial(ctx, current.id, user);
}
