/**
 * Family requests (pedidos): from a grave's page a logged-in person asks for a photo, a cleaning
 * or a correction. One pending request of a kind per person and grave (409; the partial unique
 * index of 0050 decides a race), at most ORDER_LIMITS.requestsPerDay a day per person in the
 * municipality's day (429; the person's row is locked while counting, so two at once cannot both
 * pass). Text that seems to hold a CPF or a phone (mentionsPersonalData) is kept but read only
 * by the office and its author: the order made from it never carries it to the crew.
 */
import { sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import { GRAVE_MSG } from '../../../src/domain/grave-rules';
import { newId } from '../../../src/domain/ids';
import type { RequestListQuerySchema } from '../../../src/domain/schemas/work-order';
import {
  mentionsPersonalData,
  ORDER_LIMITS,
  ORDER_MSG,
  REQUEST_KIND_LABEL,
  REQUEST_ORDER_KIND,
  type RequestKind,
  type RequestState,
} from '../../../src/domain/work-order-rules';
import type {
  FamilyRequest,
  RequestCreate,
  RequestList,
} from '../../../src/domain/work-order-types';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, notFound, tooMany, unprocessable } from '../../lib/http-error';
import { isUniqueViolation } from '../../lib/pg-error';
import type { Tx } from '../burials/public';
import { txRows } from '../graves/public';
import { iso, PHOTO_COLUMNS, type PlaceRow, photoOf, placeLabel } from './orders-read';
import { nextDay, todayIn, wallNow } from './orders-time';
import { insertOrder } from './orders-write';

interface RequestRow extends Omit<PlaceRow, 'tipo'> {
  grave_tipo: string | null;
  id: string;
  tipo: RequestKind;
  situacao: RequestState;
  sepultura_id: string;
  sepultado_id: string | null;
  texto: string | null;
  user_id: string;
  autor_nome: string;
  motivo_recusa: string | null;
  ordem_id: string | null;
  foto_id: string | null;
  created_at: string;
  updated_at: string;
}

const REQUEST_SELECT = `p.id, p.tipo, p.situacao, p.sepultura_id, p.sepultado_id, p.texto,
  p.user_id, u.name AS autor_nome, p.motivo_recusa, p.ordem_id, p.foto_id,
  ${iso('p.created_at')} AS created_at, ${iso('p.updated_at')} AS updated_at,
  g.tipo AS grave_tipo, g.rua, g.quadra, g.numero, c.nome AS cemiterio
  FROM pedidos p JOIN users u ON u.id = p.user_id JOIN sepulturas g ON g.id = p.sepultura_id
  JOIN cemiterios c ON c.id = g.cemiterio_id`;

async function toRequests(ctx: AppContext, rows: RequestRow[]): Promise<FamilyRequest[]> {
  const photoIds = rows.map((r) => r.foto_id).filter((id): id is string => id !== null);
  const photos = photoIds.length
    ? await ctx.database.sql.query<Parameters<typeof photoOf>[0]>(
        `SELECT ${PHOTO_COLUMNS} FROM ordem_fotos f WHERE f.id = ANY($1::text[])`,
        [photoIds],
      )
    : [];
  const byId = new Map(photos.map((p) => [p.id, photoOf(p)]));
  return rows.map((r) => ({
    id: r.id,
    tipo: r.tipo,
    situacao: r.situacao,
    sepulturaId: r.sepultura_id,
    sepulturaRotulo: placeLabel({ ...r, tipo: r.grave_tipo }),
    sepultadoId: r.sepultado_id,
    texto: r.texto,
    autorNome: r.autor_nome,
    motivoRecusa: r.motivo_recusa,
    ordemId: r.ordem_id,
    foto: r.foto_id ? (byId.get(r.foto_id) ?? null) : null,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

async function getRequest(ctx: AppContext, id: string): Promise<FamilyRequest> {
  const rows = await ctx.database.sql.query<RequestRow>(
    `SELECT ${REQUEST_SELECT} WHERE p.id = $1`,
    [id],
  );
  const [request] = await toRequests(ctx, rows);
  if (!request) throw notFound(ORDER_MSG.requestNotFound);
  return request;
}

/** Seconds until the municipality's next day (the 429's Retry-After). */
function secondsToTomorrow(zone: string): number {
  const now = wallNow(zone);
  const left = Date.parse(`${nextDay(now.slice(0, 10))}T00:00:00Z`) - Date.parse(`${now}:00Z`);
  return Math.max(60, Math.round(left / 1000));
}

export async function createRequest(
  ctx: AppContext,
  user: UserRow,
  sepulturaId: string,
  input: RequestCreate,
): Promise<FamilyRequest> {
  const texto = input.texto?.trim() || null;
  if (input.tipo === 'correcao' && !texto) {
    throw badRequest(ORDER_MSG.requestTextRequired, 'texto');
  }
  const zone = ctx.config.timeZone;
  const today = todayIn(zone);
  const id = newId();
  try {
    await ctx.database.db.transaction(async (tx) => {
      const [g] = await txRows(tx, sql`SELECT 1 FROM sepulturas WHERE id = ${sepulturaId}`);
      if (!g) throw notFound(GRAVE_MSG.notFound);
      if (input.sepultadoId) {
        const [r] = await txRows(
          tx,
          sql`SELECT 1 FROM sepultados WHERE id = ${input.sepultadoId}
            AND sepultura_id = ${sepulturaId} AND deleted_at IS NULL`,
        );
        if (!r) throw unprocessable(ORDER_MSG.requestRecordNotInGrave, 'sepultadoId');
      }
      // One request at a time per person: the count below cannot be passed twice at once.
      await tx.execute(sql`SELECT 1 FROM users WHERE id = ${user.id} FOR UPDATE`);
      const [pending] = await txRows(
        tx,
        sql`SELECT 1 FROM pedidos WHERE user_id = ${user.id} AND sepultura_id = ${sepulturaId}
          AND tipo = ${input.tipo} AND situacao = 'pendente'`,
      );
      if (pending) throw conflict(ORDER_MSG.requestDuplicate, 'tipo');
      const [made] = await txRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM pedidos WHERE user_id = ${user.id}
          AND (created_at AT TIME ZONE ${zone})::date = ${today}::date`,
      );
      if (Number(made?.n ?? 0) >= ORDER_LIMITS.requestsPerDay) {
        throw tooMany(ORDER_MSG.requestLimit, secondsToTomorrow(zone));
      }
      await tx.execute(sql`INSERT INTO pedidos (id, tipo, sepultura_id, sepultado_id, user_id,
          texto, dados_pessoais)
        VALUES (${id}, ${input.tipo}, ${sepulturaId}, ${input.sepultadoId ?? null}, ${user.id},
          ${texto}, ${texto ? mentionsPersonalData(texto) : false})`);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ORDER_MSG.requestDuplicate, 'tipo');
    throw err;
  }
  return getRequest(ctx, id);
}

/** The office: every request; anyone else: their own. */
export async function listRequests(
  ctx: AppContext,
  user: UserRow,
  q: Static<typeof RequestListQuerySchema>,
): Promise<RequestList> {
  const limit = ORDER_LIMITS.pageSize;
  const page = q.page ?? 1;
  const where: string[] = [];
  const params: unknown[] = [];
  if (user.role !== 'admin') {
    params.push(user.id);
    where.push(`p.user_id = $${params.length}`);
  }
  if (q.situacao) {
    params.push(q.situacao);
    where.push(`p.situacao = $${params.length}`);
  }
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [count] = await ctx.database.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pedidos p ${clause}`,
    params,
  );
  const rows = await ctx.database.sql.query<RequestRow>(
    `SELECT ${REQUEST_SELECT} ${clause} ORDER BY p.created_at DESC, p.id DESC
     LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    params,
  );
  const total = Number(count?.n ?? 0);
  return {
    pedidos: await toRequests(ctx, rows),
    page,
    limit,
    total,
    pages: Math.ceil(total / limit),
  };
}

interface Pending {
  tipo: RequestKind;
  sepultura_id: string;
  sepultado_id: string | null;
  texto: string | null;
  dados_pessoais: boolean;
}

async function lockPending(tx: Tx, id: string): Promise<Pending> {
  const [row] = await txRows<Pending & { situacao: RequestState }>(
    tx,
    sql`SELECT tipo, situacao, sepultura_id, sepultado_id, texto, dados_pessoais FROM pedidos
      WHERE id = ${id} FOR UPDATE`,
  );
  if (!row) throw notFound(ORDER_MSG.requestNotFound);
  if (row.situacao !== 'pendente') throw conflict(ORDER_MSG.requestNotPending, 'situacao');
  return row;
}

/** Accepts a request as an order of its kind (REQUEST_ORDER_KIND), in one transaction. */
export async function acceptRequest(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  input: { agendadaPara: string; responsaveis?: string[] | undefined },
): Promise<FamilyRequest> {
  await ctx.database.db.transaction(async (tx) => {
    const p = await lockPending(tx, id);
    // The crew reads the order: text with personal data stays with the office.
    const descricao = p.dados_pessoais
      ? ORDER_MSG.requestPrivateText
      : `${REQUEST_KIND_LABEL[p.tipo]}${p.texto ? `: ${p.texto}` : ''}`;
    const ordemId = await insertOrder(
      tx,
      admin,
      {
        tipo: REQUEST_ORDER_KIND[p.tipo],
        agendadaPara: input.agendadaPara,
        sepulturaId: p.sepultura_id,
        sepultadoId: p.sepultado_id,
        responsaveis: input.responsaveis ?? [],
        descricao: descricao.slice(0, ORDER_LIMITS.descricao),
      },
      id,
    );
    await tx.execute(sql`UPDATE pedidos SET situacao = 'aceito', ordem_id = ${ordemId},
      updated_at = now() WHERE id = ${id}`);
  });
  return getRequest(ctx, id);
}

export async function refuseRequest(
  ctx: AppContext,
  id: string,
  motivo: string,
): Promise<FamilyRequest> {
  const reason = motivo.trim();
  if (!reason) throw badRequest(ORDER_MSG.requestRefuseReasonRequired, 'motivo');
  await ctx.database.db.transaction(async (tx) => {
    await lockPending(tx, id);
    await tx.execute(sql`UPDATE pedidos SET situacao = 'recusado', motivo_recusa = ${reason},
      updated_at = now() WHERE id = ${id}`);
  });
  return getRequest(ctx, id);
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * Inside an order's conclusion: the request it came from is done; a photo request takes the
 * order's last photo. Answers what to tell the person after the commit (or null).
 */
export async function requestDoneWithPhoto(
  tx: Tx,
  ordemId: string,
): Promise<{ notify(ctx: AppContext): void } | null> {
  const [p] = await txRows<{
    id: string;
    tipo: RequestKind;
    email: string;
    name: string;
    foto_id: string | null;
    file: string | null;
    sepultura_id: string;
  }>(
    tx,
    sql`SELECT p.id, p.tipo, u.email, u.name, p.sepultura_id,
        (SELECT f.id FROM ordem_fotos f WHERE f.ordem_id = ${ordemId}
          ORDER BY f.recebido_em DESC, f.id DESC LIMIT 1) AS foto_id,
        (SELECT f.file FROM ordem_fotos f WHERE f.ordem_id = ${ordemId}
          ORDER BY f.recebido_em DESC, f.id DESC LIMIT 1) AS file
      FROM ordens o JOIN pedidos p ON p.id = o.pedido_id JOIN users u ON u.id = p.user_id
      WHERE o.id = ${ordemId} AND p.situacao = 'aceito' FOR UPDATE OF p`,
  );
  if (!p) return null;
  const foto = p.tipo === 'foto' ? p.foto_id : null;
  await tx.execute(sql`UPDATE pedidos SET situacao = 'concluido', foto_id = ${foto},
    updated_at = now() WHERE id = ${p.id}`);
  if (!foto || !p.file) return null;
  const file = p.file;
  return {
    notify(ctx) {
      const page = `${ctx.config.publicUrl}/sepulturas/${p.sepultura_id}`;
      const image = `${ctx.config.publicUrl}/api/images/ordens/${encodeURIComponent(file)}`;
      const hello = `Olá, ${p.name.trim()}!`;
      const lines = [
        'A foto da sepultura que você pediu está pronta.',
        `Foto: ${image}`,
        `Página da sepultura: ${page}`,
        'Você também acompanha o pedido em seu perfil.',
      ];
      ctx.background.run('request photo e-mail', () =>
        ctx.mailer.send({
          to: p.email,
          subject: 'Memorial: a foto que você pediu está pronta',
          text: [hello, '', ...lines.flatMap((l) => [l, '']), '— Memorial'].join('\n'),
          html: `<!doctype html><html lang="pt-BR"><body><p>${escapeHtml(hello)}</p>${lines
            .map((l) => `<p>${escapeHtml(l)}</p>`)
            .join('')}<p><img src="${escapeHtml(image)}" alt="Foto da sepultura" width="480"></p>
<p>— Memorial</p></body></html>`,
        }),
      );
    },
  };
}
