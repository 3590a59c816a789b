/**
 * GET /api/users/concessionarios (admin): who can be assigned to a burial record. Kept apart
 * from modules/users/users-routes.ts (accounts) because it belongs to the burial register's assignment panel.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { SEP_MSG } from '../../../src/domain/burial-messages';
import { AssigneeListItemSchema } from '../../../src/domain/schemas/burial';
import { requireCan } from '../../plugins/auth';
import { listAssignableUsers } from './burials-access';

export const assigneeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/users/concessionarios',
    {
      preHandler: [app.authenticate, requireCan('burial:assign', SEP_MSG.forbiddenConcessionarios)],
      schema: { response: { 200: Type.Array(AssigneeListItemSchema) } },
    },
    async () => listAssignableUsers(app.ctx),
  );
};
