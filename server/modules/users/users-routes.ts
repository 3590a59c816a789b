/**
 * /api/users: registration, login and the current-user check (thin: schema, guard, service),
 * plus the account flows and user management, registered from their own files.
 */
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { MSG } from '../../../src/domain/messages';
import {
  AccountUserSchema,
  LoginBodySchema,
  RegisterBodySchema,
} from '../../../src/domain/schemas/user';
import { unauthorized } from '../../lib/http-error';
import { userAccountRoutes } from './account-routes';
import { endSession } from './logout';
import { login, register, toCurrentUser } from './users';
import { userAdminRoutes } from './users-admin-routes';

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Answers here carry personal data or session tokens: no cache (browser, proxy or SW) keeps them.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });
  await app.register(userAccountRoutes);
  await app.register(userAdminRoutes);

  app.post('/users/register', { schema: { body: RegisterBodySchema } }, async (request, reply) => {
    await register(app.ctx, request.body, request.ip);
    return reply.code(201).send({ message: MSG.registered });
  });

  app.post('/users/login', { schema: { body: LoginBodySchema } }, async (request, reply) => {
    const { token, user, deviceCookie } = await login(
      app.ctx,
      request.body.email,
      request.body.password,
      request.ip,
      request.headers.cookie,
    );
    reply.header('set-cookie', deviceCookie);
    return { token, message: MSG.loginOk, user: toCurrentUser(user) };
  });

  // "Sair": the token that asks is refused from now on, by every instance (not in the spec's
  // API, which ends a session on the device only; docs/decisions/0184-logout-ends-the-token.md).
  app.post(
    '/users/logout',
    { preHandler: app.authenticate, schema: { response: { 204: Type.Null() } } },
    async (request, reply) => {
      await endSession(app.ctx, request.tokenClaims);
      return reply.code(204).send(null);
    },
  );

  // The user object itself, `role` at its top level (spec §7 lets a client read "user,
  // currentUser or the object itself"; the original app's profile screen reads the body as the
  // user, so this one shape serves both clients — docs/compatibility.md).
  app.get(
    '/users/checkuser',
    { preHandler: app.authenticate, schema: { response: { 200: AccountUserSchema } } },
    async (request) => {
      // authenticate guarantees the user; the check keeps TypeScript honest without a cast.
      if (!request.user) throw unauthorized(MSG.unauthenticated);
      return toCurrentUser(request.user);
    },
  );
};
