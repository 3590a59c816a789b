/**
 * Idempotent tribute posts (the one rule: server/lib/idempotency.ts). The offline outbox retries
 * a POST whose answer it never saw, so the same (author, key) must publish once and answer the
 * first result every time after.
 *
 * Two layers: in this process, requests with the same key run one after the other (the second
 * then finds the first's row and replays it, without counting against the rate limit or
 * decoding its photo again); across processes sharing a PostgreSQL, the unique constraint
 * (user_id, idempotency_key) and INSERT … ON CONFLICT DO NOTHING decide (tributes-write.ts).
 */
import { and, eq } from 'drizzle-orm';
import { TRIBUTE_MSG } from '../../../src/domain/tribute-rules';
import type { TributeItem } from '../../../src/domain/tribute-types';
import type { AppContext } from '../../context';
import { comentarios } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import { keyReused } from '../../lib/idempotency';
import { loadTribute } from './tributes-read';

/** What a replay must repeat: the tribute as it would be stored. */
interface TributeContent {
  texto: string;
  emojis: string[];
  hasImage: boolean;
}

function sameContent(item: TributeItem, content: TributeContent): boolean {
  return (
    item.texto === content.texto &&
    item.emojis.length === content.emojis.length &&
    item.emojis.every((e, i) => e === content.emojis[i]) &&
    (item.imagem !== null) === content.hasImage
  );
}

/**
 * The first result of this author's key, or null when the key is new. A key reused with other
 * content — another record, another text, emojis or photo presence — is the 422 of every
 * queued write (server/lib/idempotency.ts). A key whose tribute was removed since is a 409: the
 * outbox drops the item.
 */
export async function replayOf(
  ctx: AppContext,
  userId: string,
  key: string,
  sepultadoId: string,
  content: TributeContent,
): Promise<TributeItem | null> {
  const [prior] = await ctx.database.db
    .select({
      id: comentarios.id,
      sepultadoId: comentarios.sepultadoId,
      deletedAt: comentarios.deletedAt,
    })
    .from(comentarios)
    .where(and(eq(comentarios.userId, userId), eq(comentarios.idempotencyKey, key)))
    .limit(1);
  if (!prior) return null;
  const reused = () => keyReused(TRIBUTE_MSG.keyReused, 'idempotencyKey');
  if (prior.sepultadoId !== sepultadoId) throw reused();
  const item = prior.deletedAt === null ? await loadTribute(ctx.database.db, prior.id) : null;
  if (!item) throw conflict(TRIBUTE_MSG.gone);
  if (!sameContent(item, content)) throw reused();
  return item;
}
