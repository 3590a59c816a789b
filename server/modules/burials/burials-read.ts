/**
 * Reads of the burial register: the public record, the home list and the dashboard list. Hot
 * paths, so each is one parameterized SQL statement (record and its photos together) shaped for
 * the wire in the database: dates as ISO text, timestamps as ISO UTC text, whatever the engine.
 * The two public reads are named prepared statements (parsed and planned once per connection:
 * measured 2× the queries/s of unnamed ones on PostgreSQL; burials-prepared.ts). Tombstones
 * never leave here.
 */

import { SEP_MSG } from '../../../src/domain/burial-messages';
import type { BurialCard, BurialRecord, ConcessionarioRef } from '../../../src/domain/burial-types';
import { isId } from '../../../src/domain/ids';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { EVERY_KEY } from '../../lib/invalidation';
import { toCard, toRecord } from './burials-projection';

const prepared = (ctx: AppContext) => ctx.burialReads;
const caches = (ctx: AppContext) => ctx.burialReads;

const ASSIGNED_SQL = `
SELECT u.id, u.name FROM sepultado_concessionarios c JOIN users u ON u.id = c.user_id
WHERE c.sepultado_id = $1 ORDER BY u.name, u.id`;

async function listAssignees(ctx: AppContext, sepultadoId: string): Promise<ConcessionarioRef[]> {
  const rows = await ctx.database.sql.query<{ id: string; name: string }>(ASSIGNED_SQL, [
    sepultadoId,
  ]);
  return rows.map((r) => ({ _id: r.id, id: r.id, name: r.name }));
}

/** The live record or null (unknown, malformed or deleted id). */
export async function findBurial(ctx: AppContext, id: string): Promise<BurialRecord | null> {
  if (!isId(id)) return null;
  const [row] = await prepared(ctx).detail.execute({ id });
  return row ? toRecord(row) : null;
}

/**
 * After a write of record `id` ('' when only the list changed): its cached copy and the cached
 * home pages go, here at once and in every other instance before this resolves (the write
 * awaits it before answering; lib/invalidation-redis.ts).
 */
export function forgetCached(ctx: AppContext, id: string): Promise<void> {
  return ctx.invalidation.publish('burial', id);
}

/** The caches' side of forgetCached, wherever the write was made (buildApp subscribes it). */
export function listenForBurialWrites(ctx: AppContext): () => void {
  return ctx.invalidation.subscribe('burial', (id) => {
    const c = caches(ctx);
    if (id === EVERY_KEY) c.records.clear();
    else if (id !== '') c.records.invalidate(id);
    c.home.clear();
  });
}

/**
 * The public record (through the cache); the assigned concessionários are added only for an admin or one of
 * them (spec §6: they are who may see who else manages the grave).
 */
export async function getBurial(
  ctx: AppContext,
  id: string,
  viewer: UserRow | null,
): Promise<BurialRecord> {
  if (!isId(id)) throw notFound(SEP_MSG.notFound);
  const cached = await caches(ctx).records.get(id, () => findBurial(ctx, id));
  if (!cached) throw notFound(SEP_MSG.notFound);
  const record: BurialRecord = { ...cached };
  if (viewer?.role === 'admin' || viewer?.role === 'concessionario') {
    const assigned = await listAssignees(ctx, record.id);
    if (viewer.role === 'admin' || assigned.some((c) => c.id === viewer.id)) {
      record.concessionarios = assigned.map((c) => c.id);
      record.concessionariosInfo = assigned;
    }
  }
  return record;
}

export const HOME_LIMIT = { default: 24, max: 100 };

/**
 * Newest first. Keyset paging: `before` is the id of the last card already shown; an unknown
 * id yields an empty page rather than a restart from the top.
 */
export async function listRecent(
  ctx: AppContext,
  options: { limit: number; before?: string | undefined },
): Promise<BurialCard[]> {
  const { limit, before } = options;
  if (before === undefined) {
    const page = await caches(ctx).home.get(String(limit), async () =>
      (await prepared(ctx).recent.execute({ limit })).map(toCard),
    );
    return page ?? [];
  }
  if (!isId(before)) return [];
  return (await prepared(ctx).recentBefore.execute({ limit, before })).map(toCard);
}
