/**
 * Writes of the burial register: create and soft delete here, edits in burials-edit.ts. The
 * form rules come from src/domain (the browser runs the same ones); photos go through the image
 * pipeline and are all checked before anything is written; every database change of one
 * request is one transaction, and files are removed only after that transaction committed.
 * version, updated_at and change_seq are stamped by the database trigger (migration 0002).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { SEP_MSG } from '../../../src/domain/burial-messages';
import {
  type BurialValues,
  firstBurialError,
  normalizeBurial,
  validateBurial,
} from '../../../src/domain/burial-rules';
import type { BurialRecord } from '../../../src/domain/burial-types';
import { newId } from '../../../src/domain/ids';
import { UPLOAD_LIMITS } from '../../../src/domain/upload-rules';
import type { AppContext } from '../../context';
import type { Db } from '../../db/index';
import {
  sepultadoConcessionarios,
  sepultadoFotos,
  sepultados,
  type UserRow,
} from '../../db/schema';
import { type HttpError, notFound, unprocessable } from '../../lib/http-error';
import { removeImages, type StoredImage, storeImages } from '../../lib/images';
import { countsChanged } from '../cemeteries/public';
import { deleteTributesOf } from '../tributes/public';
import type { BurialRequest } from './burials-input';
import { forgetCached, getBurial } from './burials-read';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function assertValid(errors: ReturnType<typeof validateBurial>) {
  const problem = firstBurialError(errors);
  if (problem) throw unprocessable(problem.message, problem.field);
}

export function tooManyPhotos(): HttpError {
  const max = UPLOAD_LIMITS.maxPhotosPerRecord;
  return unprocessable(SEP_MSG.tooManyPhotos(max), 'images');
}

export async function insertPhotos(
  tx: Tx,
  sepultadoId: string,
  first: number,
  photos: StoredImage[],
) {
  if (photos.length === 0) return;
  await tx.insert(sepultadoFotos).values(
    photos.map((p, i) => ({
      id: newId(),
      sepultadoId,
      position: first + i,
      file: p.file,
      thumb: p.thumb,
      width: p.width,
      height: p.height,
    })),
  );
}

export async function createBurial(
  ctx: AppContext,
  user: UserRow,
  req: BurialRequest,
): Promise<BurialRecord> {
  assertValid(validateBurial(req.input));
  if (req.files.length > UPLOAD_LIMITS.maxPhotosPerRecord) throw tooManyPhotos();
  const values = normalizeBurial(req.input) as BurialValues;
  const photos = await storeImages(ctx, 'sepultados', req.files);
  const id = newId();
  let cemeteryId: string | null = null;
  try {
    await ctx.database.db.transaction(async (tx) => {
      const [made] = await tx
        .insert(sepultados)
        .values({
          ...values,
          id,
          // The cemetery of that name (found after folding, or made; migration 0010).
          cemiterioId: sql`cemiterio_for_name(${values.cemiterio ?? null})`,
          createdBy: user.id,
        })
        .returning({ cemiterioId: sepultados.cemiterioId });
      cemeteryId = made?.cemiterioId ?? null;
      await insertPhotos(tx, id, 0, photos);
    });
  } catch (err) {
    await removeImages(
      ctx,
      'sepultados',
      photos.map((p) => p.file),
    );
    throw err;
  }
  await forgetCached(ctx, id);
  countsChanged(ctx, cemeteryId, +1);
  return getBurial(ctx, id, user);
}

/**
 * Soft delete: the row stays as a tombstone (deleted_at, a new change_seq) for the offline
 * sync; its photos, files, assignments and tributes go.
 */
export async function deleteBurial(ctx: AppContext, id: string): Promise<void> {
  const { files, tributeFiles, cemeteryId } = await ctx.database.db.transaction(async (tx) => {
    const marked = await tx
      .update(sepultados)
      .set({ deletedAt: new Date() })
      .where(and(eq(sepultados.id, id), isNull(sepultados.deletedAt)))
      .returning({ cemiterioId: sepultados.cemiterioId });
    if (marked.length === 0) throw notFound(SEP_MSG.notFound);
    const photos = await tx
      .delete(sepultadoFotos)
      .where(eq(sepultadoFotos.sepultadoId, id))
      .returning({ file: sepultadoFotos.file });
    await tx.delete(sepultadoConcessionarios).where(eq(sepultadoConcessionarios.sepultadoId, id));
    // Its tributes go with it (soft, scrubbed); their photo files only after the commit.
    const tributeFiles = await deleteTributesOf(ctx, id, tx);
    return {
      files: photos.map((p) => p.file),
      tributeFiles,
      cemeteryId: marked[0]?.cemiterioId ?? null,
    };
  });
  await forgetCached(ctx, id);
  countsChanged(ctx, cemeteryId, -1);
  await removeImages(ctx, 'sepultados', files);
  await removeImages(ctx, 'comentarios', tributeFiles);
}
