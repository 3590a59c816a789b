/**
 * User management (spec §2 "Gerenciamento de Usuários", §6): list and search, single view,
 * creation by an admin, role change and deletion. The guards live on the server: an admin
 * cannot delete or demote themselves, and the last admin can be neither removed nor demoted.
 */
import { asc, eq, or, sql } from 'drizzle-orm';
import { ACCOUNT_MSG } from '../../../src/domain/account-messages';
import { can } from '../../../src/domain/permissions';
import {
  firstError,
  type RegistrationInput,
  type Role,
  validateRegistration,
} from '../../../src/domain/user-rules';
import type { AppContext } from '../../context';
import { type UserRow, users } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../lib/http-error';
import { removeRequestDocuments, requestDocumentsOf } from '../recadastramento/public';
import { removeAvatar, storeAvatar } from './avatars';
import { insertUser, toCurrentUser } from './users';
import { assertAnotherAdmin, assertRoleChangeAllowed, lockAdmins } from './users-update';
import { canSeeFull, toListItem, toPublicUser } from './users-views';

export const LIST_LIMIT_DEFAULT = 20;
const LIST_LIMIT_MAX = 100;

/** LIKE treats % _ and \ specially; a search for "50%" means the characters. */
function likeContains(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Admins search everybody; anyone else gets only their own entry (spec §2 user list). One page
 * of `limit`, with the total the search matches.
 */
export async function listUsers(
  ctx: AppContext,
  requester: UserRow,
  q: string | undefined,
  limitAsked: number,
  page: number,
) {
  const limit = Math.min(Math.max(limitAsked, 1), LIST_LIMIT_MAX);
  if (!can(requester, 'user:manage')) {
    return { users: [toListItem(requester)], page: 1, limit, total: 1, pages: 1 };
  }
  const term = q?.trim() ?? '';
  const pattern = likeContains(term);
  const where = term
    ? or(
        sql`fold_text(${users.name}) LIKE fold_text(${pattern})`,
        sql`fold_text(${users.email}) LIKE fold_text(${pattern})`,
      )
    : undefined;
  const [rows, [counted]] = await Promise.all([
    ctx.database.db
      .select()
      .from(users)
      .where(where)
      .orderBy(sql`fold_text(${users.name})`, asc(users.id))
      .limit(limit)
      .offset((page - 1) * limit),
    ctx.database.db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  const total = counted?.total ?? 0;
  return { users: rows.map(toListItem), page, limit, total, pages: Math.ceil(total / limit) };
}

/** Public part for everyone (tribute authors); the full record for the person and admins. */
export async function getUser(ctx: AppContext, viewer: UserRow | null, id: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound(ACCOUNT_MSG.userNotFound);
  return canSeeFull(viewer, id) ? toCurrentUser(row) : toPublicUser(row);
}

interface AdminCreateInput extends Omit<RegistrationInput, 'agreeTerms'> {
  role?: Role;
}

/** Spec §5 rules minus the terms (the person did not fill the form); created verified. */
export async function adminCreate(ctx: AppContext, input: AdminCreateInput, image?: Buffer) {
  const problem = firstError(validateRegistration({ ...input, agreeTerms: true }));
  if (problem) throw unprocessable(problem.message, problem.field);
  const file = image ? await storeAvatar(ctx, image) : null;
  try {
    return await insertUser(ctx, {
      name: input.name ?? '',
      email: input.email ?? '',
      cpf: input.cpf ?? '',
      phone: input.phone ?? '',
      password: input.password ?? '',
      role: input.role ?? 'usuario',
      image: file,
      emailVerified: true,
    });
  } catch (err) {
    if (file) await removeAvatar(ctx, file);
    throw err;
  }
}

export async function changeRole(ctx: AppContext, requester: UserRow, id: string, role: Role) {
  const changed = await ctx.database.db.transaction(async (tx) => {
    // Admin rows first (same lock order as every other role change), then the target.
    await lockAdmins(tx);
    const [target] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!target) throw notFound(ACCOUNT_MSG.userNotFound);
    assertRoleChangeAllowed(requester, target, role);
    if (target.role === role) return target;
    if (target.role === 'admin') await assertAnotherAdmin(tx, target.id);
    // token_version + 1: the person's sessions end now, whatever the new role.
    const [updated] = await tx
      .update(users)
      .set({ role, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!updated) throw notFound(ACCOUNT_MSG.userNotFound);
    return updated;
  });
  // After the commit, before the answer: the person's sessions end on their next request.
  await ctx.invalidation.publish('user', id);
  return changed;
}

/**
 * Deletes the account. The database cascades its e-mailed links and its burial assignments
 * (sepultado_concessionarios.user_id ON DELETE CASCADE, migration 0002), keeps the records it
 * created (created_by ON DELETE SET NULL) and keeps its tributes (comentarios.user_id ON DELETE
 * SET NULL + user_deleted, migration 0005: shown as by "Usuário removido"). Its sessions die
 * with the row (the cached copy is dropped before the answer); its avatar file goes here.
 */
export async function deleteUser(ctx: AppContext, requester: UserRow, id: string): Promise<void> {
  if (id === requester.id) throw conflict(ACCOUNT_MSG.cannotDeleteSelf);
  await removeAccount(ctx, id);
}

/** deleteUser's work, also the person's own deletion (LGPD, modules/audit/personal-data.ts). */
export async function removeAccount(ctx: AppContext, id: string): Promise<void> {
  const removed = await ctx.database.db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, id));
    if (!target) throw notFound(ACCOUNT_MSG.userNotFound);
    if (target.role === 'admin') await assertAnotherAdmin(tx, target.id);
    // Their re-registration requests go with the account (ON DELETE CASCADE); their document
    // photos are removed once it is gone.
    const documents = await requestDocumentsOf(tx, id);
    await tx.delete(users).where(eq(users.id, id));
    return { ...target, documents };
  });
  await ctx.invalidation.publish('user', id);
  if (removed.image) await removeAvatar(ctx, removed.image);
  await removeRequestDocuments(ctx, removed.documents);
}
