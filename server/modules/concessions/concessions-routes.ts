/**
 * Concessions (contract in src/domain/schemas/concession.ts): admins grant and manage them; the
 * account linked to a titular may read its own. Every answer carries the titular's personal
 * data, so every route is behind a login and can(). Thin: schema, guard, service.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CONC_MSG } from '../../../src/domain/concession-rules';
import { GRAVE_MSG } from '../../../src/domain/grave-rules';
import { MSG } from '../../../src/domain/messages';
import { can } from '../../../src/domain/permissions';
import {
  CloseSchema,
  ConcessionCreateSchema,
  ConcessionEditSchema,
  ConcessionIdParamsSchema,
  ConcessionSchema,
  FeeCreateSchema,
  FeePaySchema,
  RenewSchema,
  TransferSchema,
} from '../../../src/domain/schemas/concession';
import { forbidden, notFound, unauthorized } from '../../lib/http-error';
import { requireCan } from '../../plugins/auth';
import { findGrave } from '../graves/public';
import { graveConcessions } from './concessions-read';
import {
  addFee,
  closeConcession,
  editConcession,
  grantConcession,
  payFee,
  renewConcession,
  transferConcession,
} from './concessions-write';

const Params = ConcessionIdParamsSchema;
const one = { 200: ConcessionSchema };

export const concessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = [app.authenticate, requireCan('concession:manage', CONC_MSG.forbidden)];
  const userOf = (request: { user: import('../../db/schema').UserRow | null }) => {
    if (!request.user) throw unauthorized(MSG.unauthenticated);
    return request.user;
  };

  app.get(
    '/sepulturas/:id/concessoes',
    {
      preHandler: app.authenticate,
      schema: { params: Params, response: { 200: Type.Array(ConcessionSchema) } },
    },
    async (request, reply) => {
      const user = userOf(request);
      if (!(await findGrave(app.ctx, request.params.id))) throw notFound(GRAVE_MSG.notFound);
      const all = can(user, 'concession:manage');
      const list = await graveConcessions(app.ctx, request.params.id, all ? null : user.id);
      // Someone else's grave: the same answer whether or not it has concessions.
      if (!all && list.length === 0) throw forbidden(CONC_MSG.viewForbidden);
      return reply.header('cache-control', 'private, no-store').send(list);
    },
  );

  app.post(
    '/sepulturas/:id/concessoes',
    {
      preHandler: admin,
      schema: { params: Params, body: ConcessionCreateSchema, response: { 201: ConcessionSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await grantConcession(app.ctx, userOf(request), request.params.id, request.body)),
  );

  app.patch(
    '/concessoes/:id',
    { preHandler: admin, schema: { params: Params, body: ConcessionEditSchema, response: one } },
    async (request) => editConcession(app.ctx, request.params.id, request.body),
  );

  app.post(
    '/concessoes/:id/renovacoes',
    { preHandler: admin, schema: { params: Params, body: RenewSchema, response: one } },
    async (request) => renewConcession(app.ctx, userOf(request), request.params.id, request.body),
  );

  app.post(
    '/concessoes/:id/transferencia',
    { preHandler: admin, schema: { params: Params, body: TransferSchema, response: one } },
    async (request) =>
      transferConcession(app.ctx, userOf(request), request.params.id, request.body),
  );

  app.post(
    '/concessoes/:id/encerramento',
    { preHandler: admin, schema: { params: Params, body: CloseSchema, response: one } },
    async (request) => closeConcession(app.ctx, request.params.id, request.body),
  );

  app.post(
    '/concessoes/:id/taxas',
    {
      preHandler: admin,
      schema: { params: Params, body: FeeCreateSchema, response: { 201: ConcessionSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await addFee(app.ctx, request.params.id, request.body)),
  );

  app.patch(
    '/taxas/:id',
    { preHandler: admin, schema: { params: Params, body: FeePaySchema, response: one } },
    async (request) => payFee(app.ctx, request.params.id, request.body),
  );
};
