/**
 * Reads of the work orders (migration 0050): whole orders as OrderSchema (one query per part for
 * a whole page: the orders, their assignees, milestones, comments and photos), the short row the
 * writes lock and check, and the texts of places (a grave, a destination).
 */
import type { DestinationKind, OrderState } from '../../../src/domain/work-order-rules';
import { DESTINATION_LABEL, ORDER_MSG } from '../../../src/domain/work-order-rules';
import type { Order, OrderPhoto } from '../../../src/domain/work-order-types';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/http-error';

const ISO_TS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
export const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', ${ISO_TS})`;
export const wall = (col: string) => `to_char(${col}, 'YYYY-MM-DD"T"HH24:MI')`;

type Runner = Pick<AppContext['database']['sql'], 'query'>;

interface OrderRow {
  id: string;
  tipo: string;
  tipo_nome: string;
  situacao: OrderState;
  agendada_para: string;
  sepultura_id: string | null;
  cemiterio_id: string;
  cemiterio: string;
  rua: string | null;
  quadra: string | null;
  numero: string | null;
  latitude: number | null;
  longitude: number | null;
  sepultado_id: string | null;
  sepultado_nome: string | null;
  descricao: string | null;
  observacoes: string | null;
  motivo_cancelamento: string | null;
  destino_tipo: DestinationKind | null;
  destino_sepultura_id: string | null;
  destino_descricao: string | null;
  concluida_em: string | null;
  pedido_id: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

/** An order `o` with its kind, cemetery, grave and record, shaped as OrderRow. */
export const ORDER_SELECT = `o.id, o.tipo, t.nome AS tipo_nome, o.situacao,
  ${wall('o.agendada_para')} AS agendada_para, o.sepultura_id, o.cemiterio_id, c.nome AS cemiterio,
  g.rua, g.quadra, g.numero, g.latitude, g.longitude, o.sepultado_id, s.nome AS sepultado_nome,
  o.descricao, o.observacoes, o.motivo_cancelamento, o.destino_tipo, o.destino_sepultura_id,
  o.destino_descricao, ${iso('o.concluida_em')} AS concluida_em, o.pedido_id, o.version,
  ${iso('o.created_at')} AS created_at, ${iso('o.updated_at')} AS updated_at
  FROM ordens o JOIN ordem_tipos t ON t.tipo = o.tipo JOIN cemiterios c ON c.id = o.cemiterio_id
  LEFT JOIN sepulturas g ON g.id = o.sepultura_id LEFT JOIN sepultados s ON s.id = o.sepultado_id`;

const num = (v: number | null) => (v === null ? null : Number(v));

export function photoOf(r: {
  id: string;
  file: string;
  thumb: string;
  autor_nome: string;
  tirada_em: string;
  latitude: number | null;
  longitude: number | null;
  recebido_em: string;
}): OrderPhoto {
  return {
    id: r.id,
    url: `/api/images/ordens/${encodeURIComponent(r.file)}`,
    thumb: `/api/images/ordens/${encodeURIComponent(r.thumb)}`,
    autorNome: r.autor_nome,
    tiradaEm: r.tirada_em,
    latitude: num(r.latitude),
    longitude: num(r.longitude),
    recebidoEm: r.recebido_em,
  };
}

export const PHOTO_COLUMNS = `f.id, f.file, f.thumb, f.autor_nome, ${iso('f.tirada_em')} AS tirada_em,
  f.latitude, f.longitude, ${iso('f.recebido_em')} AS recebido_em`;

function group<T extends { ordem_id: string }>(rows: T[]): Map<string, T[]> {
  const by = new Map<string, T[]>();
  for (const r of rows) {
    const list = by.get(r.ordem_id);
    if (list) list.push(r);
    else by.set(r.ordem_id, [r]);
  }
  return by;
}

/** Whole orders by id, in the order of `ids` (missing ones left out). */
export async function loadOrders(runner: Runner, ids: string[]): Promise<Order[]> {
  if (ids.length === 0) return [];
  const [rows, people, marcos, comments, photos] = await Promise.all([
    runner.query<OrderRow>(`SELECT ${ORDER_SELECT} WHERE o.id = ANY($1::text[])`, [ids]),
    runner.query<{ ordem_id: string; id: string; nome: string }>(
      `SELECT r.ordem_id, u.id, u.name AS nome FROM ordem_responsaveis r
       JOIN users u ON u.id = r.user_id WHERE r.ordem_id = ANY($1::text[]) ORDER BY u.name, u.id`,
      [ids],
    ),
    runner.query<{
      ordem_id: string;
      id: string;
      nome: string;
      previsto_para: string | null;
      feito_em: string | null;
      feito_por_nome: string | null;
    }>(
      `SELECT m.ordem_id, m.id, m.nome, ${wall('m.previsto_para')} AS previsto_para,
         ${iso('m.feito_em')} AS feito_em, m.feito_por_nome
       FROM ordem_marcos m WHERE m.ordem_id = ANY($1::text[]) ORDER BY m.ordem_id, m.posicao`,
      [ids],
    ),
    runner.query<{
      ordem_id: string;
      id: string;
      autor_nome: string;
      texto: string;
      feito_em: string;
      recebido_em: string;
    }>(
      `SELECT k.ordem_id, k.id, k.autor_nome, k.texto, ${iso('k.feito_em')} AS feito_em,
         ${iso('k.recebido_em')} AS recebido_em
       FROM ordem_comentarios k WHERE k.ordem_id = ANY($1::text[]) ORDER BY k.recebido_em, k.id`,
      [ids],
    ),
    runner.query<Parameters<typeof photoOf>[0] & { ordem_id: string }>(
      `SELECT f.ordem_id, ${PHOTO_COLUMNS} FROM ordem_fotos f
       WHERE f.ordem_id = ANY($1::text[]) ORDER BY f.recebido_em, f.id`,
      [ids],
    ),
  ]);
  const peopleBy = group(people);
  const marcosBy = group(marcos);
  const commentsBy = group(comments);
  const photosBy = group(photos);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: Order[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    if (!r) continue;
    out.push({
      _id: r.id,
      id: r.id,
      tipo: r.tipo,
      tipoNome: r.tipo_nome,
      situacao: r.situacao,
      agendadaPara: r.agendada_para,
      lugar: {
        sepulturaId: r.sepultura_id,
        cemiterioId: r.cemiterio_id,
        cemiterio: r.cemiterio,
        rua: r.rua,
        quadra: r.quadra,
        numero: r.numero,
        latitude: num(r.latitude),
        longitude: num(r.longitude),
      },
      sepultadoId: r.sepultado_id,
      sepultadoNome: r.sepultado_nome,
      descricao: r.descricao,
      observacoes: r.observacoes,
      responsaveis: (peopleBy.get(id) ?? []).map((p) => ({ id: p.id, nome: p.nome })),
      marcos: (marcosBy.get(id) ?? []).map((m) => ({
        id: m.id,
        nome: m.nome,
        previstoPara: m.previsto_para,
        feitoEm: m.feito_em,
        feitoPorNome: m.feito_por_nome,
      })),
      comentarios: (commentsBy.get(id) ?? []).map((k) => ({
        id: k.id,
        autorNome: k.autor_nome,
        texto: k.texto,
        feitoEm: k.feito_em,
        recebidoEm: k.recebido_em,
      })),
      fotos: (photosBy.get(id) ?? []).map(photoOf),
      destino: r.destino_tipo
        ? {
            tipo: r.destino_tipo,
            sepulturaId: r.destino_sepultura_id,
            descricao: r.destino_descricao,
          }
        : null,
      motivoCancelamento: r.motivo_cancelamento,
      concluidaEm: r.concluida_em,
      pedidoId: r.pedido_id,
      version: Number(r.version),
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    });
  }
  return out;
}

export async function getOrder(ctx: AppContext, id: string): Promise<Order> {
  const [order] = await loadOrders(ctx.database.sql, [id]);
  if (!order) throw notFound(ORDER_MSG.notFound);
  return order;
}

/** The part of an order the writes check: its state, kind, places and assignees. */
export interface OrderHead {
  id: string;
  tipo: string;
  situacao: OrderState;
  cemiterio_id: string;
  sepultura_id: string | null;
  sepultado_id: string | null;
  pedido_id: string | null;
  version: number;
  agendada_para: string;
  assigned: string[];
}

export async function orderHead(ctx: AppContext, id: string): Promise<OrderHead | null> {
  const [row] = await ctx.database.sql.query<Omit<OrderHead, 'assigned'> & { assigned: string[] }>(
    `SELECT o.id, o.tipo, o.situacao, o.cemiterio_id, o.sepultura_id, o.sepultado_id, o.pedido_id,
       o.version, ${wall('o.agendada_para')} AS agendada_para,
       coalesce((SELECT array_agg(r.user_id) FROM ordem_responsaveis r WHERE r.ordem_id = o.id),
         '{}') AS assigned
     FROM ordens o WHERE o.id = $1`,
    [id],
  );
  return row ? { ...row, version: Number(row.version), assigned: row.assigned ?? [] } : null;
}

export interface PlaceRow {
  tipo: string | null;
  rua: string | null;
  quadra: string;
  numero: string;
  cemiterio: string;
}

/** "Quadra 12 · Rua 3 · 458 — Cemitério X"; an ossuary niche: "Ossuário · Quadra 2 · Nicho 214 — …". */
export function placeLabel(g: PlaceRow): string {
  const niche = g.tipo === 'Nicho de ossuário';
  const parts = [
    niche ? 'Ossuário' : null,
    `Quadra ${g.quadra}`,
    g.rua ? g.rua : null,
    niche ? `Nicho ${g.numero}` : g.numero,
  ].filter((p): p is string => Boolean(p));
  return `${parts.join(' · ')} — ${g.cemiterio}`;
}

/** A destination as a place text (a grave's label given when it is one). */
export function destinationLabel(
  tipo: DestinationKind,
  descricao: string | null,
  grave: PlaceRow | null,
): string {
  if (grave) return placeLabel(grave);
  const text = descricao?.trim();
  return text ? `${DESTINATION_LABEL[tipo]} — ${text}` : DESTINATION_LABEL[tipo];
}

export const PLACE_COLUMNS = `g.tipo, g.rua, g.quadra, g.numero, c.nome AS cemiterio`;
export const PLACE_FROM = `sepulturas g JOIN cemiterios c ON c.id = g.cemiterio_id`;
