/** Accounts: registration, login and the current-user view (the rules live in src/domain). */
import { and, eq, or } from 'drizzle-orm';
import { newId } from '../../../src/domain/ids';
import { onlyDigits } from '../../../src/domain/masks';
import { MSG } from '../../../src/domain/messages';
import {
  firstError,
  normalizeEmail,
  type RegistrationInput,
  type Role,
  TERMS_VERSION,
  validateRegistration,
} from '../../../src/domain/user-rules';
import type { AccountUser } from '../../../src/domain/user-types';
import type { AppContext } from '../../context';
import { type UserRow, users } from '../../db/schema';
import { conflict, HttpError, tooMany, unauthorized, unprocessable } from '../../lib/http-error';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { ACCOUNT_LIMITS, enforceLimits } from './account-limits';
import { noticeRegistrationAttempt, queueVerification } from './account-mail';
import {
  admitLogin,
  deviceCookie,
  knownDevice,
  loginFailed,
  loginSucceeded,
} from './login-throttle';

const REGISTER_LIMIT = { max: 10, windowMs: 60 * 60_000 };

/** The person's own view (and an admin's): never a hash, never a token. */
export function toCurrentUser(row: UserRow): AccountUser {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    cpf: row.cpf,
    role: row.role,
    image: row.image,
    emailVerified: row.emailVerified,
    pendingEmail: row.pendingEmail,
  };
}

interface RegisterInput extends RegistrationInput {
  acceptedTermsAt?: string;
  acceptedTermsVersion?: string;
  acceptedTermsUrl?: string;
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** 409 with the field at fault: the e-mail first, since it is the one a person can recheck. */
export async function assertUnique(ctx: AppContext, email: string, cpf: string, exceptId?: string) {
  const clash = await ctx.database.db
    .select({ id: users.id, email: users.email, cpf: users.cpf })
    .from(users)
    .where(or(eq(users.email, email), eq(users.cpf, cpf)));
  const other = clash.filter((u) => u.id !== exceptId);
  if (other.some((u) => u.email === email)) throw conflict(MSG.duplicateUser, 'email');
  if (other.length > 0) throw conflict(MSG.duplicateUser, 'cpf');
}

interface CreateUserData {
  name: string;
  email: string;
  cpf: string;
  phone: string;
  password: string;
  role?: Role;
  /** An avatar file already stored by the image pipeline. */
  image?: string | null;
  emailVerified?: boolean;
  acceptedTermsAt?: Date | null;
  acceptedTermsVersion?: string | null;
  acceptedTermsUrl?: string | null;
}

/** Inserts an already validated account; duplicates answer 409 even under a race. */
export async function insertUser(ctx: AppContext, data: CreateUserData): Promise<UserRow> {
  const email = normalizeEmail(data.email);
  const cpf = onlyDigits(data.cpf);
  await assertUnique(ctx, email, cpf);
  const passwordHash = await hashPassword(data.password);
  try {
    // A transaction, as every audited write: it carries the request's author (db/audit-scope.ts).
    const [row] = await ctx.database.db.transaction((tx) =>
      tx
        .insert(users)
        .values({
          id: newId(),
          name: data.name.trim(),
          email,
          cpf,
          phone: onlyDigits(data.phone),
          role: data.role ?? 'usuario',
          image: data.image ?? null,
          passwordHash,
          emailVerified: data.emailVerified ?? false,
          acceptedTermsAt: data.acceptedTermsAt ?? null,
          acceptedTermsVersion: data.acceptedTermsVersion ?? null,
          acceptedTermsUrl: data.acceptedTermsUrl ?? null,
        })
        .returning(),
    );
    if (!row) throw new Error('insert returned no row');
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(MSG.duplicateUser);
    throw err;
  }
}

/**
 * Public registration answers the same whether or not the e-mail or CPF is taken (docs/decisions.md
 * "Registration"): the taken path still pays the Argon2 hash, creates no account, and the owner's
 * reset link is written before the answer (one write on each path) and e-mailed after it.
 * Answers the new row, or null.
 */
export async function register(ctx: AppContext, input: RegisterInput, ip: string) {
  const limited = await ctx.limiter.hit(`register:ip:${ip}`, REGISTER_LIMIT);
  if (!limited.allowed) throw tooMany(MSG.tooManyAttempts, limited.retryAfterSeconds);
  const problem = firstError(validateRegistration(input));
  if (problem) throw unprocessable(problem.message, problem.field);
  await enforceLimits(ctx, [
    [`register:email:${normalizeEmail(input.email ?? '')}`, ACCOUNT_LIMITS.registerPerEmail],
  ]);
  const acceptedAt = input.acceptedTermsAt ? new Date(input.acceptedTermsAt) : new Date();
  try {
    const row = await insertUser(ctx, {
      name: input.name ?? '',
      email: input.email ?? '',
      cpf: input.cpf ?? '',
      phone: input.phone ?? '',
      password: input.password ?? '',
      acceptedTermsAt: Number.isNaN(acceptedAt.getTime()) ? new Date() : acceptedAt,
      acceptedTermsVersion: input.acceptedTermsVersion ?? TERMS_VERSION,
      acceptedTermsUrl: input.acceptedTermsUrl ?? null,
    });
    queueVerification(ctx, row, row.email);
    return row;
  } catch (err) {
    if (!(err instanceof HttpError) || err.statusCode !== 409) throw err;
    // The same expensive work as a new account, so the timing does not tell either.
    await hashPassword(input.password ?? '');
    await noticeRegistrationAttempts(
      ctx,
      normalizeEmail(input.email ?? ''),
      onlyDigits(input.cpf ?? ''),
    );
    return null;
  }
}

async function noticeRegistrationAttempts(ctx: AppContext, email: string, cpf: string) {
  const owners = await ctx.database.db
    .select()
    .from(users)
    .where(or(eq(users.email, email), eq(users.cpf, cpf)));
  for (const owner of owners) {
    await noticeRegistrationAttempt(ctx, owner, owner.email === email ? 'email' : 'cpf');
  }
}

/**
 * Same answer and about the same time for a wrong password and an unknown e-mail; throttled by
 * modules/users/login-throttle.ts. Answers the Set-Cookie of the known-device cookie on success.
 */
export async function login(
  ctx: AppContext,
  emailInput: string,
  password: string,
  ip: string,
  cookieHeader?: string,
) {
  const email = normalizeEmail(emailInput);
  const { device } = await admitLogin(ctx, email, ip, knownDevice(ctx, cookieHeader, email));
  const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email)).limit(1);
  const ok = row
    ? await verifyPassword(row.passwordHash, password)
    : await verifyAgainstDummy(password);
  if (!row || !ok) {
    await loginFailed(ctx, email, ip, device);
    throw unauthorized(MSG.loginFailed);
  }
  await loginSucceeded(ctx, email, ip, device);
  if (needsRehash(row.passwordHash)) await upgradeHash(ctx, row.id, row.passwordHash, password);
  return {
    token: ctx.tokens.sign({ sub: row.id, tv: row.tokenVersion }),
    user: row,
    deviceCookie: deviceCookie(ctx, email, device),
  };
}

/**
 * An account imported from the original app still has its bcrypt hash (npm run import:legacy):
 * now that the password is known, store an Argon2id hash instead. Only if the hash is still the
 * one just checked, so a password changed meanwhile (another login, a reset) is never undone.
 */
async function upgradeHash(ctx: AppContext, id: string, oldHash: string, password: string) {
  const passwordHash = await hashPassword(password);
  await ctx.database.db.transaction((tx) =>
    tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, id), eq(users.passwordHash, oldHash))),
  );
  await ctx.invalidation.publish('user', id);
}
