/**
 * Reads of the graves (migration 0030): the office's paged list and one grave's page. Public
 * fields only here; the concession part of the page is added by the concessions module for those
 * who may see it.
 */
import type { SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import { GRAVE_LIMITS } from '../../../src/domain/grave-rules';
import type { Grave, GraveList, GraveOccupant } from '../../../src/domain/grave-types';
import type { GraveCemeterySchema, GraveListQuerySchema } from '../../../src/domain/schemas/grave';
import type { AppContext } from '../../context';
import type { Tx } from '../burials/public';

const ISO_TS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** tx.execute answers { rows } on both drivers (node-postgres, PGlite). */
export async function txRows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

interface GraveRow {
  id: string;
  cemiterio_id: string;
  cemiterio: string;
  rua: string | null;
  quadra: string;
  numero: string;
  tipo: Grave['tipo'];
  capacidade: number | null;
  latitude: number | null;
  longitude: number | null;
  situacao: Grave['situacao'];
  observacoes: string | null;
  ocupantes: number;
  version: number;
  created_at: string;
  updated_at: string;
}

/** A grave `g` joined with its cemetery `c`, shaped as GraveRow. */
export const GRAVE_SELECT = `g.id, g.cemiterio_id, c.nome AS cemiterio, g.rua, g.quadra, g.numero,
  g.tipo, g.capacidade, g.latitude, g.longitude, g.situacao, g.observacoes,
  (SELECT count(*) FROM sepultados s WHERE s.sepultura_id = g.id AND s.deleted_at IS NULL)::int
    AS ocupantes,
  g.version, to_char(g.created_at AT TIME ZONE 'UTC', ${ISO_TS}) AS created_at,
  to_char(g.updated_at AT TIME ZONE 'UTC', ${ISO_TS}) AS updated_at
  FROM sepulturas g JOIN cemiterios c ON c.id = g.cemiterio_id`;

export function toGrave(r: GraveRow): Grave {
  return {
    _id: r.id,
    id: r.id,
    cemiterioId: r.cemiterio_id,
    cemiterio: r.cemiterio,
    rua: r.rua,
    quadra: r.quadra,
    numero: r.numero,
    tipo: r.tipo,
    capacidade: r.capacidade === null ? null : Number(r.capacidade),
    latitude: r.latitude === null ? null : Number(r.latitude),
    longitude: r.longitude === null ? null : Number(r.longitude),
    situacao: r.situacao,
    observacoes: r.observacoes,
    ocupantes: Number(r.ocupantes),
    version: Number(r.version),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function findGrave(ctx: AppContext, id: string): Promise<Grave | null> {
  const [row] = await ctx.database.sql.query<GraveRow>(`SELECT ${GRAVE_SELECT} WHERE g.id = $1`, [
    id,
  ]);
  return row ? toGrave(row) : null;
}

export async function listGraves(
  ctx: AppContext,
  q: Static<typeof GraveListQuerySchema>,
): Promise<GraveList> {
  const limit = q.limit ?? GRAVE_LIMITS.pageSize;
  const page = q.page ?? 1;
  const where: string[] = [];
  const params: unknown[] = [];
  if (q.cemiterioId) {
    params.push(q.cemiterioId);
    where.push(`g.cemiterio_id = $${params.length}`);
  }
  if (q.situacao) {
    params.push(q.situacao);
    where.push(`g.situacao = $${params.length}`);
  }
  if (q.quadra?.trim()) {
    params.push(q.quadra);
    where.push(`sepultura_parte(g.quadra) = sepultura_parte($${params.length})`);
  }
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [count] = await ctx.database.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM sepulturas g ${filter}`,
    params,
  );
  const rows = await ctx.database.sql.query<GraveRow>(
    `SELECT ${GRAVE_SELECT} ${filter}
     ORDER BY g.cemiterio_id, lpad(g.quadra, 30, '0'), lpad(g.numero, 30, '0'), g.id
     LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    params,
  );
  const total = Number(count?.n ?? 0);
  return {
    sepulturas: rows.map(toGrave),
    page,
    limit,
    total,
    pages: Math.ceil(total / limit),
  };
}

/** Who lies in the grave (records not deleted), oldest death first, with the first photo. */
export async function graveOccupants(ctx: AppContext, id: string): Promise<GraveOccupant[]> {
  const rows = await ctx.database.sql.query<{
    id: string;
    nome: string;
    dt_nasc: string | null;
    dt_fal: string | null;
    thumb: string | null;
  }>(
    `SELECT s.id, s.nome, to_char(s.dt_nasc, 'YYYY-MM-DD') AS dt_nasc,
       to_char(s.dt_fal, 'YYYY-MM-DD') AS dt_fal, f.thumb
     FROM sepultados s
     LEFT JOIN LATERAL (SELECT thumb FROM sepultado_fotos WHERE sepultado_id = s.id
       ORDER BY position LIMIT 1) f ON true
     WHERE s.sepultura_id = $1 AND s.deleted_at IS NULL
     ORDER BY s.dt_fal NULLS LAST, s.id`,
    [id],
  );
  return rows.map((r) => ({
    _id: r.id,
    id: r.id,
    nome: r.nome,
    dtNasc: r.dt_nasc,
    dtFal: r.dt_fal,
    thumb: r.thumb,
  }));
}

export async function graveCemetery(
  ctx: AppContext,
  cemeteryId: string,
): Promise<Static<typeof GraveCemeterySchema>> {
  const [c] = await ctx.database.sql.query<Static<typeof GraveCemeterySchema>>(
    `SELECT id, nome, endereco, horario, latitude, longitude FROM cemiterios WHERE id = $1`,
    [cemeteryId],
  );
  if (!c) throw new Error(`cemitério ${cemeteryId} ausente`);
  return {
    ...c,
    latitude: c.latitude === null ? null : Number(c.latitude),
    longitude: c.longitude === null ? null : Number(c.longitude),
  };
}

/** The concessionários assigned to some record lying in the grave (grave:note). */
export async function graveAssignees(ctx: AppContext, id: string): Promise<string[]> {
  const rows = await ctx.database.sql.query<{ user_id: string }>(
    `SELECT DISTINCT a.user_id FROM sepultado_concessionarios a
     JOIN sepultados s ON s.id = a.sepultado_id
     WHERE s.sepultura_id = $1 AND s.deleted_at IS NULL`,
    [id],
  );
  return rows.map((r) => r.user_id);
}
