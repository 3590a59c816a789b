/**
 * Authentication on every request that carries a token, and guards for routes. The user row is
 * looked up on each authenticated request (in the app's UserCache, which every write to a user
 * drops through the invalidation bus before it answers, server/lib/user-cache.ts), so a role
 * change, a password reset or a deletion takes effect on the next request instead of when the
 * token expires.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { verifyToPost } from '../../src/domain/account-messages';
import { MSG } from '../../src/domain/messages';
import { AUTH_REASON } from '../../src/domain/outcome';
import { type Action, canEver } from '../../src/domain/permissions';
import { type UserRow, users } from '../db/schema';
import { forbidden, HttpError, unauthorized } from '../lib/http-error';
import type { VerifiedClaims } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, once `authenticate` or `identify` ran; null for visitors. */
    user: UserRow | null;
    /** What the user's token said (its id, its expiry), beside `user`. */
    tokenClaims: VerifiedClaims | null;
  }
}

/** Reads "Authorization: Bearer <token>"; anything else is a malformed header. */
function bearerToken(header: string | undefined): string | null | 'malformed' {
  if (header === undefined || header === '') return null;
  const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header.trim());
  return match?.[1] ?? 'malformed';
}

// One prepared statement per app (made when the plugin registers): this read runs on every
// authenticated request.
function prepareUserById(app: FastifyInstance) {
  return app.ctx.database.db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_user_by_id');
}
type UserById = ReturnType<typeof prepareUserById>;

async function resolveUser(
  app: FastifyInstance,
  userById: UserById,
  request: FastifyRequest,
): Promise<{ row: UserRow; claims: VerifiedClaims } | null> {
  const token = bearerToken(request.headers.authorization);
  if (token === null) return null;
  if (token === 'malformed') throw unauthorized(MSG.sessionInvalid);
  const claims = app.ctx.tokens.verify(token);
  if (!claims) throw unauthorized(MSG.sessionInvalid);
  const row = await app.ctx.userCache.get(claims.sub, async (id) => {
    const [found] = await userById.execute({ id });
    return found ?? null;
  });
  // A valid signature for an account that no longer exists: say so (the client keeps that
  // person's queued work for a decision instead of waiting for a login that cannot happen).
  if (!row) throw unauthorized(MSG.accountGone, AUTH_REASON.accountDeleted);
  // A password change, reset or role change ended every token of the person; "Sair" this one.
  if (row.tokenVersion !== claims.tv || (claims.jti && app.ctx.revokedTokens.has(claims.jti))) {
    throw unauthorized(MSG.sessionInvalid, AUTH_REASON.sessionEnded);
  }
  return { row, claims };
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenClaims', null);
  const userById = prepareUserById(app);

  /** For routes that need a login. */
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const found = await resolveUser(app, userById, request);
    if (!found) throw unauthorized(MSG.unauthenticated);
    request.user = found.row;
    request.tokenClaims = found.claims;
  });

  /** For public routes that show more to some people: a bad token is still an error. */
  app.decorate('identify', async (request: FastifyRequest) => {
    const found = await resolveUser(app, userById, request);
    request.user = found?.row ?? null;
    request.tokenClaims = found?.claims ?? null;
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
    identify(request: FastifyRequest): Promise<void>;
  }
}

/**
 * The one role guard: a preHandler (run after `authenticate`) that lets through whoever the
 * shared rule (src/domain/permissions.ts) lets do `action` at all, and refuses the rest with 403
 * and the route's words. What depends on the resource (an assignment, the author) is checked by
 * the service with `can`, once the resource is read.
 */
export function requireCan(action: Action, message: string = MSG.forbidden) {
  const guard = async (request: FastifyRequest) => {
    if (!request.user) throw unauthorized(MSG.unauthenticated);
    if (!canEver(request.user, action)) throw forbidden(message);
  };
  guardActions.set(guard, action);
  return guard;
}

/** The action each requireCan guard checks, for the API description (plugins/openapi.ts). */
const guardActions = new WeakMap<object, Action>();

/** The action a route handler guards, when it is one of requireCan's guards. */
export function guardedAction(handler: unknown): Action | undefined {
  return typeof handler === 'function' ? guardActions.get(handler) : undefined;
}

/**
 * preHandler for posting tributes (run after `authenticate`). Decision (docs/decisions.md): an
 * unverified account may log in, read and edit its profile, but publishes nothing until its
 * e-mail is confirmed, so a throwaway address cannot be used to post. The 403 names the field
 * `emailVerified` so the client can offer "reenviar link" (POST /api/users/resend-verification).
 */
export async function requireVerified(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized(MSG.unauthenticated);
  if (!request.user.emailVerified) {
    throw new HttpError(403, verifyToPost(request.user.email), 'emailVerified');
  }
}
