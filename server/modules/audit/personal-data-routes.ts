/** Personal data on request (LGPD): GET /api/users/:id/dados, DELETE /api/users/:id/conta. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AUDIT_MSG } from '../../../src/domain/audit-rules';
import { MSG } from '../../../src/domain/messages';
import { PersonalDataSchema, SubjectParamsSchema } from '../../../src/domain/schemas/audit';
import { MessageSchema } from '../../../src/domain/schemas/common';
import type { UserRow } from '../../db/schema';
import { unauthorized } from '../../lib/http-error';
import { deleteOwnAccount, exportPersonalData } from './personal-data';

function userOf(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized(MSG.unauthenticated);
  return request.user;
}

/** The deletion is said twice: the screen asks, and the request carries the answer. */
const DeleteAccountBodySchema = Type.Object(
  { confirmar: Type.Literal(true) },
  { additionalProperties: false },
);

export const personalDataRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/users/:id/dados',
    {
      preHandler: app.authenticate,
      schema: { params: SubjectParamsSchema, response: { 200: PersonalDataSchema } },
    },
    async (request, reply) => {
      const data = await exportPersonalData(app.ctx, userOf(request), request.params.id);
      return reply
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename="memorial-dados-${data.account.id}.json"`,
        )
        .send(data);
    },
  );

  app.delete(
    '/users/:id/conta',
    {
      preHandler: app.authenticate,
      schema: {
        params: SubjectParamsSchema,
        body: DeleteAccountBodySchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => {
      await deleteOwnAccount(app.ctx, userOf(request), request.params.id);
      return { message: AUDIT_MSG.accountDeleted };
    },
  );
};
