/**
 * The original's photos (public/images/sepultados/ and users/) through Memorial's image
 * pipeline: sniffed, decoded, re-encoded (EXIF and GPS gone), thumbnail and 800 px copy made,
 * stored under new random names. legacy_imagens (0012) remembers which original file became
 * which stored one per owner, so a second run reuses them. A missing or refused file is a
 * report line and the record or account is kept without it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SqlRunner } from '../../db/index';
import { HttpError } from '../../lib/http-error';
import {
  checkImage,
  type ImageContext,
  imagePath,
  removeImage,
  storeImage,
} from '../../lib/images';
import type { ImportReport } from './legacy-report';

type Kind = 'sepultados' | 'users';

interface Mapped {
  nome: string;
  file: string;
  thumb: string;
  width: number;
  height: number;
}

export interface PhotoJob {
  kind: Kind;
  /** The record's or the account's id. */
  ownerId: string;
  names: string[];
}

export interface PhotoOptions {
  ctx: ImageContext;
  imagesDir: string;
  dryRun: boolean;
  report: ImportReport;
}

async function mappings(conn: SqlRunner, kind: Kind, ownerId: string): Promise<Mapped[]> {
  return conn.query<Mapped>(
    'SELECT nome, file, thumb, width, height FROM legacy_imagens WHERE kind = $1 AND owner_id = $2',
    [kind, ownerId],
  );
}

/** One original file → a stored image (or null, with the report line said). */
async function storeOne(
  job: PhotoJob,
  name: string,
  options: PhotoOptions,
): Promise<Omit<Mapped, 'nome'> | null> {
  const collection = job.kind;
  let bytes: Buffer;
  try {
    bytes = await fs.promises.readFile(path.join(options.imagesDir, job.kind, name));
  } catch {
    options.report.add({
      kind: 'foto-ausente',
      collection,
      id: job.ownerId,
      field: job.kind === 'users' ? 'image' : 'images',
      detail: `${job.kind}/${name}`,
      outcome: 'importado',
    });
    options.report.photos.refused += 1;
    return null;
  }
  try {
    if (options.dryRun) {
      await checkImage(bytes);
      options.report.photos.stored += 1;
      return null;
    }
    const stored = await storeImage(options.ctx, job.kind, bytes);
    options.report.photos.stored += 1;
    return stored;
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    options.report.add({
      kind: 'foto-ilegivel',
      collection,
      id: job.ownerId,
      field: job.kind === 'users' ? 'image' : 'images',
      detail: `${job.kind}/${name}: ${err.message}`,
      outcome: 'importado',
    });
    options.report.photos.refused += 1;
    return null;
  }
}

/**
 * Brings one owner's photos in line with the export: new files stored, known ones reused, the
 * ones the export no longer lists removed (their files too). Photos added in Memorial are left
 * alone, after the imported ones.
 */
export async function importPhotos(conn: SqlRunner, job: PhotoJob, options: PhotoOptions) {
  const known = new Map((await mappings(conn, job.kind, job.ownerId)).map((m) => [m.nome, m]));
  // A stored file removed since (the account or the photo deleted in Memorial) is stored anew.
  for (const [nome, m] of known) {
    const stored = imagePath(options.ctx, job.kind, m.file);
    if (stored && fs.existsSync(stored)) continue;
    known.delete(nome);
    if (!options.dryRun) {
      await conn.query(
        'DELETE FROM legacy_imagens WHERE kind = $1 AND owner_id = $2 AND nome = $3',
        [job.kind, job.ownerId, nome],
      );
    }
  }
  const wanted: Mapped[] = [];
  for (const name of job.names) {
    const had = known.get(name);
    if (had) {
      options.report.photos.reused += 1;
      wanted.push(had);
      continue;
    }
    const stored = await storeOne(job, name, options);
    if (!stored) continue;
    wanted.push({ nome: name, ...stored });
    await conn.query(
      `INSERT INTO legacy_imagens (kind, owner_id, nome, file, thumb, width, height)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [job.kind, job.ownerId, name, stored.file, stored.thumb, stored.width, stored.height],
    );
  }
  if (options.dryRun) return;
  const dropped = [...known.values()].filter((m) => !job.names.includes(m.nome));
  if (job.kind === 'users') await linkAvatar(conn, job.ownerId, wanted[0] ?? null);
  else await linkBurialPhotos(conn, job.ownerId, wanted);
  for (const m of dropped) {
    await conn.query('DELETE FROM legacy_imagens WHERE kind = $1 AND owner_id = $2 AND nome = $3', [
      job.kind,
      job.ownerId,
      m.nome,
    ]);
    await removeImage(options.ctx, job.kind, m.file);
  }
}

/** The avatar, unless the person chose another one in Memorial since. */
async function linkAvatar(conn: SqlRunner, userId: string, photo: Mapped | null) {
  await conn.query(
    `UPDATE users SET image = $2, updated_at = now()
     WHERE id = $1 AND image IS DISTINCT FROM $2
       AND (image IS NULL OR image IN (SELECT file FROM legacy_imagens WHERE kind = 'users' AND owner_id = $1))`,
    [userId, photo?.file ?? null],
  );
}

async function linkBurialPhotos(conn: SqlRunner, sepultadoId: string, wanted: Mapped[]) {
  const ours = await conn.query<{ file: string }>(
    `SELECT f.file FROM sepultado_fotos f
     WHERE f.sepultado_id = $1
       AND f.file IN (SELECT file FROM legacy_imagens WHERE kind = 'sepultados' AND owner_id = $1)
     ORDER BY f.position`,
    [sepultadoId],
  );
  const current = ours.map((r) => r.file);
  const files = wanted.map((w) => w.file);
  if (current.length === files.length && current.every((f, i) => f === files[i])) return;
  await conn.query(
    'DELETE FROM sepultado_fotos WHERE sepultado_id = $1 AND file = ANY($2::text[])',
    [sepultadoId, current],
  );
  await conn.query(
    `INSERT INTO sepultado_fotos (id, sepultado_id, position, file, thumb, width, height)
     SELECT substr(md5(k.file), 1, 24), $1,
       (SELECT coalesce(max(position) + 1, 0) FROM sepultado_fotos WHERE sepultado_id = $1) + k.n - 1,
       k.file, k.thumb, k.width, k.height
     FROM unnest($2::text[], $3::text[], $4::int[], $5::int[]) WITH ORDINALITY AS k(file, thumb, width, height, n)`,
    [
      sepultadoId,
      files,
      wanted.map((w) => w.thumb),
      wanted.map((w) => w.width),
      wanted.map((w) => w.height),
    ],
  );
  // A touch (0002): the record takes a new sync position so the phones fetch its photos.
  await conn.query('UPDATE sepultados SET change_seq = -1 WHERE id = $1', [sepultadoId]);
}
