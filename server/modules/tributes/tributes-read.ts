/**
 * Reading tributes: one record's list, newest first (created_at DESC, id DESC — a total order,
 * ids break ties within a millisecond), paged two ways that both survive new tributes arriving:
 *  - keyset: `before` = "createdAt_id" of the last item the client has → strictly older items;
 *  - pages:  `page` + `anchor` = id of the newest item of page 1 → offsets counted only among
 *            items at or below the anchor, so tributes posted meanwhile do not shift the pages.
 * A page without an anchor is counted from the newest tribute right now.
 */
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { SEP_MSG } from '../../../src/domain/burial-messages';
import { isId } from '../../../src/domain/ids';
import {
  parseTributeCursor,
  TRIBUTE_LIMITS,
  TRIBUTE_MSG,
  tributeAuthorName,
  tributeCursor,
} from '../../../src/domain/tribute-rules';
import type { TributeItem, TributeList } from '../../../src/domain/tribute-types';
import type { AppContext } from '../../context';
import type { Db } from '../../db/index';
import { comentarios, sepultados, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Db | Tx;

const itemColumns = {
  id: comentarios.id,
  sepultadoId: comentarios.sepultadoId,
  userId: comentarios.userId,
  userDeleted: comentarios.userDeleted,
  texto: comentarios.texto,
  imagem: comentarios.imagem,
  imagemThumb: comentarios.imagemThumb,
  emojis: comentarios.emojis,
  createdAt: comentarios.createdAt,
  autorNome: comentarios.autorNome,
  authorName: users.name,
  authorImage: users.image,
};

function selectItems(db: Reader) {
  return db
    .select(itemColumns)
    .from(comentarios)
    .leftJoin(users, eq(users.id, comentarios.userId))
    .$dynamic();
}

type ItemRow = Awaited<ReturnType<typeof selectItems>>[number];

function toItem(row: ItemRow): TributeItem {
  const hasAuthor = row.userId !== null && row.authorName !== null;
  return {
    _id: row.id,
    id: row.id,
    sepultadoId: row.sepultadoId,
    user: hasAuthor ? row.userId : null,
    // An imported tribute without an account keeps the name the original app stored.
    autor: tributeAuthorName(hasAuthor ? row.authorName : row.autorNome, row.userDeleted),
    autorImage: hasAuthor ? row.authorImage : null,
    texto: row.texto,
    imagem: row.imagem,
    imagemThumb: row.imagemThumb,
    emojis: row.emojis,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One live tribute in the shape lists and POST answer; null when missing or removed. */
export async function loadTribute(db: Reader, id: string): Promise<TributeItem | null> {
  const [row] = await selectItems(db)
    .where(and(eq(comentarios.id, id), isNull(comentarios.deletedAt)))
    .limit(1);
  return row ? toItem(row) : null;
}

/** 404 "Sepultado não encontrado." unless the id names a record that is not deleted. */
export async function assertLiveBurial(db: Reader, id: string): Promise<void> {
  if (!isId(id)) throw notFound(SEP_MSG.notFound);
  const [row] = await db
    .select({ id: sepultados.id })
    .from(sepultados)
    .where(and(eq(sepultados.id, id), isNull(sepultados.deletedAt)))
    .limit(1);
  if (!row) throw notFound(SEP_MSG.notFound);
}

export interface ListQuery {
  page?: number;
  limit?: number;
  before?: string;
  anchor?: string;
}

/** (created_at, id) compared as one key: the row order of the list. */
function olderThan(op: '<' | '<=', at: Date, id: string): SQL {
  const key = sql`(${comentarios.createdAt}, ${comentarios.id})`;
  return sql`${key} ${sql.raw(op)} (${at.toISOString()}::timestamptz, ${id}::text)`;
}

async function anchorOf(ctx: AppContext, sepultadoId: string, anchor: string): Promise<SQL> {
  const bad = () => badRequest(TRIBUTE_MSG.anchorInvalid, 'anchor');
  if (!isId(anchor)) throw bad();
  // Tombstones count: the anchor stays valid after its tribute is removed.
  const [row] = await ctx.database.db
    .select({ createdAt: comentarios.createdAt })
    .from(comentarios)
    .where(and(eq(comentarios.id, anchor), eq(comentarios.sepultadoId, sepultadoId)))
    .limit(1);
  if (!row) throw bad();
  return olderThan('<=', row.createdAt, anchor);
}

export async function listTributes(
  ctx: AppContext,
  sepultadoId: string,
  query: ListQuery,
): Promise<TributeList> {
  const { db } = ctx.database;
  await assertLiveBurial(db, sepultadoId);
  const limit = Math.min(query.limit ?? TRIBUTE_LIMITS.pageDefault, TRIBUTE_LIMITS.pageMax);
  const page = query.page ?? 1;

  const conditions: SQL[] = [];
  if (query.before !== undefined) {
    if (page > 1) throw badRequest(TRIBUTE_MSG.pageWithCursor, 'before');
    const cursor = parseTributeCursor(query.before);
    if (!cursor) throw badRequest(TRIBUTE_MSG.cursorInvalid, 'before');
    conditions.push(olderThan('<', cursor.createdAt, cursor.id));
  }
  if (query.anchor !== undefined) conditions.push(await anchorOf(ctx, sepultadoId, query.anchor));

  const live = and(eq(comentarios.sepultadoId, sepultadoId), isNull(comentarios.deletedAt));
  const rows = await selectItems(db)
    .where(and(live, ...conditions))
    .orderBy(desc(comentarios.createdAt), desc(comentarios.id))
    .limit(limit + 1)
    .offset((page - 1) * limit);
  const [totals] = await db.select({ n: count() }).from(comentarios).where(live);

  const hasMore = rows.length > limit;
  const items = rows.slice(0, limit).map(toItem);
  const last = items.at(-1);
  const unanchoredFirstPage = query.anchor === undefined && query.before === undefined;
  return {
    items,
    hasMore,
    total: totals?.n ?? 0,
    nextCursor: hasMore && last ? tributeCursor(last) : null,
    anchor: query.anchor ?? (unanchoredFirstPage && page === 1 ? (items[0]?._id ?? null) : null),
  };
}
