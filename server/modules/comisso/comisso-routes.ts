/**
 * Abandonment (comisso) cases (contract in src/domain/schemas/comisso.ts). The office
 * (comisso:manage) opens a case, records notices, editais and the decision; a concessionário
 * assigned to a record lying in the grave may read its cases and add inspections
 * (comisso:inspect, as grave:note); nobody else sees them. A step may carry an Idempotency-Key
 * (an inspection queued on a phone): it is applied once however often it arrives.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { COMISSO_LIMITS, COMISSO_MSG } from '../../../src/domain/comisso-rules';
import { GRAVE_MSG } from '../../../src/domain/grave-rules';
import { MSG } from '../../../src/domain/messages';
import { can } from '../../../src/domain/permissions';
import {
  CaseDecisionSchema,
  CaseOpenSchema,
  CaseSchema,
  ComissoIdParamsSchema,
  ComissoPhotoParamsSchema,
  StepCreateSchema,
} from '../../../src/domain/schemas/comisso';
import { IdempotencyHeadersSchema } from '../../../src/domain/schemas/common';
import { UPLOAD_MSG } from '../../../src/domain/upload-rules';
import type { UserRow } from '../../db/schema';
import { forbidden, notFound, unauthorized } from '../../lib/http-error';
import { readImage } from '../../lib/images';
import { requireCan } from '../../plugins/auth';
import { formValidatorCompiler, readForm, uploadsOf } from '../../plugins/forms';
import { findGrave, graveAssignees } from '../graves/public';
import { caseGrave, casePhotoOwner, findCase, graveCases } from './comisso-read';
import { addStep, decideCase, openCase } from './comisso-write';

const Params = ComissoIdParamsSchema;
const PRIVATE = 'private, no-store';

export const comissoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const office = [app.authenticate, requireCan('comisso:manage', COMISSO_MSG.forbidden)];
  const inspector = [app.authenticate, requireCan('comisso:inspect', COMISSO_MSG.inspectForbidden)];
  const userOf = (request: { user: UserRow | null }) => {
    if (!request.user) throw unauthorized(MSG.unauthenticated);
    return request.user;
  };
  /** Whether this person may read the grave's cases and add inspections to them. */
  const mayInspect = async (user: UserRow, graveId: string) =>
    can(user, 'comisso:manage') ||
    can(user, 'comisso:inspect', { assigned: await graveAssignees(app.ctx, graveId) });

  app.get(
    '/sepulturas/:id/comisso',
    {
      preHandler: inspector,
      schema: { params: Params, response: { 200: Type.Array(CaseSchema) } },
    },
    async (request, reply) => {
      const user = userOf(request);
      const { id } = request.params;
      if (!(await findGrave(app.ctx, id))) throw notFound(GRAVE_MSG.notFound);
      if (!(await mayInspect(user, id))) throw forbidden(COMISSO_MSG.inspectForbidden);
      const cases = await graveCases(app.ctx, id, can(user, 'comisso:manage'));
      return reply.header('cache-control', PRIVATE).send(cases);
    },
  );

  app.post(
    '/sepulturas/:id/comisso',
    {
      preHandler: office,
      schema: { params: Params, body: CaseOpenSchema, response: { 201: CaseSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await openCase(app.ctx, userOf(request), request.params.id, request.body)),
  );

  app.post(
    '/comisso/:id/etapas',
    {
      preHandler: [
        ...inspector,
        readForm(StepCreateSchema, {
          fileFields: ['fotos'],
          maxFiles: COMISSO_LIMITS.photos,
          dropEmpty: 'all',
          notObject: MSG.unsupportedMedia,
        }),
      ],
      validatorCompiler: formValidatorCompiler(app),
      schema: {
        params: Params,
        headers: IdempotencyHeadersSchema,
        body: StepCreateSchema,
        response: { 201: CaseSchema },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const graveId = await caseGrave(app.ctx, request.params.id);
      if (!graveId || !(await mayInspect(user, graveId))) {
        if (!graveId) throw notFound(COMISSO_MSG.notFound);
        throw forbidden(COMISSO_MSG.inspectForbidden);
      }
      // Notices and editais are the office's; an assigned concessionário only inspects.
      if (request.body.tipo !== 'vistoria' && !can(user, 'comisso:manage')) {
        throw forbidden(COMISSO_MSG.forbidden);
      }
      const photos = uploadsOf(request).map((f) => f.data);
      // The phone's outbox sends its item id as the key: a re-send answers the same case.
      const { kase: updated, replayed } = await addStep(
        app.ctx,
        user,
        request.params.id,
        request.body,
        photos,
        request.headers['idempotency-key'] ?? null,
      );
      if (!can(user, 'comisso:manage')) {
        updated.etapas = updated.etapas.map((e) => ({ ...e, email: null }));
      }
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).header('cache-control', PRIVATE).send(updated);
    },
  );

  app.post(
    '/comisso/:id/decisao',
    {
      preHandler: office,
      schema: { params: Params, body: CaseDecisionSchema, response: { 200: CaseSchema } },
    },
    async (request) => decideCase(app.ctx, userOf(request), request.params.id, request.body),
  );

  app.get(
    '/comisso/:id',
    { preHandler: inspector, schema: { params: Params, response: { 200: CaseSchema } } },
    async (request, reply) => {
      const user = userOf(request);
      const graveId = await caseGrave(app.ctx, request.params.id);
      if (!graveId) throw notFound(COMISSO_MSG.notFound);
      if (!(await mayInspect(user, graveId))) throw forbidden(COMISSO_MSG.inspectForbidden);
      const found = await findCase(app.ctx, request.params.id, can(user, 'comisso:manage'));
      if (!found) throw notFound(COMISSO_MSG.notFound);
      return reply.header('cache-control', PRIVATE).send(found);
    },
  );

  app.get(
    '/comisso/:id/fotos/:file',
    { preHandler: inspector, schema: { params: ComissoPhotoParamsSchema } },
    async (request, reply) => {
      const user = userOf(request);
      const { id, file } = request.params;
      const graveId = await casePhotoOwner(app.ctx, id, file);
      // Not one of this case's photos, or not for this person: the same 404.
      if (!graveId || !(await mayInspect(user, graveId))) throw notFound(UPLOAD_MSG.imageNotFound);
      const bytes = await readImage(app.ctx, 'comisso', file);
      if (!bytes) throw notFound(UPLOAD_MSG.imageNotFound);
      return reply.header('cache-control', PRIVATE).type('image/webp').send(bytes);
    },
  );
};
