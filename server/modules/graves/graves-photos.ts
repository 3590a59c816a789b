/**
 * Condition photos of a grave: dated pictures of how it is kept, by the office or a field
 * worker assigned to a record lying in it. The images go through the upload pipeline (checked by
 * content, re-encoded by sharp) before the rows are written; a refused photo leaves no file.
 */
import type { Static } from 'typebox';
import { parseDate } from '../../../src/domain/burial-dates';
import { GRAVE_LIMITS, GRAVE_MSG } from '../../../src/domain/grave-rules';
import { newId } from '../../../src/domain/ids';
import type { GravePhotoFormSchema, GravePhotoSchema } from '../../../src/domain/schemas/grave';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';
import { removeImages, type StoredImage, storeImages } from '../../lib/images';

type Photo = Static<typeof GravePhotoSchema>;
type PhotoForm = Static<typeof GravePhotoFormSchema>;

interface PhotoRow {
  id: string;
  file: string;
  thumb: string;
  width: number;
  height: number;
  tirada_em: string;
  nota: string | null;
  created_at: string;
}

const COLUMNS = `id, file, thumb, width, height, to_char(tirada_em, 'YYYY-MM-DD') AS tirada_em,
  nota, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

const toPhoto = (r: PhotoRow): Photo => ({
  id: r.id,
  file: r.file,
  thumb: r.thumb,
  width: Number(r.width),
  height: Number(r.height),
  tiradaEm: r.tirada_em,
  nota: r.nota,
  createdAt: r.created_at,
});

export async function gravePhotos(ctx: AppContext, graveId: string): Promise<Photo[]> {
  const rows = await ctx.database.sql.query<PhotoRow>(
    `SELECT ${COLUMNS} FROM sepultura_fotos WHERE sepultura_id = $1
     ORDER BY tirada_em DESC, created_at DESC, id`,
    [graveId],
  );
  return rows.map(toPhoto);
}

/** The day a photo was taken: DD/MM/AAAA or ISO, not in the future; left out: today. */
function takenOn(text: string | undefined, today: string): string {
  if (!text?.trim()) return today;
  const iso = parseDate(text.trim());
  if (!iso || iso > today || iso < '1900-01-01') {
    throw badRequest(GRAVE_MSG.photoDateInvalid, 'tiradaEm');
  }
  return iso;
}

export async function addGravePhotos(
  ctx: AppContext,
  user: UserRow,
  graveId: string,
  form: PhotoForm,
  uploads: Buffer[],
): Promise<Photo[]> {
  if (uploads.length === 0) throw badRequest(GRAVE_MSG.photosRequired, 'fotos');
  if (uploads.length > GRAVE_LIMITS.photos) throw badRequest(GRAVE_MSG.photosRequired, 'fotos');
  const nota = form.nota?.trim() || null;
  if (nota && nota.length > GRAVE_LIMITS.fotoNota) {
    throw badRequest(GRAVE_MSG.photoNoteTooLong, 'nota');
  }
  const [clock] = await ctx.database.sql.query<{ d: string }>(
    `SELECT to_char(current_date, 'YYYY-MM-DD') AS d`,
  );
  const day = takenOn(form.tiradaEm, clock?.d ?? new Date().toISOString().slice(0, 10));
  const stored: StoredImage[] = await storeImages(ctx, 'sepulturas', uploads);
  try {
    await ctx.database.sql.transaction(async (tx) => {
      const [grave] = await tx.query<{ id: string }>(
        'SELECT id FROM sepulturas WHERE id = $1 FOR SHARE',
        [graveId],
      );
      if (!grave) throw notFound(GRAVE_MSG.notFound);
      for (const s of stored) {
        await tx.query(
          `INSERT INTO sepultura_fotos (id, sepultura_id, file, thumb, width, height, tirada_em,
             nota, autor_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [newId(), graveId, s.file, s.thumb, s.width, s.height, day, nota, user.id],
        );
      }
    });
  } catch (err) {
    await removeImages(
      ctx,
      'sepulturas',
      stored.map((s) => s.file),
    );
    throw err;
  }
  return gravePhotos(ctx, graveId);
}

export async function removeGravePhoto(
  ctx: AppContext,
  graveId: string,
  photoId: string,
): Promise<void> {
  const [gone] = await ctx.database.sql.transaction((tx) =>
    tx.query<{ file: string }>(
      'DELETE FROM sepultura_fotos WHERE id = $1 AND sepultura_id = $2 RETURNING file',
      [photoId, graveId],
    ),
  );
  if (!gone) throw notFound(GRAVE_MSG.photoNotFound);
  await removeImages(ctx, 'sepulturas', [gone.file]);
}
