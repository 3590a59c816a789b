/**
 * GET /api/users/concessionarios (admin): who can be assigned to a burial record. Kept apart
 * from routes/users.ts (accounts) because it belongs to the burial register's assignment panel.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MSG } from '../../src/domain/messages';
import { SEP_MSG } from '../../src/domain/sepultado-messages';
import { forbidden, unauthorized } from '../http-error';
import { listConcessionarios } from '../services/sepultados-access';
import { ConcessionarioItemSchema } from './sepultado-schemas';

export const concessionarioRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/users/concessionarios',
    {
      preHandler: [
        app.authenticate,
        async (request) => {
          if (!request.user) throw unauthorized(MSG.unauthenticated);
          if (request.user.role !== 'admin') throw forbidden(SEP_MSG.forbiddenConcessionarios);
        },
      ],
      schema: { response: { 200: Type.Array(ConcessionarioItemSchema) } },
    },
    async () => listConcessionarios(app.ctx),
  );
};
