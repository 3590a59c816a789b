/**
 * One path for every change to an account: the profile (PATCH /users/edit/:id, self or admin)
 * and the admin's edit (PATCH /users/:id). Rules:
 *  - each present field passes the spec's rule (src/domain/user-rules) or answers 422 + field;
 *  - e-mail/CPF stay unique (409 + field);
 *  - a person changing their OWN e-mail gets it as pending_email: the old address stays the
 *    login until the new one is verified by link, and the old one is told of the request; an
 *    admin changing SOMEONE ELSE's e-mail sets it directly, as verified (the admin vouches);
 *  - a new password really replaces the hash, bumps token_version (every other session ends)
 *    and retires outstanding reset links; the person changing their own gets a fresh token;
 *  - a role change bumps token_version too, and never leaves the system without an admin;
 *  - a new avatar replaces the old file, which is removed once the row points elsewhere.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { ACCOUNT_MSG } from '../../../src/domain/account-messages';
import { onlyDigits } from '../../../src/domain/masks';
import { MSG, unknownFieldMessage } from '../../../src/domain/messages';
import { can } from '../../../src/domain/permissions';
import { ECHOED_USER_FIELDS } from '../../../src/domain/schemas/user';
import {
  checkCpf,
  checkEmail,
  checkName,
  checkPassword,
  checkPhone,
  namesNoImage,
  normalizeEmail,
  type Role,
} from '../../../src/domain/user-rules';
import type { AppContext } from '../../context';
import type { Db } from '../../db/index';
import { type UserRow, users } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../lib/http-error';
import { hashPassword } from '../../lib/passwords';
import { queueEmailChangeNotice, queueVerification } from './account-mail';
import { retireTokens } from './account-tokens';
import { removeAvatar, storeAvatar } from './avatars';
import { assertUnique, isUniqueViolation } from './users';

interface UserChanges {
  name?: string;
  email?: string;
  cpf?: string;
  phone?: string;
  role?: Role;
  password?: string;
  /** Raw bytes of a new avatar (the image pipeline re-encodes them). */
  image?: Buffer;
  /** An `image` text a client echoed back: must name the current photo (or nothing). */
  echoedImage?: string | null;
  /** A CPF the profile form echoed back: must be the current one (the profile cannot set it). */
  echoedCpf?: string;
}

type Echoed = (typeof ECHOED_USER_FIELDS)[number];

/**
 * Drops the read-only fields a client echoes back from a GET answer (schemas/user.ts); the
 * `image` text is kept aside for updateUser to check against the current photo.
 */
export function withoutEchoed<T extends Partial<Record<Echoed, unknown>>>(
  body: T,
): Omit<T, Echoed> & { echoedImage?: string | null } {
  const rest: Record<string, unknown> = { ...body };
  for (const key of ECHOED_USER_FIELDS) delete rest[key];
  const image = body.image;
  return {
    ...(rest as Omit<T, Echoed>),
    ...(typeof image === 'string' || image === null ? { echoedImage: image } : {}),
  };
}

interface UpdateResult {
  user: UserRow;
  /** Set when the requester changed their own password: their session continues with it. */
  token?: string;
  /** Set when a verification link went to a new address of the requester's own. */
  pendingEmail?: string;
}

function check(field: string, problem: string | null): void {
  if (problem) throw unprocessable(problem, field);
}

function validate(changes: UserChanges): void {
  if (changes.name !== undefined) check('name', checkName(changes.name));
  if (changes.email !== undefined) check('email', checkEmail(changes.email));
  if (changes.cpf !== undefined) check('cpf', checkCpf(changes.cpf));
  if (changes.phone !== undefined) check('phone', checkPhone(changes.phone));
  if (changes.password !== undefined) check('password', checkPassword(changes.password));
}

/**
 * Inside a transaction: locks every admin row (always first, always in id order, so two
 * concurrent demotions cannot deadlock) and refuses when none but `userId` would remain.
 */
export async function lockAdmins(tx: Db): Promise<string[]> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id))
    .for('update');
  return admins.map((a) => a.id);
}

export async function assertAnotherAdmin(tx: Db, userId: string): Promise<void> {
  const admins = await lockAdmins(tx);
  if (!admins.some((a) => a !== userId)) throw conflict(ACCOUNT_MSG.lastAdmin, 'role');
}

/** The role guard shared by PATCH /users/:id and PATCH /users/:id/role. */
export function assertRoleChangeAllowed(requester: UserRow, target: UserRow, role: Role): void {
  if (target.id === requester.id && target.role === 'admin' && role !== 'admin') {
    throw conflict(ACCOUNT_MSG.cannotDemoteSelf, 'role');
  }
}

async function loadUser(ctx: AppContext, id: string): Promise<UserRow> {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound(ACCOUNT_MSG.userNotFound);
  return row;
}

export async function updateUser(
  ctx: AppContext,
  requester: UserRow,
  id: string,
  changes: UserChanges,
): Promise<UpdateResult> {
  const self = requester.id === id;
  if (!self && !can(requester, 'user:manage')) throw forbidden(MSG.forbidden);
  validate(changes);
  const target = self ? requester : await loadUser(ctx, id);

  const set: PgUpdateSetSource<typeof users> = {};
  if (changes.name !== undefined) set.name = changes.name.trim();
  if (changes.phone !== undefined) set.phone = onlyDigits(changes.phone);
  const cpf = changes.cpf === undefined ? undefined : onlyDigits(changes.cpf);
  if (cpf !== undefined) set.cpf = cpf;

  let pendingEmail: string | undefined;
  let directEmail: string | undefined;
  if (changes.email !== undefined) {
    const email = normalizeEmail(changes.email);
    if (email === target.email) {
      set.pendingEmail = null; // typing the current address back cancels a pending change
    } else if (self) {
      set.pendingEmail = email;
      pendingEmail = email;
    } else {
      directEmail = email;
      Object.assign(set, { email, pendingEmail: null, emailVerified: true });
    }
  }
  const newEmail = pendingEmail ?? directEmail;
  if (newEmail !== undefined || cpf !== undefined) {
    await assertUnique(ctx, newEmail ?? target.email, cpf ?? target.cpf, target.id);
  }

  if (changes.echoedCpf !== undefined && onlyDigits(changes.echoedCpf) !== target.cpf) {
    throw badRequest(unknownFieldMessage('cpf'), 'cpf');
  }
  // "null", "" or "/" echoed by a user without a photo keeps things as they are.
  const echoedImage = changes.echoedImage;
  if (!namesNoImage(echoedImage) && echoedImage !== target.image) {
    throw badRequest(ACCOUNT_MSG.imageAsFile, 'image');
  }
  // The role a person already has, echoed back, is no change (and needs no right).
  const roleChanges = changes.role !== undefined && changes.role !== target.role;
  if (roleChanges && changes.role !== undefined) {
    if (!can(requester, 'user:manage')) throw forbidden(MSG.forbidden);
    assertRoleChangeAllowed(requester, target, changes.role);
    set.role = changes.role;
  }
  if (changes.password !== undefined) set.passwordHash = await hashPassword(changes.password);
  const endsSessions = roleChanges || changes.password !== undefined;
  if (endsSessions) set.tokenVersion = sql`${users.tokenVersion} + 1`;

  // The new file exists before the row points at it; it is removed again if the write fails.
  const newImage = changes.image ? await storeAvatar(ctx, changes.image) : null;
  if (newImage) set.image = newImage;
  set.updatedAt = new Date();

  let row: UserRow;
  let oldImage: string | null;
  try {
    ({ row, oldImage } = await ctx.database.db.transaction(async (tx) => {
      if (roleChanges && target.role === 'admin') await assertAnotherAdmin(tx, target.id);
      // The file to remove is the one the row held at the moment of the swap (not an older read).
      const [before] = await tx
        .select({ image: users.image })
        .from(users)
        .where(eq(users.id, target.id))
        .for('update');
      if (!before) throw notFound(ACCOUNT_MSG.userNotFound);
      const [updated] = await tx.update(users).set(set).where(eq(users.id, target.id)).returning();
      if (!updated) throw notFound(ACCOUNT_MSG.userNotFound);
      if (changes.password !== undefined) await retireTokens(tx, target.id, 'reset_password');
      if (directEmail !== undefined) await retireTokens(tx, target.id, 'verify_email');
      return { row: updated, oldImage: before.image };
    }));
  } catch (err) {
    if (newImage) await removeAvatar(ctx, newImage);
    if (isUniqueViolation(err)) throw conflict(MSG.duplicateUser);
    throw err;
  }

  // After the commit, before the answer (server/lib/user-cache.ts).
  await ctx.invalidation.publish('user', row.id);
  if (newImage && oldImage) await removeAvatar(ctx, oldImage);
  if (pendingEmail) {
    queueVerification(ctx, row, pendingEmail);
    queueEmailChangeNotice(ctx, row, row.email, pendingEmail);
  }
  const token =
    self && changes.password !== undefined
      ? ctx.tokens.sign({ sub: row.id, tv: row.tokenVersion })
      : undefined;
  return { user: row, ...(token ? { token } : {}), ...(pendingEmail ? { pendingEmail } : {}) };
}
