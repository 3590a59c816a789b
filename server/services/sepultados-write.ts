/**
 * Writes of the burial register: create, edit, soft delete. The form rules come from
 * src/domain (the browser runs the same ones); photos go through the image pipeline and are
 * all checked before anything is written; every database change of one request is one
 * transaction, and files are removed only after that transaction committed. version,
 * updated_at and change_seq are stamped by the database trigger (migration 0002).
 */
import { and, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import { newId } from '../../src/domain/ids';
import { SEP_MSG } from '../../src/domain/sepultado-messages';
import {
  checkDateOrder,
  firstSepultadoError,
  normalizeSepultado,
  type SepultadoValues,
  validateSepultado,
} from '../../src/domain/sepultado-rules';
import type { SepultadoRecord } from '../../src/domain/sepultado-types';
import { UPLOAD_LIMITS } from '../../src/domain/upload-rules';
import type { AppContext } from '../context';
import type { Db } from '../db/index';
import { sepultadoConcessionarios, sepultadoFotos, sepultados, type UserRow } from '../db/schema';
import { HttpError, notFound, unprocessable } from '../http-error';
import { deleteTributesOf } from './comentarios-write';
import { removeImages, type StoredImage, storeImages } from './images';
import type { SepultadoRequest } from './sepultado-input';
import { findSepultado, forgetCached, getSepultado } from './sepultados-read';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Thrown inside a transaction to roll it back, answered after the cleanup. */
class StaleVersion extends Error {}

/** 409 carrying the record as it is now, so the editor can show what changed (route answers). */
export class StaleRecordError extends HttpError {
  constructor(public readonly current: SepultadoRecord) {
    super(409, SEP_MSG.staleVersion);
  }
}

function assertValid(errors: ReturnType<typeof validateSepultado>) {
  const problem = firstSepultadoError(errors);
  if (problem) throw unprocessable(problem.message, problem.field);
}

function tooManyPhotos(): HttpError {
  const max = UPLOAD_LIMITS.maxPhotosPerRecord;
  return unprocessable(SEP_MSG.tooManyPhotos(max), 'images');
}

async function insertPhotos(tx: Tx, sepultadoId: string, first: number, photos: StoredImage[]) {
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

export async function createSepultado(
  ctx: AppContext,
  user: UserRow,
  req: SepultadoRequest,
): Promise<SepultadoRecord> {
  assertValid(validateSepultado(req.input));
  if (req.files.length > UPLOAD_LIMITS.maxPhotosPerRecord) throw tooManyPhotos();
  const values = normalizeSepultado(req.input) as SepultadoValues;
  const photos = await storeImages(ctx, 'sepultados', req.files);
  const id = newId();
  try {
    await ctx.database.db.transaction(async (tx) => {
      await tx.insert(sepultados).values({ ...values, id, createdBy: user.id });
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
  forgetCached(ctx, id);
  return getSepultado(ctx, id, user);
}

/**
 * An edit: only the fields sent change (empty clears an optional one), new photos go after the
 * existing ones, a photo goes only when named in removeImages. With a version, a record changed
 * meanwhile answers 409 with the current record instead of being overwritten.
 */
export async function updateSepultado(
  ctx: AppContext,
  user: UserRow,
  current: SepultadoRecord,
  req: SepultadoRequest,
): Promise<SepultadoRecord> {
  const staleAnswer = async () => {
    // Fresh, not cached: the point is to show what the other person saved.
    forgetCached(ctx, current.id);
    return new StaleRecordError(await getSepultado(ctx, current.id, user));
  };
  if (req.version !== null && req.version !== current.version) throw await staleAnswer();

  assertValid(validateSepultado(req.input, { partial: true }));
  const changes = normalizeSepultado(req.input);
  // Dates are checked against each other on the record as it will be after the edit.
  const order = checkDateOrder(
    changes.dtNasc !== undefined ? changes.dtNasc : current.dtNasc,
    changes.dtFal !== undefined ? changes.dtFal : current.dtFal,
  );
  if (order) throw unprocessable(order, 'dtNasc');

  const removing = current.images.filter((f) => req.removeImages.includes(f));
  const kept = current.images.length - removing.length;
  if (kept + req.files.length > UPLOAD_LIMITS.maxPhotosPerRecord) throw tooManyPhotos();
  if (Object.keys(changes).length === 0 && removing.length === 0 && req.files.length === 0) {
    return getSepultado(ctx, current.id, user);
  }

  const added = await storeImages(ctx, 'sepultados', req.files);
  let removedFiles: string[] = [];
  try {
    await ctx.database.db.transaction(async (tx) => {
      const guard = [eq(sepultados.id, current.id), isNull(sepultados.deletedAt)];
      if (req.version !== null) guard.push(eq(sepultados.version, req.version));
      // Updating the row first also locks it: concurrent edits of one record queue here.
      const updated = await tx
        .update(sepultados)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(...guard))
        .returning({ id: sepultados.id });
      if (updated.length === 0) throw new StaleVersion();
      if (removing.length > 0) {
        const gone = await tx
          .delete(sepultadoFotos)
          .where(
            and(eq(sepultadoFotos.sepultadoId, current.id), inArray(sepultadoFotos.file, removing)),
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
    });
  } catch (err) {
    await removeImages(
      ctx,
      'sepultados',
      added.map((p) => p.file),
    );
    if (err instanceof StaleVersion) {
      if (!(await findSepultado(ctx, current.id))) throw notFound(SEP_MSG.notFound);
      throw await staleAnswer();
    }
    throw err;
  }
  forgetCached(ctx, current.id);
  await removeImages(ctx, 'sepultados', removedFiles);
  return getSepultado(ctx, current.id, user);
}

/**
 * Soft delete: the row stays as a tombstone (deleted_at, a new change_seq) for the offline
 * sync; its photos, files, assignments and tributes go.
 */
export async function deleteSepultado(ctx: AppContext, id: string): Promise<void> {
  const { files, tributeFiles } = await ctx.database.db.transaction(async (tx) => {
    const marked = await tx
      .update(sepultados)
      .set({ deletedAt: new Date() })
      .where(and(eq(sepultados.id, id), isNull(sepultados.deletedAt)))
      .returning({ id: sepultados.id });
    if (marked.length === 0) throw notFound(SEP_MSG.notFound);
    const photos = await tx
      .delete(sepultadoFotos)
      .where(eq(sepultadoFotos.sepultadoId, id))
      .returning({ file: sepultadoFotos.file });
    await tx.delete(sepultadoConcessionarios).where(eq(sepultadoConcessionarios.sepultadoId, id));
    // Its tributes go with it (soft, scrubbed); their photo files only after the commit.
    const tributeFiles = await deleteTributesOf(ctx, id, tx);
    return { files: photos.map((p) => p.file), tributeFiles };
  });
  forgetCached(ctx, id);
  await removeImages(ctx, 'sepultados', files);
  await removeImages(ctx, 'comentarios', tributeFiles);
}
