/**
 * /api/users: profile edit (self or admin) and user management (admin). Thin: schema, guard,
 * service (services/user-update.ts, services/user-admin.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCOUNT_MSG, emailChangePending } from '../../src/domain/account-messages';
import { MSG } from '../../src/domain/messages';
import type { UserRow } from '../db/schema';
import { unauthorized, unprocessable } from '../http-error';
import { requireRole } from '../plugins/auth';
import {
  adminCreate,
  changeRole,
  deleteUser,
  getUser,
  LIST_LIMIT_DEFAULT,
  listUsers,
} from '../services/user-admin';
import { updateUser } from '../services/user-update';
import { toCurrentUser } from '../services/users';
import { userFormReader } from './user-input';
import {
  AccountUserSchema,
  AdminCreateBody,
  AdminPatchBody,
  EditAnswer,
  EditBody,
  IdParams,
  ListQuery,
  MessageAnswer,
  MessageUserAnswer,
  PublicUserSchema,
  RoleBody,
  UserListItemSchema,
} from './user-schemas';

const readCreate = userFormReader(AdminCreateBody);
const readAdminPatch = userFormReader(AdminPatchBody);
const readEdit = userFormReader(EditBody);

/** An empty password field means "keep the current one" (spec §7: empty password omitted). */
function optionalPassword(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

export const userAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = [app.authenticate, requireRole('admin')];
  // The guards guarantee a user; this keeps TypeScript honest without a cast.
  const me = (user: UserRow | null): UserRow => {
    if (!user) throw unauthorized(MSG.unauthenticated);
    return user;
  };

  app.get(
    '/users',
    {
      preHandler: app.authenticate,
      schema: { querystring: ListQuery, response: { 200: Type.Array(UserListItemSchema) } },
    },
    async (request) =>
      listUsers(
        app.ctx,
        me(request.user),
        request.query.q,
        request.query.limit ?? LIST_LIMIT_DEFAULT,
      ),
  );

  app.get(
    '/users/:id',
    {
      preHandler: app.identify,
      schema: {
        params: IdParams,
        response: { 200: Type.Union([AccountUserSchema, PublicUserSchema]) },
      },
    },
    async (request) => getUser(app.ctx, request.user, request.params.id),
  );

  app.post(
    '/users/admin-create',
    { preHandler: admin, schema: { response: { 201: MessageUserAnswer } } },
    async (request, reply) => {
      const { body, image } = await readCreate(request);
      const user = await adminCreate(app.ctx, body, image);
      return reply.code(201).send({ message: ACCOUNT_MSG.userCreated, user: toCurrentUser(user) });
    },
  );

  app.patch(
    '/users/:id',
    {
      preHandler: admin,
      schema: { params: IdParams, response: { 200: MessageUserAnswer } },
    },
    async (request) => {
      const { body, image } = await readAdminPatch(request);
      const changes = { ...body, ...(image ? { image } : {}) };
      const { user } = await updateUser(app.ctx, me(request.user), request.params.id, changes);
      return { message: ACCOUNT_MSG.userUpdated, user: toCurrentUser(user) };
    },
  );

  app.patch(
    '/users/:id/role',
    {
      preHandler: admin,
      schema: { params: IdParams, body: RoleBody, response: { 200: MessageUserAnswer } },
    },
    async (request) => {
      const user = await changeRole(
        app.ctx,
        me(request.user),
        request.params.id,
        request.body.role,
      );
      return { message: ACCOUNT_MSG.roleUpdated, user: toCurrentUser(user) };
    },
  );

  app.delete(
    '/users/:id',
    { preHandler: admin, schema: { params: IdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      await deleteUser(app.ctx, me(request.user), request.params.id);
      return { message: ACCOUNT_MSG.userDeleted };
    },
  );

  app.patch(
    '/users/edit/:id',
    {
      preHandler: app.authenticate,
      schema: { params: IdParams, response: { 200: EditAnswer } },
    },
    async (request) => {
      const { body, image } = await readEdit(request);
      const { password, confirmpassword, ...rest } = body;
      const newPassword = optionalPassword(password);
      const confirmation = optionalPassword(confirmpassword);
      if (confirmation !== undefined && confirmation !== newPassword) {
        throw unprocessable(MSG.passwordMismatch, 'confirmpassword');
      }
      const result = await updateUser(app.ctx, me(request.user), request.params.id, {
        ...rest,
        ...(newPassword !== undefined ? { password: newPassword } : {}),
        ...(image ? { image } : {}),
      });
      return {
        message: result.pendingEmail
          ? emailChangePending(result.pendingEmail)
          : ACCOUNT_MSG.profileUpdated,
        user: toCurrentUser(result.user),
        ...(result.token ? { token: result.token } : {}),
      };
    },
  );
};
