/**
 * Reads of the cemeteries: the public list (with each one's count of public records) and one
 * cemetery. The counts are the only costly part on a register of millions: one grouped count of
 * the live records, a parallel pass over sepultados (over a second at millions of rows —
 * bench/cemeteries-cost.ts, docs/decisions/0062-cemetery-counts-held.md). So the
 * counts are held per process and served stale while a recount runs in the background:
 *  - the first read after start waits for the count; later reads never wait;
 *  - a record created or deleted here adjusts the held count at once (countsChanged);
 *  - a recount starts when the held counts are older than COUNTS_TTL_MS, or when a record was
 *    written here (created, deleted, moved) and the last count is older than MIN_RECOUNT_MS —
 *    a stream of writes costs at most one count per MIN_RECOUNT_MS, never one per write;
 *  - a cemetery's own change (made, renamed, merged) drops the counts: the admin's next read
 *    waits for a fresh count, so the merge's totals are exact at once — in every instance
 *    (the invalidation bus, topic 'cemetery').
 * A record written by another instance makes the counts here due for a recount (topic
 * 'burial'), so it shows within MIN_RECOUNT_MS plus one count; the exact ±1 at once is only in
 * the instance that wrote it.
 */
import type { Cemetery } from '../../../src/domain/cemetery-types';
import type { AppContext } from '../../context';
import { type PlanRow, toPlan } from '../map/public';

export const COUNTS_TTL_MS = 60_000;
export const MIN_RECOUNT_MS = 10_000;

const COUNTS_SQL = `
SELECT cemiterio_id AS id, count(*)::int AS n FROM sepultados
WHERE deleted_at IS NULL GROUP BY cemiterio_id`;

/** The grouped count itself (bench/cemeteries-cost.ts times it). */
export const COUNTS_SQL_FOR_BENCH = COUNTS_SQL;

function recount(ctx: AppContext): Promise<Map<string, number>> {
  const cache = ctx.cemeteryCounts;
  if (cache.running) return cache.running;
  const started = Date.now();
  const run = ctx.database.sql
    .query<{ id: string; n: number }>(COUNTS_SQL)
    .then((rows) => new Map(rows.map((r) => [r.id, Number(r.n)])));
  cache.running = run;
  cache.dirty = false;
  run.then(
    (counts) => {
      if (cache.running !== run) return; // dropped meanwhile: a newer count is on its way
      cache.held = counts;
      cache.countedAt = started;
      cache.running = null;
    },
    () => {
      // A failed count is not remembered; the held counts stay until the next try.
      if (cache.running === run) cache.running = null;
      cache.dirty = true;
    },
  );
  return run;
}

export function recordCounts(ctx: AppContext): Promise<Map<string, number>> {
  const cache = ctx.cemeteryCounts;
  if (!cache.held) return recount(ctx);
  const age = Date.now() - cache.countedAt;
  if (age > COUNTS_TTL_MS || (cache.dirty && age > MIN_RECOUNT_MS)) {
    recount(ctx).catch(() => undefined);
  }
  return Promise.resolve(cache.held);
}

/**
 * After a record was created (+1) or deleted (-1) in a known cemetery here: the held count is
 * adjusted at once, so whoever wrote sees it. A move (an edit of `cemiterio`: id null) is left
 * to the background recount; either way a recount follows within MIN_RECOUNT_MS, which also
 * settles a recount that was already running when the write committed.
 */
export function countsChanged(ctx: AppContext, cemeteryId: string | null, delta: number): void {
  const cache = ctx.cemeteryCounts;
  cache.dirty = true;
  if (!cache.held || !cemeteryId || delta === 0) return;
  const next = new Map(cache.held);
  next.set(cemeteryId, Math.max(0, (next.get(cemeteryId) ?? 0) + delta));
  cache.held = next;
}

/**
 * After a cemetery was made, renamed or merged: the next read waits for a fresh count, here and
 * in every other instance (resolves once they were told).
 */
export function forgetCounts(ctx: AppContext, cemeteryId: string): Promise<void> {
  return ctx.invalidation.publish('cemetery', cemeteryId);
}

/**
 * The counts' side of the invalidation bus (buildApp subscribes it): a cemetery's change drops
 * them; a record written anywhere makes them due for the recount countsChanged describes.
 */
export function listenForCountChanges(ctx: AppContext): () => void {
  const cache = ctx.cemeteryCounts;
  const offCemetery = ctx.invalidation.subscribe('cemetery', () => {
    cache.held = null;
    cache.running = null;
    cache.dirty = false;
  });
  const offBurial = ctx.invalidation.subscribe('burial', () => {
    cache.dirty = true;
  });
  return () => {
    offCemetery();
    offBurial();
  };
}

/** A cemetery's own columns as stored (migration 0010). */
export interface StoredCemeteryRow {
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
}

interface CemeteryRow extends StoredCemeteryRow {
  updated_at: Date | string;
  plan_image: string | null;
  plan_south: number | null;
  plan_west: number | null;
  plan_north: number | null;
  plan_east: number | null;
  plan_updated_at: Date | string | null;
  padrao: boolean;
}

const SELECT_SQL = `
SELECT c.id, c.nome, c.endereco, c.horario, c.latitude, c.longitude,
  c.south, c.west, c.north, c.east, c.updated_at,
  p.image AS plan_image, p.south AS plan_south, p.west AS plan_west, p.north AS plan_north,
  p.east AS plan_east, p.updated_at AS plan_updated_at,
  -- The cemetery a record saved without one goes to (cemiterio_for_name(NULL), migration 0010).
  c.id = (SELECT d.id FROM cemiterios d ORDER BY d.created_at, d.id LIMIT 1) AS padrao
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
    padrao: row.padrao === true,
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
