/**
 * The crew's writes on one order: tick a milestone, comment, add a photo, conclude. Each may be
 * re-sent by the phone's outbox, so each applies once:
 *  - a tick sets the milestone only while it is not done (UPDATE … WHERE feito_em IS NULL: of
 *    two phones, the second waits for the first's row lock and then finds it done), so the first
 *    time and author stay and both phones get the same order back;
 *  - comments and photos carry an Idempotency-Key, unique per author in their table
 *    (server/lib/idempotency.ts: the same key with the same content answers the first result);
 *  - a conclusion re-sent after it applied answers the concluded order.
 * A cancelled or concluded order refuses field work with a 409 and the order as it is now.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { newId } from '../../../src/domain/ids';
import {
  type DestinationKind,
  needsDestination,
  ORDER_LIMITS,
  ORDER_MSG,
} from '../../../src/domain/work-order-rules';
import type {
  CommentCreate,
  Conclude,
  MilestoneTick,
  Order,
} from '../../../src/domain/work-order-types';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, forbidden, notFound, unprocessable } from '../../lib/http-error';
import { keyReused, withIdempotencyKey } from '../../lib/idempotency';
import { removeImage, storeImage } from '../../lib/images';
import type { Tx } from '../burials/public';
import { txRows } from '../graves/public';
import {
  destinationLabel,
  getOrder,
  type OrderHead,
  PLACE_COLUMNS,
  PLACE_FROM,
  type PlaceRow,
  placeLabel,
} from './orders-read';
import { deviceInstant } from './orders-time';
import { bumpState, conflictWith, refuseIfClosed } from './orders-write';
import { requestDoneWithPhoto } from './requests';

export interface Replayable {
  order: Order;
  replayed: boolean;
}

export async function tickMilestone(
  ctx: AppContext,
  user: UserRow,
  order: OrderHead,
  marcoId: string,
  tick: MilestoneTick,
  madeAt: unknown,
): Promise<Order> {
  const undo = tick.feito === false;
  if (undo && user.role !== 'admin') throw forbidden(ORDER_MSG.untickForbidden);
  await refuseIfClosed(ctx, order);
  const at = deviceInstant(tick.feitoEm ?? madeAt);
  const found = await ctx.database.db.transaction(async (tx) => {
    // The order's row first: a cancellation committed meanwhile is seen, and two ticks of one
    // order queue here instead of meeting in the state change below.
    const [o] = await txRows<{ situacao: string }>(
      tx,
      sql`SELECT situacao FROM ordens WHERE id = ${order.id} FOR UPDATE`,
    );
    if (o?.situacao === 'cancelada' || o?.situacao === 'concluida') return o.situacao;
    const [m] = await txRows<{ id: string }>(
      tx,
      sql`SELECT id FROM ordem_marcos WHERE id = ${marcoId} AND ordem_id = ${order.id}`,
    );
    if (!m) return false;
    if (undo) {
      await tx.execute(sql`UPDATE ordem_marcos SET feito_em = NULL, feito_por = NULL,
        feito_por_nome = NULL, recebido_em = NULL WHERE id = ${marcoId}`);
      return true;
    }
    const done = await txRows<{ id: string }>(
      tx,
      sql`UPDATE ordem_marcos SET feito_em = ${at.toISOString()}::timestamptz,
          feito_por = ${user.id}, feito_por_nome = ${user.name}, recebido_em = now()
        WHERE id = ${marcoId} AND feito_em IS NULL RETURNING id`,
    );
    if (done.length > 0) await bumpState(tx, order.id, 'aberta', 'em andamento');
    return true;
  });
  if (found === 'cancelada') await conflictWith(ctx, order.id, ORDER_MSG.cancelled);
  if (found === 'concluida') await conflictWith(ctx, order.id, ORDER_MSG.closed);
  if (!found) throw notFound(ORDER_MSG.marcoNotFound);
  return getOrder(ctx, order.id);
}

/** Whether a stored queued write matches the one re-sent with its key; else the key's 422. */
function replayOrRefuse(same: boolean): void {
  if (!same) throw keyReused(ORDER_MSG.keyReused, 'idempotencyKey');
}

export async function addComment(
  ctx: AppContext,
  user: UserRow,
  order: OrderHead,
  input: CommentCreate,
  key: string | null,
  madeAt: unknown,
): Promise<Replayable> {
  const texto = input.texto.trim();
  if (!texto) throw badRequest(ORDER_MSG.comentarioRequired, 'texto');
  return withIdempotencyKey(ctx, 'order', user.id, key && `c\n${key}`, async () => {
    const prior = async () => {
      if (key === null) return null;
      const [row] = await ctx.database.sql.query<{ ordem_id: string; texto: string }>(
        'SELECT ordem_id, texto FROM ordem_comentarios WHERE user_id = $1 AND idempotency_key = $2',
        [user.id, key],
      );
      if (!row) return null;
      replayOrRefuse(row.ordem_id === order.id && row.texto === texto);
      return { order: await getOrder(ctx, order.id), replayed: true };
    };
    const earlier = await prior();
    if (earlier) return earlier;
    await refuseIfClosed(ctx, order);
    const at = deviceInstant(input.feitoEm ?? madeAt);
    const inserted = await ctx.database.db.transaction((tx) =>
      txRows(
        tx,
        sql`INSERT INTO ordem_comentarios (id, ordem_id, user_id, autor_nome, texto, feito_em,
            idempotency_key)
          VALUES (${newId()}, ${order.id}, ${user.id}, ${user.name}, ${texto},
            ${at.toISOString()}::timestamptz, ${key})
          ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
      ),
    );
    if (inserted.length === 0) {
      const again = await prior();
      if (again) return again;
    }
    return { order: await getOrder(ctx, order.id), replayed: false };
  });
}

export interface PhotoInput {
  bytes: Buffer | null;
  tiradaEm?: string | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
}

export async function addPhoto(
  ctx: AppContext,
  user: UserRow,
  order: OrderHead,
  input: PhotoInput,
  key: string | null,
  madeAt: unknown,
): Promise<Replayable> {
  const bytes = input.bytes;
  if (!bytes) throw badRequest(ORDER_MSG.photoRequired, 'photo');
  const conteudo = crypto.createHash('sha256').update(bytes).digest('hex');
  return withIdempotencyKey(ctx, 'order', user.id, key && `f\n${key}`, async () => {
    const prior = async () => {
      if (key === null) return null;
      const [row] = await ctx.database.sql.query<{ ordem_id: string; conteudo: string }>(
        'SELECT ordem_id, conteudo FROM ordem_fotos WHERE user_id = $1 AND idempotency_key = $2',
        [user.id, key],
      );
      if (!row) return null;
      replayOrRefuse(row.ordem_id === order.id && row.conteudo === conteudo);
      return { order: await getOrder(ctx, order.id), replayed: true };
    };
    const earlier = await prior();
    if (earlier) return earlier;
    await refuseIfClosed(ctx, order);
    const [count] = await ctx.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ordem_fotos WHERE ordem_id = $1',
      [order.id],
    );
    if (Number(count?.n ?? 0) >= ORDER_LIMITS.fotos) {
      throw unprocessable(ORDER_MSG.photosLimit, 'photo');
    }
    const hasPosition = input.latitude !== undefined && input.longitude !== undefined;
    const stored = await storeImage(ctx, 'ordens', bytes);
    const takenAt = deviceInstant(input.tiradaEm ?? madeAt);
    let inserted: unknown[];
    try {
      inserted = await ctx.database.db.transaction((tx) =>
        txRows(
          tx,
          sql`INSERT INTO ordem_fotos (id, ordem_id, user_id, autor_nome, file, thumb, tirada_em,
              latitude, longitude, idempotency_key, conteudo)
            VALUES (${newId()}, ${order.id}, ${user.id}, ${user.name}, ${stored.file},
              ${stored.thumb}, ${takenAt.toISOString()}::timestamptz,
              ${hasPosition ? (input.latitude ?? null) : null},
              ${hasPosition ? (input.longitude ?? null) : null}, ${key}, ${conteudo})
            ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
        ),
      );
    } catch (err) {
      await removeImage(ctx, 'ordens', stored.file);
      throw err;
    }
    if (inserted.length === 0) {
      await removeImage(ctx, 'ordens', stored.file);
      const again = await prior();
      if (again) return again;
    }
    return { order: await getOrder(ctx, order.id), replayed: false };
  });
}

interface ResolvedDestination {
  tipo: DestinationKind;
  sepulturaId: string | null;
  descricao: string | null;
  label: string;
}

async function graveFor(tx: Tx, id: string): Promise<PlaceRow | undefined> {
  const [g] = await txRows<PlaceRow>(
    tx,
    sql`SELECT ${sql.raw(PLACE_COLUMNS)} FROM ${sql.raw(PLACE_FROM)} WHERE g.id = ${id}`,
  );
  return g;
}

/** Checks a destination (422 under `destino` with the words of each case). */
async function resolveDestination(
  tx: Tx,
  destino: NonNullable<Conclude['destino']>,
  from: string | null,
): Promise<ResolvedDestination> {
  const descricao = destino.descricao?.trim() || null;
  if (destino.tipo === 'ossuario' || destino.tipo === 'sepultura') {
    const id = destino.sepulturaId;
    const g = id ? await graveFor(tx, id) : undefined;
    if (!id || !g || id === from) {
      throw unprocessable(ORDER_MSG.destinationGraveNotFound, 'destino');
    }
    if (destino.tipo === 'ossuario' && g.tipo !== 'Nicho de ossuário') {
      throw unprocessable(ORDER_MSG.destinationNotOssuary, 'destino');
    }
    return { tipo: destino.tipo, sepulturaId: id, descricao, label: placeLabel(g) };
  }
  if (destino.tipo === 'outro-cemiterio' && !descricao) {
    throw unprocessable(ORDER_MSG.destinationNameRequired, 'destino');
  }
  return {
    tipo: destino.tipo,
    sepulturaId: null,
    descricao,
    label: destinationLabel(destino.tipo, descricao, null),
  };
}

/** Where the record's remains are before this move: their last custody place, or its grave. */
async function whereNow(
  tx: Tx,
  sepultadoId: string,
): Promise<{ sepulturaId: string | null; label: string }> {
  const [moved] = await txRows<{ sepultura_id: string | null; descricao: string }>(
    tx,
    sql`SELECT sepultura_id, descricao FROM sepultado_restos WHERE sepultado_id = ${sepultadoId}
      FOR UPDATE`,
  );
  if (moved) return { sepulturaId: moved.sepultura_id, label: moved.descricao };
  const [g] = await txRows<PlaceRow & { id: string | null }>(
    tx,
    sql`SELECT g.id, ${sql.raw(PLACE_COLUMNS)} FROM sepultados s
      JOIN ${sql.raw(PLACE_FROM)} ON g.id = s.sepultura_id WHERE s.id = ${sepultadoId}`,
  );
  return g ? { sepulturaId: g.id, label: placeLabel(g) } : { sepulturaId: null, label: '—' };
}

/**
 * Concludes an order. Remains-moving kinds need a destination; their custody step and the
 * record's current place are written in the conclusion's transaction, so no remains are ever
 * out of a grave without a recorded destination. A request the order came from is concluded
 * with it (and a photo request's person gets the photo by e-mail).
 */
export async function concludeOrder(
  ctx: AppContext,
  user: UserRow,
  order: OrderHead,
  input: Conclude,
  madeAt: unknown,
): Promise<Order> {
  if (order.situacao === 'concluida') return getOrder(ctx, order.id);
  await refuseIfClosed(ctx, order);
  const moving = needsDestination(order.tipo);
  if (moving && !input.destino) throw unprocessable(ORDER_MSG.destinationRequired, 'destino');
  const at = deviceInstant(input.feitoEm ?? madeAt);
  const observacoes =
    input.observacoes === undefined ? undefined : input.observacoes?.trim() || null;
  const outcome = await ctx.database.db.transaction(async (tx) => {
    const [row] = await txRows<{ situacao: string; version: number; sepultado_id: string | null }>(
      tx,
      sql`SELECT situacao, version, sepultado_id FROM ordens WHERE id = ${order.id} FOR UPDATE`,
    );
    if (!row) throw notFound(ORDER_MSG.notFound);
    if (row.situacao === 'concluida') return 'already';
    if (row.situacao === 'cancelada') return 'cancelled';
    // `version` is not compared: concluding is no field both sides edit, an older base is fine.
    let destination: ResolvedDestination | null = null;
    let from: { sepulturaId: string | null; label: string } | null = null;
    if (moving && input.destino) {
      if (!row.sepultado_id) throw unprocessable(ORDER_MSG.remainsNeedRecord, 'sepultadoId');
      from = await whereNow(tx, row.sepultado_id);
      destination = await resolveDestination(tx, input.destino, from.sepulturaId);
    }
    const version = Number(row.version) + 1;
    const changes: Record<string, [unknown, unknown]> = { situacao: [row.situacao, 'concluida'] };
    await tx.execute(sql`UPDATE ordens SET situacao = 'concluida',
        concluida_em = ${at.toISOString()}::timestamptz, concluida_por = ${user.id},
        destino_tipo = ${destination?.tipo ?? null},
        destino_sepultura_id = ${destination?.sepulturaId ?? null},
        destino_descricao = ${destination?.descricao ?? null},
        observacoes = ${observacoes === undefined ? sql`observacoes` : observacoes},
        version = ${version}, updated_at = now()
      WHERE id = ${order.id}`);
    await tx.execute(sql`INSERT INTO ordem_versoes (ordem_id, version, changes)
      VALUES (${order.id}, ${version}, ${JSON.stringify(changes)}::jsonb)`);
    if (destination && from && row.sepultado_id) {
      const passo = newId();
      await tx.execute(sql`INSERT INTO custodia_passos (id, sepultado_id, ordem_id, em,
          de_sepultura_id, de_descricao, destino_tipo, destino_sepultura_id, destino_descricao,
          para_descricao, por, por_nome)
        VALUES (${passo}, ${row.sepultado_id}, ${order.id}, ${at.toISOString()}::timestamptz,
          ${from.sepulturaId}, ${from.label}, ${destination.tipo}, ${destination.sepulturaId},
          ${destination.descricao}, ${destination.label}, ${user.id}, ${user.name})`);
      await tx.execute(sql`INSERT INTO sepultado_restos (sepultado_id, destino_tipo, sepultura_id,
          descricao, passo_id)
        VALUES (${row.sepultado_id}, ${destination.tipo}, ${destination.sepulturaId},
          ${destination.label}, ${passo})
        ON CONFLICT (sepultado_id) DO UPDATE SET destino_tipo = EXCLUDED.destino_tipo,
          sepultura_id = EXCLUDED.sepultura_id, descricao = EXCLUDED.descricao,
          passo_id = EXCLUDED.passo_id, updated_at = now()`);
    }
    return requestDoneWithPhoto(tx, order.id);
  });
  if (outcome === 'cancelled') await conflictWith(ctx, order.id, ORDER_MSG.cancelled);
  if (outcome && typeof outcome === 'object') outcome.notify(ctx);
  return getOrder(ctx, order.id);
}
