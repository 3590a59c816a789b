/**
 * /api/users: profile edit (self or admin) and user management (admin). Thin: schema, guard,
 * service (modules/users/users-update.ts, modules/users/users-admin.ts). The schemas are the
 * API's (src/domain/schemas/user.ts): every input closed, and every 2xx answer has one too, so
 * the serializer drops any field not listed there (a second guard, after users-views.ts,
 * against ever sending a hash).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCOUNT_MSG, emailChangePending } from '../../../src/domain/account-messages';
import { MSG } from '../../../src/domain/messages';
import { MessageSchema } from '../../../src/domain/schemas/common';
import {
  AccountUserSchema,
  AdminCreateBodySchema,
  AdminPatchBodySchema,
  MessageUserAnswerSchema,
  ProfileAnswerSchema,
  ProfileBodySchema,
  PublicUserSchema,
  RoleBodySchema,
  UserIdParamsSchema,
  UserListPageSchema,
  UserListQuerySchema,
} from '../../../src/domain/schemas/user';
import { namesNoImage } from '../../../src/domain/user-rules';
import type { UserRow } from '../../db/schema';
import { badRequest, unauthorized, unprocessable } from '../../lib/http-error';
import { requireCan } from '../../plugins/auth';
import { type FormOptions, formValidatorCompiler, readForm, uploadsOf } from '../../plugins/forms';
import { toCurrentUser } from './users';
import {
  adminCreate,
  changeRole,
  deleteUser,
  getUser,
  LIST_LIMIT_DEFAULT,
  listUsers,
} from './users-admin';
import { updateUser, withoutEchoed } from './users-update';

/**
 * How plugins/forms.ts reads the user forms that may come as multipart with one photo in the
 * `image` part (admin-create, PATCH /users/:id, PATCH /users/edit/:id): both shapes pass the
 * same body schema, so the answers to bad input are the same either way.
 */
const USER_FORM: FormOptions = {
  fileFields: ['image'],
  maxFiles: 1,
  // Product spec §5: empty values are left out of multipart payloads; treat a sent one the same.
  dropEmpty: 'all',
};

/** An empty password field means "keep the current one" (spec §7: empty password omitted). */
function optionalPassword(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

export const userAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = [app.authenticate, requireCan('user:manage')];
  // The guards guarantee a user; this keeps TypeScript honest without a cast.
  const me = (user: UserRow | null): UserRow => {
    if (!user) throw unauthorized(MSG.unauthenticated);
    return user;
  };

  app.get(
    '/users',
    {
      preHandler: app.authenticate,
      schema: {
        querystring: UserListQuerySchema,
        response: { 200: UserListPageSchema },
      },
    },
    async (request) =>
      listUsers(
        app.ctx,
        me(request.user),
        request.query.q,
        request.query.limit ?? LIST_LIMIT_DEFAULT,
        request.query.page ?? 1,
      ),
  );

  app.get(
    '/users/:id',
    {
      preHandler: app.identify,
      schema: {
        params: UserIdParamsSchema,
        response: { 200: Type.Union([AccountUserSchema, PublicUserSchema]) },
      },
    },
    async (request) => getUser(app.ctx, request.user, request.params.id),
  );

  app.post(
    '/users/admin-create',
    {
      preHandler: [...admin, readForm(AdminCreateBodySchema, USER_FORM)],
      validatorCompiler: formValidatorCompiler(app),
      schema: { body: AdminCreateBodySchema, response: { 201: MessageUserAnswerSchema } },
    },
    async (request, reply) => {
      const { image: imageText, ...body } = request.body;
      // A photo comes as a file; in JSON `image` is at most a leftover (schemas/user.ts).
      if (typeof imageText === 'string' && !namesNoImage(imageText)) {
        throw badRequest(ACCOUNT_MSG.imageAsFile, 'image');
      }
      // An empty file goes to the image pipeline too (415, the same on every upload route).
      const image = uploadsOf(request)[0]?.data;
      const user = await adminCreate(app.ctx, body, image);
      return reply.code(201).send({ message: ACCOUNT_MSG.userCreated, user: toCurrentUser(user) });
    },
  );

  app.patch(
    '/users/:id',
    {
      preHandler: [...admin, readForm(AdminPatchBodySchema, USER_FORM)],
      validatorCompiler: formValidatorCompiler(app),
      schema: {
        params: UserIdParamsSchema,
        body: AdminPatchBodySchema,
        response: { 200: MessageUserAnswerSchema },
      },
    },
    async (request) => {
      const { body } = request;
      // An empty file goes to the image pipeline too (415, the same on every upload route).
      const image = uploadsOf(request)[0]?.data;
      const changes = { ...withoutEchoed(body), ...(image ? { image } : {}) };
      const { user } = await updateUser(app.ctx, me(request.user), request.params.id, changes);
      return { message: ACCOUNT_MSG.userUpdated, user: toCurrentUser(user) };
    },
  );

  app.patch(
    '/users/:id/role',
    {
      preHandler: admin,
      schema: {
        params: UserIdParamsSchema,
        body: RoleBodySchema,
        response: { 200: MessageUserAnswerSchema },
      },
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
    { preHandler: admin, schema: { params: UserIdParamsSchema, response: { 200: MessageSchema } } },
    async (request) => {
      await deleteUser(app.ctx, me(request.user), request.params.id);
      return { message: ACCOUNT_MSG.userDeleted };
    },
  );

  app.patch(
    '/users/edit/:id',
    {
      preHandler: [app.authenticate, readForm(ProfileBodySchema, USER_FORM)],
      validatorCompiler: formValidatorCompiler(app),
      schema: {
        params: UserIdParamsSchema,
        body: ProfileBodySchema,
        response: { 200: ProfileAnswerSchema },
      },
    },
    async (request) => {
      const { body } = request;
      // An empty file goes to the image pipeline too (415, the same on every upload route).
      const image = uploadsOf(request)[0]?.data;
      const { password, confirmpassword, cpf, ...rest } = withoutEchoed(body);
      const newPassword = optionalPassword(password);
      const confirmation = optionalPassword(confirmpassword);
      if (confirmation !== undefined && confirmation !== newPassword) {
        throw unprocessable(MSG.passwordMismatch, 'confirmpassword');
      }
      const result = await updateUser(app.ctx, me(request.user), request.params.id, {
        ...rest,
        ...(cpf !== undefined ? { echoedCpf: cpf } : {}),
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
