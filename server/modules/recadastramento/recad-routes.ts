/**
 * Re-registration routes (contract in src/domain/schemas/recadastramento.ts). The office
 * (recadastramento:manage) runs campaigns and answers requests; a signed-in person sends
 * requests and reads their own. A request's CPF, phone and document never reach anyone else:
 * another person asking for it gets the same 404 as for a request that does not exist.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { GRAVE_MSG } from '../../../src/domain/grave-rules';
import { MSG } from '../../../src/domain/messages';
import { can } from '../../../src/domain/permissions';
import { RECAD_LIMITS, RECAD_MSG } from '../../../src/domain/recadastramento-rules';
import {
  CampaignCreateSchema,
  CampaignListQuerySchema,
  CampaignSchema,
  DecisionSchema,
  GraveRecadSchema,
  ProgressSchema,
  RecadIdParamsSchema,
  RequestBodySchema,
  RequestListQuerySchema,
  RequestListSchema,
  RequestSchema,
} from '../../../src/domain/schemas/recadastramento';
import { notFound, unauthorized } from '../../lib/http-error';
import { readImage } from '../../lib/images';
import { requireCan } from '../../plugins/auth';
import { formValidatorCompiler, readForm, uploadsOf } from '../../plugins/forms';
import { findGrave } from '../graves/public';
import {
  campaignProgress,
  findCampaign,
  listCampaigns,
  listRequests,
  openCampaignOfGrave,
  ownRequests,
  requestDocument,
} from './recad-read';
import { closeCampaign, createCampaign, decideRequest, submitRequest } from './recad-write';

const Params = RecadIdParamsSchema;
const PRIVATE = 'private, no-store';

export const recadastramentoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const office = [app.authenticate, requireCan('recadastramento:manage', RECAD_MSG.forbidden)];
  const userOf = (request: { user: import('../../db/schema').UserRow | null }) => {
    if (!request.user) throw unauthorized(MSG.unauthenticated);
    return request.user;
  };

  app.get(
    '/sepulturas/:id/recadastramento',
    {
      preHandler: app.identify,
      schema: { params: Params, response: { 200: GraveRecadSchema } },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await findGrave(app.ctx, id))) throw notFound(GRAVE_MSG.notFound);
      const [campanha, pedidos] = await Promise.all([
        openCampaignOfGrave(app.ctx, id),
        request.user ? ownRequests(app.ctx, request.user.id, id) : Promise.resolve([]),
      ]);
      return reply.header('cache-control', PRIVATE).send({ campanha, pedidos });
    },
  );

  app.post(
    '/sepulturas/:id/recadastramento',
    {
      preHandler: [
        async (request) => {
          if (!request.headers.authorization) throw unauthorized(RECAD_MSG.loginRequired);
          await app.authenticate(request);
        },
        requireCan('recadastramento:request'),
        readForm(RequestBodySchema, {
          fileFields: ['documento'],
          maxFiles: 2,
          oneFile: { message: RECAD_MSG.oneDocument, field: 'documento' },
          dropEmpty: ['documento'],
        }),
      ],
      validatorCompiler: formValidatorCompiler(app),
      schema: { params: Params, body: RequestBodySchema, response: { 201: RequestSchema } },
    },
    async (request, reply) => {
      const user = userOf(request);
      const files = uploadsOf(request).map((f) => f.data);
      const made = await submitRequest(app.ctx, user, request.params.id, request.body, files);
      return reply.code(201).header('cache-control', PRIVATE).send(made);
    },
  );

  app.get(
    '/recadastramento/meus',
    { preHandler: app.authenticate, schema: { response: { 200: Type.Array(RequestSchema) } } },
    async (request, reply) =>
      reply.header('cache-control', PRIVATE).send(await ownRequests(app.ctx, userOf(request).id)),
  );

  app.get(
    '/recadastramento/pedidos/:id/documento',
    { preHandler: app.authenticate, schema: { params: Params } },
    async (request, reply) => {
      const user = userOf(request);
      const doc = await requestDocument(app.ctx, request.params.id);
      // Someone else's request answers as one that does not exist.
      if (!doc || !can(user, 'recadastramento:view', { ownerId: doc.userId })) {
        throw notFound(RECAD_MSG.requestNotFound);
      }
      const bytes = await readImage(app.ctx, 'recadastramento', doc.documento);
      if (!bytes) throw notFound(RECAD_MSG.requestNotFound);
      return reply.header('cache-control', PRIVATE).type('image/webp').send(bytes);
    },
  );

  app.get(
    '/recadastramento/campanhas',
    {
      preHandler: office,
      schema: {
        querystring: CampaignListQuerySchema,
        response: { 200: Type.Array(CampaignSchema) },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', PRIVATE)
        .send(await listCampaigns(app.ctx, request.query.cemiterioId)),
  );

  app.post(
    '/recadastramento/campanhas',
    {
      preHandler: office,
      schema: { body: CampaignCreateSchema, response: { 201: CampaignSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await createCampaign(app.ctx, userOf(request), request.body)),
  );

  app.post(
    '/recadastramento/campanhas/:id/encerramento',
    { preHandler: office, schema: { params: Params, response: { 200: CampaignSchema } } },
    async (request) => closeCampaign(app.ctx, request.params.id),
  );

  app.get(
    '/recadastramento/campanhas/:id/progresso',
    { preHandler: office, schema: { params: Params, response: { 200: ProgressSchema } } },
    async (request, reply) => {
      const campanha = await findCampaign(app.ctx, request.params.id);
      if (!campanha) throw notFound(RECAD_MSG.campaignNotFound);
      return reply.header('cache-control', PRIVATE).send(await campaignProgress(app.ctx, campanha));
    },
  );

  app.get(
    '/recadastramento/pedidos',
    {
      preHandler: office,
      schema: { querystring: RequestListQuerySchema, response: { 200: RequestListSchema } },
    },
    async (request, reply) => {
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? RECAD_LIMITS.pageSize;
      const { itens, total } = await listRequests(app.ctx, { ...request.query, page, limit });
      return reply
        .header('cache-control', PRIVATE)
        .send({ itens, page, limit, total, pages: Math.ceil(total / limit) });
    },
  );

  app.post(
    '/recadastramento/pedidos/:id/decisao',
    {
      preHandler: office,
      schema: { params: Params, body: DecisionSchema, response: { 200: RequestSchema } },
    },
    async (request) => decideRequest(app.ctx, userOf(request), request.params.id, request.body),
  );
};
