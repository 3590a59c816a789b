/**
 * GET /api/prazos and /api/prazos/exportar: the office's deadlines of one cemetery, as a page or
 * as a file (admin; src/domain/schemas/deadline.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CEM_MSG } from '../../../src/domain/cemetery-messages';
import { DEADLINE_MSG } from '../../../src/domain/deadline-rules';
import {
  DeadlineAnswerSchema,
  DeadlineExportQuerySchema,
  DeadlineQuerySchema,
  ExhumationRuleSchema,
} from '../../../src/domain/schemas/deadline';
import { notFound, unprocessable } from '../../lib/http-error';
import { requireCan } from '../../plugins/auth';
import { cemeteryExists, deadlines, exhumationRule, setExhumationRule } from './deadlines';
import { deadlinesFile } from './deadlines-export';

export const deadlineRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/prazos',
    {
      preHandler: [app.authenticate, requireCan('deadline:view', DEADLINE_MSG.forbidden)],
      schema: { querystring: DeadlineQuerySchema, response: { 200: DeadlineAnswerSchema } },
    },
    async (request, reply) => {
      if (!(await cemeteryExists(app.ctx, request.query.cemiterioId))) {
        throw unprocessable(DEADLINE_MSG.cemeteryNotFound, 'cemiterioId');
      }
      const answer = await deadlines(app.ctx, request.query);
      return reply.header('cache-control', 'private, no-store').send(answer);
    },
  );

  app.get(
    '/prazos/exportar',
    {
      preHandler: [app.authenticate, requireCan('deadline:view', DEADLINE_MSG.forbidden)],
      schema: { querystring: DeadlineExportQuerySchema },
    },
    async (request, reply) => {
      if (!(await cemeteryExists(app.ctx, request.query.cemiterioId))) {
        throw unprocessable(DEADLINE_MSG.cemeteryNotFound, 'cemiterioId');
      }
      const file = await deadlinesFile(app.ctx, request.query);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );

  const ruleParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{24}$' }) });
  app.get(
    '/cemiterios/:id/exumacao',
    {
      preHandler: [app.authenticate, requireCan('deadline:view', DEADLINE_MSG.forbidden)],
      schema: { params: ruleParams, response: { 200: ExhumationRuleSchema } },
    },
    async (request) => {
      const rule = await exhumationRule(app.ctx, request.params.id);
      if (!rule) throw notFound(CEM_MSG.notFound);
      return rule;
    },
  );
  app.put(
    '/cemiterios/:id/exumacao',
    {
      preHandler: [app.authenticate, requireCan('cemetery:manage', CEM_MSG.forbidden)],
      schema: {
        params: ruleParams,
        body: ExhumationRuleSchema,
        response: { 200: ExhumationRuleSchema },
      },
    },
    async (request) => {
      const rule = await setExhumationRule(app.ctx, request.params.id, request.body);
      if (!rule) throw notFound(CEM_MSG.notFound);
      return rule;
    },
  );
};
