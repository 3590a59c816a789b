/**
 * Who may do what with a burial record (spec §6, the shared rule src/domain/permissions.ts),
 * and the assignments of concessionários.
 * Admins may do everything; a concessionário may edit the records assigned to them, never
 * create, delete or (un)assign; everyone may read.
 */
import { and, asc, eq } from 'drizzle-orm';
import { SEP_MSG } from '../../../src/domain/burial-messages';
import type { BurialRecord, ConcessionarioListItem } from '../../../src/domain/burial-types';
import { isId } from '../../../src/domain/ids';
import { can, canEver } from '../../../src/domain/permissions';
import type { AppContext } from '../../context';
import { sepultadoConcessionarios, type UserRow, users } from '../../db/schema';
import { forbidden, notFound, unprocessable } from '../../lib/http-error';
import { RECORD_FROM, RECORD_SELECT, type RecordRow, toRecord } from './burials-projection';
import { findBurial, getBurial } from './burials-read';

/**
 * The records a concessionário works on ($1 = their id): those assigned to them, and those of
 * an open work order assigned to them (for the time of the order: a concluded or cancelled
 * order no longer counts). The one rule behind burial:edit, burial:history and the device's
 * list of editable records.
 */
const WORKED_RECORDS = `SELECT sepultado_id FROM sepultado_concessionarios WHERE user_id = $1
  UNION
  SELECT o.sepultado_id FROM ordens o JOIN ordem_responsaveis r ON r.ordem_id = o.id
  WHERE r.user_id = $1 AND o.sepultado_id IS NOT NULL
    AND o.situacao IN ('aberta', 'em andamento')`;

export async function isAssigned(ctx: AppContext, sepultadoId: string, userId: string) {
  const rows = await ctx.database.sql.query(
    `SELECT 1 FROM (${WORKED_RECORDS}) w WHERE w.sepultado_id = $2 LIMIT 1`,
    [userId, sepultadoId],
  );
  return rows.length > 0;
}

/**
 * The live record the user may edit: 403 for roles that never edit (before looking, so the
 * answer does not reveal which ids exist), 404 when missing, 403 when not assigned.
 */
export async function recordForEdit(
  ctx: AppContext,
  user: UserRow,
  id: string,
): Promise<BurialRecord> {
  if (!canEver(user, 'burial:edit')) throw forbidden(SEP_MSG.forbiddenEdit);
  const record = await findBurial(ctx, id);
  if (!record) throw notFound(SEP_MSG.notFound);
  const assigned =
    user.role === 'admin' ? [] : (await isAssigned(ctx, record.id, user.id)) ? [user.id] : [];
  if (!can(user, 'burial:edit', { assigned })) throw forbidden(SEP_MSG.forbiddenEdit);
  return record;
}

async function targetUser(ctx: AppContext, userId: string): Promise<UserRow> {
  if (!isId(userId)) throw notFound(SEP_MSG.userNotFound);
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound(SEP_MSG.userNotFound);
  return row;
}

/** The record and the person of an (un)assignment: the record's 404 first, then the user's. */
async function assignmentParties(ctx: AppContext, sepultadoId: string, userId: string) {
  const record = await findBurial(ctx, sepultadoId);
  if (!record) throw notFound(SEP_MSG.notFound);
  return { record, target: await targetUser(ctx, userId) };
}

/** Admin only (checked by the route). Assigning twice is harmless. */
export async function addAssignee(
  ctx: AppContext,
  admin: UserRow,
  sepultadoId: string,
  userId: string,
): Promise<BurialRecord> {
  const { record, target } = await assignmentParties(ctx, sepultadoId, userId);
  if (target.role !== 'concessionario') throw unprocessable(SEP_MSG.notConcessionario, 'userId');
  await ctx.database.db.transaction((tx) =>
    tx
      .insert(sepultadoConcessionarios)
      .values({ sepultadoId: record.id, userId: target.id })
      .onConflictDoNothing(),
  );
  return getBurial(ctx, record.id, admin);
}

/**
 * Admin only. Removing an absent assignment is harmless. Someone who is no longer a
 * concessionário can still be removed from a record they were assigned to (clean-up after a
 * role change); otherwise a non-concessionário is refused like in assignment.
 */
export async function removeAssignee(
  ctx: AppContext,
  admin: UserRow,
  sepultadoId: string,
  userId: string,
): Promise<BurialRecord> {
  const { record, target } = await assignmentParties(ctx, sepultadoId, userId);
  const removed = await ctx.database.db.transaction((tx) =>
    tx
      .delete(sepultadoConcessionarios)
      .where(
        and(
          eq(sepultadoConcessionarios.sepultadoId, record.id),
          eq(sepultadoConcessionarios.userId, target.id),
        ),
      )
      .returning({ userId: sepultadoConcessionarios.userId }),
  );
  if (removed.length === 0 && target.role !== 'concessionario') {
    throw unprocessable(SEP_MSG.notConcessionario, 'userId');
  }
  return getBurial(ctx, record.id, admin);
}

/** GET /api/users/concessionarios: who can be assigned, with nothing but id, name, e-mail. */
export async function listAssignableUsers(ctx: AppContext): Promise<ConcessionarioListItem[]> {
  const rows = await ctx.database.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.role, 'concessionario'))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((r) => ({ _id: r.id, id: r.id, name: r.name, email: r.email }));
}

/**
 * GET /api/sync/mine: what the caller may edit, for the device's copy (the public sync never
 * says who manages a record): every record for an admin, the assigned ids for a concessionário.
 */
export async function editableIds(
  ctx: AppContext,
  user: UserRow,
): Promise<{ userId: string; all: boolean; ids: string[]; records?: BurialRecord[] }> {
  if (!canEver(user, 'burial:list-mine')) throw forbidden(SEP_MSG.forbiddenList);
  if (user.role === 'admin') return { userId: user.id, all: true, ids: [] };
  const rows = await ctx.database.sql.query<{ id: string }>(
    `SELECT sepultado_id AS id FROM (${WORKED_RECORDS}) w`,
    [user.id],
  );
  const ids = rows.map((r) => r.id).sort();
  // The visit pack carries card fields only: the assigned records come whole, so the
  // groundskeeper opens and corrects them without signal. Public shape: the
  // sync never says who manages a record.
  const records = await ctx.database.sql.query<RecordRow>(
    `SELECT ${RECORD_SELECT} FROM ${RECORD_FROM} WHERE s.id = ANY($1::text[]) AND s.deleted_at IS NULL`,
    [ids],
  );
  return { userId: user.id, all: false, ids, records: records.map((r) => toRecord(r)) };
}
