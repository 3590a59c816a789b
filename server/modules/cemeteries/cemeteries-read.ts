/**
 * Reads of the cemeteries: the public list (with each one's count of public records) and one
 * cemetery. The counts are the only costly part on a register of millions: one grouped count of
 * the live records (a pass over sepultados, ~0.3 s at 2,000,000 rows on PostgreSQL — see
 * docs/decisions.md "Cemeteries"), made at most once per COUNTS_TTL_MS per process and shared by
 * concurrent readers (single flight). Every write in this process that changes a count (a record
 * created or deleted, a cemetery made, renamed or merged) drops it, so whoever writes sees the
 * new count at once; another process's write shows within COUNTS_TTL_MS at worst.
 */
import type { Cemetery } from '../../../src/domain/cemetery-types';
import type { AppContext } from '../../context';
import { type PlanRow, toPlan } from '../map/plan';

export const COUNTS_TTL_MS = 60_000;

/** The per-process counts (AppContext.cemeteryCounts). */
export interface CemeteryCountsCache {
  current: { expires: number; value: Promise<Map<string, number>> } | null;
}

const COUNTS_SQL = `
SELECT cemiterio_id AS id, count(*)::int AS n FROM sepultados
WHERE deleted_at IS NULL GROUP BY cemiterio_id`;

/** The grouped count itself (bench/cemeteries-cost.ts times it). */
export const COUNTS_SQL_FOR_BENCH = COUNTS_SQL;

async function countAll(ctx: AppContext): Promise<Map<string, number>> {
  const rows = await ctx.database.sql.query<{ id: string; n: number }>(COUNTS_SQL);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export function recordCounts(ctx: AppContext): Promise<Map<string, number>> {
  const now = Date.now();
  const held = ctx.cemeteryCounts.current;
  if (held && held.expires > now) return held.value;
  const value = countAll(ctx);
  const entry = { expires: now + COUNTS_TTL_MS, value };
  ctx.cemeteryCounts.current = entry;
  // A failed count is not remembered.
  value.catch(() => {
    if (ctx.cemeteryCounts.current === entry) ctx.cemeteryCounts.current = null;
  });
  return value;
}

/** After a write that changes which cemetery holds how many records. */
export function forgetCounts(ctx: AppContext): void {
  ctx.cemeteryCounts.current = null;
}

interface CemeteryRow {
  id: string;
  nome: string;
  endereco: string | null;
  horario: string | null;
  latitude: number | null;
  longitude: number | null;
  south: number | null;
  west: number | null;
  north: number | null;
  east: number | null;
  updated_at: Date | string;
  plan_image: string | null;
  plan_south: number | null;
  plan_west: number | null;
  plan_north: number | null;
  plan_east: number | null;
  plan_updated_at: Date | string | null;
}

const SELECT_SQL = `
SELECT c.id, c.nome, c.endereco, c.horario, c.latitude, c.longitude,
  c.south, c.west, c.north, c.east, c.updated_at,
  p.image AS plan_image, p.south AS plan_south, p.west AS plan_west, p.north AS plan_north,
  p.east AS plan_east, p.updated_at AS plan_updated_at
FROM cemiterios c LEFT JOIN cemiterio_planos p ON p.cemiterio_id = c.id`;

const num = (v: number | null): number | null => (v === null ? null : Number(v));

function planOf(row: CemeteryRow): Cemetery['plan'] {
  if (row.plan_image === null || row.plan_updated_at === null) return null;
  const plan: PlanRow = {
    image: row.plan_image,
    south: Number(row.plan_south),
    west: Number(row.plan_west),
    north: Number(row.plan_north),
    east: Number(row.plan_east),
    updated_at: row.plan_updated_at,
  };
  return toPlan(plan);
}

function toCemetery(row: CemeteryRow, counts: Map<string, number>): Cemetery {
  const hasBounds = row.south !== null && row.west !== null && row.north !== null;
  return {
    id: row.id,
    nome: row.nome,
    endereco: row.endereco,
    horario: row.horario,
    latitude: num(row.latitude),
    longitude: num(row.longitude),
    bounds:
      hasBounds && row.east !== null
        ? {
            south: Number(row.south),
            west: Number(row.west),
            north: Number(row.north),
            east: Number(row.east),
          }
        : null,
    plan: planOf(row),
    total: counts.get(row.id) ?? 0,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Every cemetery, in name order (accents and case ignored). */
export async function listCemeteries(ctx: AppContext): Promise<Cemetery[]> {
  const [rows, counts] = await Promise.all([
    ctx.database.sql.query<CemeteryRow>(`${SELECT_SQL} ORDER BY c.nome_chave, c.id`),
    recordCounts(ctx),
  ]);
  return rows.map((row) => toCemetery(row, counts));
}

/** One cemetery, or null. */
export async function findCemetery(ctx: AppContext, id: string): Promise<Cemetery | null> {
  const [rows, counts] = await Promise.all([
    ctx.database.sql.query<CemeteryRow>(`${SELECT_SQL} WHERE c.id = $1`, [id]),
    recordCounts(ctx),
  ]);
  const row = rows[0];
  return row ? toCemetery(row, counts) : null;
}
