/**
 * Writing tributes: post (validated by the shared rules, rate-limited, idempotent, photo through
 * the shared image pipeline), remove (author or admin), and remove all of a burial record's
 * tributes when the record goes. Removal is soft (see migration 0005); photo files are deleted
 * only after the database change committed, so a rollback never leaves a row without its file.
 */

import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { SEP_MSG } from '../../../src/domain/burial-messages';
import { newId } from '../../../src/domain/ids';
import { can } from '../../../src/domain/permissions';
import {
  checkTribute,
  cleanTributeText,
  isEmoji,
  TRIBUTE_MSG,
} from '../../../src/domain/tribute-rules';
import type { TributeItem } from '../../../src/domain/tribute-types';
import type { AppContext } from '../../context';
import type { Db } from '../../db/index';
import { comentarios, sepultados, type UserRow } from '../../db/schema';
import { conflict, forbidden, notFound, tooMany, unprocessable } from '../../lib/http-error';
import { withIdempotencyKey } from '../../lib/idempotency';
import { removeImage, removeImages, type StoredImage, storeImage } from '../../lib/images';
import type { Limit } from '../../lib/rate-limiter';
import { replayOf } from './tributes-idempotency';
import { assertLiveBurial, loadTribute } from './tributes-read';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const MIN = 60_000;

/**
 * Posting limits. Per author: a family writes a few words, not a stream. Per IP, looser: a
 * funeral's guests may share one phone connection or the cemetery's Wi-Fi.
 */
export const TRIBUTE_RATE_LIMITS = {
  userPerMinute: { max: 5, windowMs: MIN },
  userPerHour: { max: 30, windowMs: 60 * MIN },
  ipPerMinute: { max: 20, windowMs: MIN },
  ipPerHour: { max: 120, windowMs: 60 * MIN },
} satisfies Record<string, Limit>;

async function enforceTributeLimits(ctx: AppContext, userId: string, ip: string): Promise<void> {
  const hits: [string, Limit][] = [
    [`tribute:user:${userId}:m`, TRIBUTE_RATE_LIMITS.userPerMinute],
    [`tribute:user:${userId}:h`, TRIBUTE_RATE_LIMITS.userPerHour],
    [`tribute:ip:${ip}:m`, TRIBUTE_RATE_LIMITS.ipPerMinute],
    [`tribute:ip:${ip}:h`, TRIBUTE_RATE_LIMITS.ipPerHour],
  ];
  for (const [key, limit] of hits) {
    const result = await ctx.limiter.hit(key, limit);
    if (!result.allowed) throw tooMany(TRIBUTE_MSG.tooMany, result.retryAfterSeconds);
  }
}

export interface TributeInput {
  /** As sent; cleaned here with the shared rule. */
  comentario: string | null;
  emojis: unknown[];
  image: Buffer | null;
  /** Client-made 24-hex id: becomes the tribute's id and, without a header, its key. */
  clientId: string | null;
  /** Idempotency-Key header. */
  idempotencyKey: string | null;
}

interface PostResult {
  item: TributeItem;
  /** True when this answers an earlier request with the same key. */
  replayed: boolean;
}

export async function postTribute(
  ctx: AppContext,
  author: UserRow,
  sepultadoId: string,
  input: TributeInput,
  ip: string,
): Promise<PostResult> {
  const key = input.idempotencyKey ?? input.clientId;
  return withIdempotencyKey(ctx, 'tribute', author.id, key, async () => {
    await assertLiveBurial(ctx.database.db, sepultadoId);
    const texto = cleanTributeText(input.comentario);
    const emojis = input.emojis.filter(isEmoji);
    const content = { texto, emojis, hasImage: input.image !== null };
    if (key !== null) {
      const prior = await replayOf(ctx, author.id, key, sepultadoId, content);
      if (prior) return { item: prior, replayed: true };
    }
    const problem = checkTribute(
      { texto, emojis: input.emojis, hasImage: input.image !== null },
      ctx.blockedWords(),
    );
    if (problem) throw unprocessable(problem.message, problem.field);
    // After validation (a refused draft costs nothing), before the photo (decoding does).
    await enforceTributeLimits(ctx, author.id, ip);

    const photo = input.image ? await storeImage(ctx, 'comentarios', input.image) : null;
    let created: TributeItem | null;
    try {
      created = await insertTribute(ctx, {
        id: input.clientId ?? newId(),
        sepultadoId,
        userId: author.id,
        texto,
        emojis,
        photo,
        idempotencyKey: key,
      });
    } catch (err) {
      if (photo) await removeImage(ctx, 'comentarios', photo.file);
      throw err;
    }
    if (created) return { item: created, replayed: false };

    // Lost a race (another process, same key) or the client id is someone else's.
    if (photo) await removeImage(ctx, 'comentarios', photo.file);
    const prior = key === null ? null : await replayOf(ctx, author.id, key, sepultadoId, content);
    if (prior) return { item: prior, replayed: true };
    throw conflict(TRIBUTE_MSG.clientIdTaken, 'clientId');
  });
}

interface NewTribute {
  id: string;
  sepultadoId: string;
  userId: string;
  texto: string;
  emojis: string[];
  photo: StoredImage | null;
  idempotencyKey: string | null;
}

/**
 * A touch (migration 0002: a new change_seq keeps the version): the record takes a new sync
 * position, so the visit packs' delta sync carries its new tribute count. -2, not
 * -1: no search answer shows a tribute count, so held search answers stay (migration 0016).
 */
const COUNT_TOUCH = -2;

async function touchRecord(tx: Tx, sepultadoId: string): Promise<void> {
  await tx.update(sepultados).set({ changeSeq: COUNT_TOUCH }).where(eq(sepultados.id, sepultadoId));
}

/** Inserts unless a unique key clashes (answers null then); 404 if the record went meanwhile. */
async function insertTribute(ctx: AppContext, row: NewTribute): Promise<TributeItem | null> {
  return ctx.database.db.transaction(async (tx) => {
    // FOR NO KEY UPDATE waits for a concurrent deletion of the record and then sees it deleted,
    // so no tribute is added to a record whose tributes were just removed. Not FOR SHARE: the
    // touch below updates the row, and two tributes holding a share lock would deadlock there.
    const [record] = await tx
      .select({ id: sepultados.id })
      .from(sepultados)
      .where(and(eq(sepultados.id, row.sepultadoId), isNull(sepultados.deletedAt)))
      .for('no key update');
    if (!record) throw notFound(SEP_MSG.notFound);
    const inserted = await tx
      .insert(comentarios)
      .values({
        id: row.id,
        sepultadoId: row.sepultadoId,
        userId: row.userId,
        texto: row.texto,
        emojis: row.emojis,
        imagem: row.photo?.file ?? null,
        imagemThumb: row.photo?.thumb ?? null,
        idempotencyKey: row.idempotencyKey,
      })
      .onConflictDoNothing()
      .returning({ id: comentarios.id });
    if (inserted.length === 0) return null;
    await touchRecord(tx, row.sepultadoId);
    return loadTribute(tx, row.id);
  });
}

/** What a removed tribute keeps: its id, record, author, date and key (migration 0005). */
const SCRUBBED = { texto: '', emojis: [] as string[], imagem: null, imagemThumb: null };

/** DELETE …/comentarios/:commentId — the author or an admin; the photo file goes too. */
export async function removeTribute(
  ctx: AppContext,
  user: UserRow,
  sepultadoId: string,
  commentId: string,
): Promise<void> {
  await assertLiveBurial(ctx.database.db, sepultadoId);
  const file = await ctx.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: comentarios.userId, imagem: comentarios.imagem })
      .from(comentarios)
      .where(
        and(
          eq(comentarios.id, commentId),
          eq(comentarios.sepultadoId, sepultadoId),
          isNull(comentarios.deletedAt),
        ),
      )
      .for('update');
    if (!row) throw notFound(TRIBUTE_MSG.notFound);
    if (!can(user, 'tribute:delete', { authorId: row.userId })) {
      throw forbidden(TRIBUTE_MSG.forbiddenDelete);
    }
    await tx
      .update(comentarios)
      .set({ ...SCRUBBED, deletedAt: new Date() })
      .where(eq(comentarios.id, commentId));
    await touchRecord(tx, sepultadoId);
    return row.imagem;
  });
  if (file) await removeImage(ctx, 'comentarios', file);
}

/**
 * Removes every tribute of a burial record (soft, like the record) and answers their photo
 * files. Given the caller's transaction, it only marks the rows: the caller removes the files
 * with removeImages(ctx, 'comentarios', files) after its commit. Without one, it commits on its
 * own and removes the files itself.
 */
export async function deleteTributesOf(
  ctx: AppContext,
  sepultadoId: string,
  tx?: Tx,
): Promise<string[]> {
  if (!tx) {
    const files = await ctx.database.db.transaction((own) =>
      deleteTributesOf(ctx, sepultadoId, own),
    );
    await removeImages(ctx, 'comentarios', files);
    return files;
  }
  const live = and(eq(comentarios.sepultadoId, sepultadoId), isNull(comentarios.deletedAt));
  const photos = await tx
    .select({ file: comentarios.imagem })
    .from(comentarios)
    .where(and(live, isNotNull(comentarios.imagem)))
    .for('update');
  await tx
    .update(comentarios)
    .set({ ...SCRUBBED, deletedAt: new Date() })
    .where(live);
  return photos.flatMap((p) => (p.file ? [p.file] : []));
}
