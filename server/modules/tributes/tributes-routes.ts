/**
 * /api/sepultados/:id/comentarios — tributes. Thin: schema, guard, service.
 *  GET    public list, newest first (page/limit, optional anchor or before cursor);
 *  POST   logged in and verified; JSON or multipart; 201 with the tribute, also on a replay
 *         of the same Idempotency-Key / clientId (then with "Idempotent-Replayed: true");
 *  DELETE the author or an admin.
 * Paging, idempotency and limits are explained in server/modules/tributes/.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { MSG } from '../../../src/domain/messages';
import { IdempotencyHeadersSchema, MessageSchema } from '../../../src/domain/schemas/common';
import {
  TributeBodySchema,
  TributeItemSchema,
  TributeListQuerySchema,
  TributeListSchema,
  TributeParamsSchema,
  TributeRecordParamsSchema,
} from '../../../src/domain/schemas/tribute';
import { TRIBUTE_MSG } from '../../../src/domain/tribute-rules';
import { unauthorized } from '../../lib/http-error';
import { requireVerified } from '../../plugins/auth';
import { formValidatorCompiler, readForm, uploadsOf } from '../../plugins/forms';
import { TRIBUTE_FORM, toTributeInput } from './tributes-input';
import { listTributes } from './tributes-read';
import { postTribute, removeTribute } from './tributes-write';

export const tributeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The shared guard, with spec §5's words for a visitor who tries to post. */
  const authenticateToComment = async (request: FastifyRequest) => {
    if (!request.headers.authorization) throw unauthorized(TRIBUTE_MSG.loginRequired);
    await app.authenticate(request);
  };

  app.get(
    '/sepultados/:id/comentarios',
    {
      schema: {
        params: TributeRecordParamsSchema,
        querystring: TributeListQuerySchema,
        response: { 200: TributeListSchema },
      },
    },
    async (request) => listTributes(app.ctx, request.params.id, request.query),
  );

  app.post(
    '/sepultados/:id/comentarios',
    {
      schema: {
        params: TributeRecordParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: TributeBodySchema,
        response: { 201: TributeItemSchema },
      },
      preHandler: [
        authenticateToComment,
        requireVerified,
        readForm(TributeBodySchema, TRIBUTE_FORM),
      ],
      validatorCompiler: formValidatorCompiler(app),
    },
    async (request, reply) => {
      // The guards guarantee the user; the check keeps TypeScript honest without a cast.
      if (!request.user) throw unauthorized(MSG.unauthenticated);
      const input = toTributeInput(
        request.body,
        uploadsOf(request),
        request.headers['idempotency-key'],
      );
      const result = await postTribute(app.ctx, request.user, request.params.id, input, request.ip);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(result.item);
    },
  );

  app.delete(
    '/sepultados/:id/comentarios/:commentId',
    {
      schema: { params: TributeParamsSchema, response: { 200: MessageSchema } },
      preHandler: app.authenticate,
    },
    async (request) => {
      if (!request.user) throw unauthorized(MSG.unauthenticated);
      await removeTribute(app.ctx, request.user, request.params.id, request.params.commentId);
      return { message: TRIBUTE_MSG.removed };
    },
  );
};
