/**
 * E-mail verification, resend, forgot and reset password (spec §4, §7, §8).
 *
 * Decisions (docs/decisions.md): an unverified account may log in, read and edit its profile but cannot
 * post tributes (see requireVerified in plugins/auth.ts); verification links live 48 h, reset
 * links 30 min, both single use. Answers that must not reveal whether an address is registered
 * (forgot-password, resend without login) do the lookup and the e-mail after the answer and are
 * padded to a fixed minimum duration, so known and unknown addresses look the same.
 */
import { and, eq, ne, or, sql } from 'drizzle-orm';
import { ACCOUNT_MSG, verificationSentTo } from '../../../src/domain/account-messages';
import { checkEmail, checkPassword, normalizeEmail } from '../../../src/domain/user-rules';
import type { AppContext } from '../../context';
import { type UserRow, users } from '../../db/schema';
import { badRequest, conflict, unprocessable } from '../../lib/http-error';
import { hashPassword } from '../../lib/passwords';
import { ACCOUNT_LIMITS, enforceLimits } from './account-limits';
import { queueVerification, sendReset, sendVerification } from './account-mail';
import {
  consumeToken,
  findIssuedToken,
  findLiveToken,
  retireTokens,
  tokenHash,
} from './account-tokens';

/** Every anonymous mail request answers no sooner than this (ms). */
export const ANONYMOUS_ANSWER_FLOOR_MS = 300;

async function padFrom(started: number): Promise<void> {
  const wait = started + ANONYMOUS_ANSWER_FLOOR_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

function validEmailOr422(input: string): string {
  const problem = checkEmail(input);
  if (problem) throw unprocessable(problem, 'email');
  return normalizeEmail(input);
}

export async function verifyEmail(
  ctx: AppContext,
  query: { token?: string; email?: string },
  ip: string,
): Promise<{ message: string }> {
  await enforceLimits(ctx, [[`verify:ip:${ip}`, ACCOUNT_LIMITS.verifyPerIp]]);
  const hash = tokenHash(query.token ?? '');
  if (!hash || !query.email) throw badRequest(ACCOUNT_MSG.verifyLinkInvalid);
  const email = normalizeEmail(query.email);
  const userId = await ctx.database.db.transaction(async (tx) => {
    const token = await consumeToken(tx, 'verify_email', hash, email);
    if (!token) return null;
    const [user] = await tx.select().from(users).where(eq(users.id, token.userId)).for('update');
    if (user && user.email === email) {
      await tx
        .update(users)
        .set({ emailVerified: true, updatedAt: new Date() })
        .where(eq(users.id, user.id));
    } else if (user && user.pendingEmail === email) {
      // The new address is proven: it becomes the login, unless someone took it meanwhile.
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, user.id)));
      if (taken) throw conflict(ACCOUNT_MSG.emailTakenMeanwhile, 'email');
      await tx
        .update(users)
        .set({ email, pendingEmail: null, emailVerified: true, updatedAt: new Date() })
        .where(eq(users.id, user.id));
    } else {
      // The account moved on (another e-mail change) since this link was sent.
      throw badRequest(ACCOUNT_MSG.verifyLinkInvalid);
    }
    await retireTokens(tx, token.userId, 'verify_email');
    return token.userId;
  });
  if (userId === null) {
    // A link clicked again (or after another one did the job) tells the truth: confirmed.
    if (await confirmedBy(ctx, hash, email)) return { message: ACCOUNT_MSG.alreadyVerified };
    throw badRequest(ACCOUNT_MSG.verifyLinkInvalid);
  }
  // After the commit, before the answer: the cached row goes (server/lib/user-cache.ts).
  await ctx.invalidation.publish('user', userId);
  return { message: ACCOUNT_MSG.emailVerified };
}

/**
 * True when this link was sent to `email` and that address is now the account's confirmed
 * login. Only the holder of the link can ask, so the answer reveals nothing to a stranger.
 */
async function confirmedBy(ctx: AppContext, hash: string, email: string): Promise<boolean> {
  const token = await findIssuedToken(ctx.database.db, 'verify_email', hash, email);
  if (!token) return false;
  const [user] = await ctx.database.db
    .select({ email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, token.userId))
    .limit(1);
  return user?.email === email && user.emailVerified;
}

/** The address a logged-in person is waiting to verify, or null when nothing is pending. */
function addressToVerify(user: UserRow): string | null {
  return user.pendingEmail ?? (user.emailVerified ? null : user.email);
}

/**
 * With a session: resends to the person's own pending address and says where. Without one:
 * {email} is required and the answer is the same whether or not it belongs to anybody.
 */
export async function resendVerification(
  ctx: AppContext,
  requester: UserRow | null,
  bodyEmail: string | undefined,
  ip: string,
): Promise<{ message: string }> {
  if (requester) {
    const target = addressToVerify(requester);
    if (!target) return { message: ACCOUNT_MSG.alreadyVerified };
    await enforceLimits(ctx, [
      [`resend:ip:${ip}`, ACCOUNT_LIMITS.resendPerIp],
      [`resend:email:${target}`, ACCOUNT_LIMITS.resendPerEmail],
    ]);
    queueVerification(ctx, requester, target);
    return { message: verificationSentTo(target) };
  }
  const started = Date.now();
  const email = validEmailOr422(bodyEmail ?? '');
  await enforceLimits(ctx, [
    [`resend:ip:${ip}`, ACCOUNT_LIMITS.resendPerIp],
    [`resend:email:${email}`, ACCOUNT_LIMITS.resendPerEmail],
  ]);
  ctx.background.run('resend verification', async () => {
    const [user] = await ctx.database.db
      .select()
      .from(users)
      .where(
        or(
          and(eq(users.email, email), eq(users.emailVerified, false)),
          eq(users.pendingEmail, email),
        ),
      )
      .limit(1);
    if (user && addressToVerify(user) === email) await sendVerification(ctx, user, email);
  });
  await padFrom(started);
  return { message: ACCOUNT_MSG.verificationResent };
}

export async function forgotPassword(
  ctx: AppContext,
  emailInput: string,
  ip: string,
): Promise<{ message: string }> {
  const started = Date.now();
  const email = validEmailOr422(emailInput);
  await enforceLimits(ctx, [
    [`forgot:ip:${ip}`, ACCOUNT_LIMITS.forgotPerIp],
    [`forgot:email:${email}`, ACCOUNT_LIMITS.forgotPerEmail],
  ]);
  ctx.background.run('reset e-mail', async () => {
    // Only the confirmed login address receives reset links, never a pending one.
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    if (user) await sendReset(ctx, user, email);
  });
  await padFrom(started);
  return { message: ACCOUNT_MSG.forgotAnswer };
}

export async function resetPassword(
  ctx: AppContext,
  input: { email: string; token: string; novaSenha: string },
  ip: string,
): Promise<{ message: string }> {
  await enforceLimits(ctx, [[`reset:ip:${ip}`, ACCOUNT_LIMITS.resetPerIp]]);
  const hash = tokenHash(input.token);
  if (!hash || !input.email) throw badRequest(ACCOUNT_MSG.resetLinkInvalid);
  const weak = checkPassword(input.novaSenha);
  if (weak) throw unprocessable(weak, 'novaSenha');
  const email = normalizeEmail(input.email);
  // Refuse a dead link before paying for an Argon2 hash.
  if (!(await findLiveToken(ctx.database.db, 'reset_password', hash, email))) {
    throw badRequest(ACCOUNT_MSG.resetLinkInvalid);
  }
  const passwordHash = await hashPassword(input.novaSenha);
  const userId = await ctx.database.db.transaction(async (tx) => {
    const token = await consumeToken(tx, 'reset_password', hash, email);
    if (!token) throw badRequest(ACCOUNT_MSG.resetLinkInvalid);
    // token_version + 1: every session opened before the reset stops working. Receiving the
    // link also proves the address, so the account counts as verified from here on.
    const [changed] = await tx
      .update(users)
      .set({
        passwordHash,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        emailVerified: true,
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, token.userId), eq(users.email, email)))
      .returning({ id: users.id });
    if (!changed) throw badRequest(ACCOUNT_MSG.resetLinkInvalid);
    await retireTokens(tx, token.userId, 'reset_password');
    return token.userId;
  });
  // After the commit, before the answer: the old sessions end on their next request.
  await ctx.invalidation.publish('user', userId);
  return { message: ACCOUNT_MSG.passwordChanged };
}
