/**
 * /api/sepultados: the burial register (issue 3). Thin: schema, guard, service. Reads are
 * public; writes need a login and a role (spec §6), checked here before any body is read, so
 * a refused upload is never decoded.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { MSG } from '../../src/domain/messages';
import { type Action, canEver } from '../../src/domain/permissions';
import { SEP_MSG } from '../../src/domain/sepultado-messages';
import type { UserRow } from '../db/schema';
import { forbidden, unauthorized } from '../http-error';
import { editSepultado } from '../services/edit-idempotency';
import { readSepultadoRequest } from '../services/sepultado-input';
import { assignConcessionario, unassignConcessionario } from '../services/sepultados-access';
import { listMine, MINE_LIMIT } from '../services/sepultados-mine';
import { getSepultado, HOME_LIMIT, listRecent } from '../services/sepultados-read';
import { createSepultado, deleteSepultado } from '../services/sepultados-write';
import {
  AssignParams,
  CardSchema,
  ConflictAnswer,
  EditHeaders,
  IdParams,
  ListQuery,
  MessageOnly,
  MessageWithRecord,
  MineCardSchema,
  MineQuery,
  RecordSchema,
} from './sepultado-schemas';

/**
 * preHandler (after authenticate): the shared rule (src/domain/permissions.ts) for the action,
 * and the refusal's words for the rest.
 */
function only(action: Action, message: string) {
  return async (request: FastifyRequest) => {
    if (!request.user) throw unauthorized(MSG.unauthenticated);
    if (!canEver(request.user, action)) throw forbidden(message);
  };
}

/** The logged-in user of a route guarded by `authenticate`. */
function userOf(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized(MSG.unauthenticated);
  return request.user;
}

export const sepultadoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/sepultados',
    { schema: { querystring: ListQuery, response: { 200: Type.Array(CardSchema) } } },
    async (request) =>
      listRecent(app.ctx, {
        limit: Math.min(request.query.limit ?? HOME_LIMIT.default, HOME_LIMIT.max),
        before: request.query.before,
      }),
  );

  app.get(
    '/sepultados/meussepultados',
    {
      preHandler: [app.authenticate, only('burial:list-mine', SEP_MSG.forbiddenList)],
      schema: { querystring: MineQuery, response: { 200: Type.Array(MineCardSchema) } },
    },
    async (request) =>
      listMine(app.ctx, userOf(request), {
        q: request.query.q ?? '',
        limit: Math.min(request.query.limit ?? MINE_LIMIT.default, MINE_LIMIT.max),
      }),
  );

  app.get(
    '/sepultados/:id',
    { preHandler: app.identify, schema: { params: IdParams, response: { 200: RecordSchema } } },
    async (request) => getSepultado(app.ctx, request.params.id, request.user),
  );

  app.post(
    '/sepultados/create',
    {
      preHandler: [app.authenticate, only('burial:create', SEP_MSG.forbiddenCreate)],
      schema: { response: { 201: MessageWithRecord } },
    },
    async (request, reply) => {
      const input = await readSepultadoRequest(request, { allowRemovals: false });
      const sepultado = await createSepultado(app.ctx, userOf(request), input);
      return reply.code(201).send({ message: SEP_MSG.created, sepultado });
    },
  );

  // Field-level merge of stale edits and Idempotency-Key replays: services/edit-idempotency.ts.
  app.patch(
    '/sepultados/:id',
    {
      preHandler: app.authenticate,
      schema: {
        params: IdParams,
        headers: EditHeaders,
        response: { 200: MessageWithRecord, 409: ConflictAnswer },
      },
    },
    async (request, reply) => {
      const outcome = await editSepultado(
        app.ctx,
        userOf(request),
        request.params.id,
        request.headers['idempotency-key'] ?? null,
        () => readSepultadoRequest(request, { allowRemovals: true }),
      );
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(outcome.status).send(outcome.body);
    },
  );

  app.delete(
    '/sepultados/:id',
    {
      preHandler: [app.authenticate, only('burial:delete', SEP_MSG.forbiddenDelete)],
      schema: { params: IdParams, response: { 200: MessageOnly } },
    },
    async (request) => {
      await deleteSepultado(app.ctx, request.params.id);
      return { message: SEP_MSG.removed };
    },
  );

  app.patch(
    '/sepultados/:id/atribuir/:userId',
    {
      preHandler: [app.authenticate, only('burial:assign', SEP_MSG.forbiddenAssign)],
      schema: { params: AssignParams, response: { 200: MessageWithRecord } },
    },
    async (request) => {
      const { id, userId } = request.params;
      const sepultado = await assignConcessionario(app.ctx, userOf(request), id, userId);
      return { message: SEP_MSG.assigned, sepultado };
    },
  );

  app.patch(
    '/sepultados/:id/desatribuir/:userId',
    {
      preHandler: [app.authenticate, only('burial:assign', SEP_MSG.forbiddenUnassign)],
      schema: { params: AssignParams, response: { 200: MessageWithRecord } },
    },
    async (request) => {
      const { id, userId } = request.params;
      const sepultado = await unassignConcessionario(app.ctx, userOf(request), id, userId);
      return { message: SEP_MSG.unassigned, sepultado };
    },
  );
};
