/**
 * /api/sepultados: the burial register. Thin: schema, guard, service. Reads are
 * public; writes need a login and a role (spec §6), checked here before any body is read, so
 * a refused upload is never decoded.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { SEP_MSG } from '../../../src/domain/burial-messages';
import { MSG } from '../../../src/domain/messages';
import {
  AssignParamsSchema,
  BurialBodySchema,
  BurialCardSchema,
  BurialIdParamsSchema,
  BurialListQuerySchema,
  BurialRecordSchema,
  EditConflictSchema,
  MessageWithBurialSchema,
  MineCardSchema,
  MineQuerySchema,
} from '../../../src/domain/schemas/burial';
import { IdempotencyHeadersSchema, MessageSchema } from '../../../src/domain/schemas/common';
import type { UserRow } from '../../db/schema';
import { unauthorized } from '../../lib/http-error';
import { requireCan } from '../../plugins/auth';
import { formValidatorCompiler, readForm, uploadsOf } from '../../plugins/forms';
import { addAssignee, removeAssignee } from './burials-access';
import { editBurial } from './burials-edit-idempotency';
import { BURIAL_FORM, toBurialRequest } from './burials-input';
import { listMine, MINE_LIMIT } from './burials-mine';
import { getBurial, HOME_LIMIT, listRecent } from './burials-read';
import { createBurial, deleteBurial } from './burials-write';

/** The logged-in user of a route guarded by `authenticate`. */
function userOf(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized(MSG.unauthenticated);
  return request.user;
}

export const burialRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/sepultados',
    {
      schema: {
        querystring: BurialListQuerySchema,
        response: { 200: Type.Array(BurialCardSchema) },
      },
    },
    async (request) =>
      listRecent(app.ctx, {
        limit: Math.min(request.query.limit ?? HOME_LIMIT.default, HOME_LIMIT.max),
        before: request.query.before,
      }),
  );

  app.get(
    '/sepultados/meussepultados',
    {
      preHandler: [app.authenticate, requireCan('burial:list-mine', SEP_MSG.forbiddenList)],
      schema: { querystring: MineQuerySchema, response: { 200: Type.Array(MineCardSchema) } },
    },
    async (request) =>
      listMine(app.ctx, userOf(request), {
        q: request.query.q ?? '',
        limit: Math.min(request.query.limit ?? MINE_LIMIT.default, MINE_LIMIT.max),
      }),
  );

  app.get(
    '/sepultados/:id',
    {
      preHandler: app.identify,
      schema: { params: BurialIdParamsSchema, response: { 200: BurialRecordSchema } },
    },
    async (request) => getBurial(app.ctx, request.params.id, request.user),
  );

  app.post(
    '/sepultados/create',
    {
      preHandler: [
        app.authenticate,
        requireCan('burial:create', SEP_MSG.forbiddenCreate),
        readForm(BurialBodySchema, BURIAL_FORM),
      ],
      validatorCompiler: formValidatorCompiler(app),
      schema: { body: BurialBodySchema, response: { 201: MessageWithBurialSchema } },
    },
    async (request, reply) => {
      const input = toBurialRequest(request.body, uploadsOf(request), request.headers['if-match'], {
        allowRemovals: false,
      });
      const sepultado = await createBurial(app.ctx, userOf(request), input);
      return reply.code(201).send({ message: SEP_MSG.created, sepultado });
    },
  );

  // Field-level merge of stale edits and Idempotency-Key replays: modules/burials/burials-edit-idempotency.ts.
  app.patch(
    '/sepultados/:id',
    {
      // The role first (a refused upload is never read); the assignment once the record is read.
      preHandler: [
        app.authenticate,
        requireCan('burial:edit', SEP_MSG.forbiddenEdit),
        readForm(BurialBodySchema, BURIAL_FORM),
      ],
      validatorCompiler: formValidatorCompiler(app),
      schema: {
        params: BurialIdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: BurialBodySchema,
        response: { 200: MessageWithBurialSchema, 409: EditConflictSchema },
      },
    },
    async (request, reply) => {
      const outcome = await editBurial(
        app.ctx,
        userOf(request),
        request.params.id,
        request.headers['idempotency-key'] ?? null,
        toBurialRequest(request.body, uploadsOf(request), request.headers['if-match'], {
          allowRemovals: true,
        }),
      );
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(outcome.status).send(outcome.body);
    },
  );

  app.delete(
    '/sepultados/:id',
    {
      preHandler: [app.authenticate, requireCan('burial:delete', SEP_MSG.forbiddenDelete)],
      schema: { params: BurialIdParamsSchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      await deleteBurial(app.ctx, request.params.id);
      return { message: SEP_MSG.removed };
    },
  );

  app.patch(
    '/sepultados/:id/atribuir/:userId',
    {
      preHandler: [app.authenticate, requireCan('burial:assign', SEP_MSG.forbiddenAssign)],
      schema: { params: AssignParamsSchema, response: { 200: MessageWithBurialSchema } },
    },
    async (request) => {
      const { id, userId } = request.params;
      const sepultado = await addAssignee(app.ctx, userOf(request), id, userId);
      return { message: SEP_MSG.assigned, sepultado };
    },
  );

  app.patch(
    '/sepultados/:id/desatribuir/:userId',
    {
      preHandler: [app.authenticate, requireCan('burial:assign', SEP_MSG.forbiddenUnassign)],
      schema: { params: AssignParamsSchema, response: { 200: MessageWithBurialSchema } },
    },
    async (request) => {
      const { id, userId } = request.params;
      const sepultado = await removeAssignee(app.ctx, userOf(request), id, userId);
      return { message: SEP_MSG.unassigned, sepultado };
    },
  );
};
