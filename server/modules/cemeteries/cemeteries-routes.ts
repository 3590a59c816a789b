/**
 * /api/cemiterios: the cemeteries as places (contract in src/domain/schemas/cemetery.ts). The
 * list and one cemetery are public (the visitor's choice and the public page); creating,
 * editing, merging and a cemetery's plan are for admins, checked before any body is read.
 * Thin: schema, guard, service.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { CEM_MSG } from '../../../src/domain/cemetery-messages';
import { MAP_MSG } from '../../../src/domain/map-messages';
import { MSG } from '../../../src/domain/messages';
import {
  CemeteryCreateSchema,
  CemeteryEditSchema,
  CemeteryIdSchema,
  CemeteryMergeSchema,
  CemeterySchema,
} from '../../../src/domain/schemas/cemetery';
import { MessageSchema } from '../../../src/domain/schemas/common';
import { PlanBodySchema, PlanSchema } from '../../../src/domain/schemas/map';
import { notFound, unauthorized } from '../../lib/http-error';
import { requireCan } from '../../plugins/auth';
import { formValidatorCompiler, readForm } from '../../plugins/forms';
import { getPlan, PLAN_FORM, planUpdateOf, savePlan } from '../map/public';
import { findCemetery, listCemeteries } from './cemeteries-read';
import { createCemetery, editCemetery, mergeCemetery } from './cemeteries-write';

const IdParams = Type.Object({ id: CemeteryIdSchema });

export const cemeteryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = [app.authenticate, requireCan('cemetery:manage', CEM_MSG.forbidden)];

  app.get(
    '/cemiterios',
    { schema: { response: { 200: Type.Array(CemeterySchema) } } },
    async (_request, reply) =>
      // Small and changes rarely, but an admin's change must show soon: revalidate every time.
      reply.header('cache-control', 'no-cache').send(await listCemeteries(app.ctx)),
  );

  app.get(
    '/cemiterios/:id',
    { schema: { params: IdParams, response: { 200: CemeterySchema, 404: MessageSchema } } },
    async (request, reply) => {
      const found = await findCemetery(app.ctx, request.params.id);
      if (!found) throw notFound(CEM_MSG.notFound);
      return reply.header('cache-control', 'no-cache').send(found);
    },
  );

  app.post(
    '/cemiterios',
    {
      preHandler: admin,
      schema: { body: CemeteryCreateSchema, response: { 201: CemeterySchema } },
    },
    async (request, reply) => reply.code(201).send(await createCemetery(app.ctx, request.body)),
  );

  app.patch(
    '/cemiterios/:id',
    {
      preHandler: admin,
      schema: { params: IdParams, body: CemeteryEditSchema, response: { 200: CemeterySchema } },
    },
    async (request) => {
      if (!request.user) throw unauthorized(MSG.unauthenticated);
      return editCemetery(app.ctx, request.user, request.params.id, request.body);
    },
  );

  app.post(
    '/cemiterios/:id/mesclar',
    {
      preHandler: admin,
      schema: { params: IdParams, body: CemeteryMergeSchema, response: { 200: CemeterySchema } },
    },
    async (request) => {
      if (!request.user) throw unauthorized(MSG.unauthenticated);
      const { cemetery } = await mergeCemetery(
        app.ctx,
        request.user,
        request.params.id,
        request.body.destino,
      );
      return cemetery;
    },
  );

  app.get(
    '/cemiterios/:id/plano',
    { schema: { params: IdParams, response: { 200: PlanSchema, 404: MessageSchema } } },
    async (request, reply) => {
      const plan = await getPlan(app.ctx, request.params.id);
      if (!plan) {
        const exists = await findCemetery(app.ctx, request.params.id);
        throw notFound(exists ? MAP_MSG.planNotFound : CEM_MSG.notFound);
      }
      return reply.header('cache-control', 'no-cache').send(plan);
    },
  );

  app.put(
    '/cemiterios/:id/plano',
    {
      preHandler: [
        app.authenticate,
        requireCan('cemetery:manage', MAP_MSG.planForbidden),
        readForm(PlanBodySchema, PLAN_FORM),
      ],
      validatorCompiler: formValidatorCompiler(app),
      schema: { params: IdParams, body: PlanBodySchema, response: { 200: PlanSchema } },
    },
    async (request) => {
      if (!(await findCemetery(app.ctx, request.params.id))) throw notFound(CEM_MSG.notFound);
      return savePlan(app.ctx, planUpdateOf(request, request.body), request.params.id);
    },
  );
};
