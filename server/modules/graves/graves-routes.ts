/**
 * /api/sepulturas: graves as places (contract in src/domain/schemas/grave.ts). The list and a
 * grave's public page are open to everyone; creating, editing and merging are for admins, and a
 * concessionário assigned to a record in a grave may write its condition note and add dated
 * condition photos. Thin: schema,
 * guard (can() from src/domain), service.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { GRAVE_LIMITS, GRAVE_MSG } from '../../../src/domain/grave-rules';
import { MSG } from '../../../src/domain/messages';
import { can } from '../../../src/domain/permissions';
import { MessageSchema } from '../../../src/domain/schemas/common';
import {
  GraveBulkAnswerSchema,
  GraveBulkSchema,
  GraveCreateSchema,
  GraveEditSchema,
  GraveIdSchema,
  GraveListQuerySchema,
  GraveListSchema,
  GraveMergeSchema,
  GravePhotoFormSchema,
  GravePhotoParamsSchema,
  GravePhotoSchema,
  GraveSchema,
} from '../../../src/domain/schemas/grave';
import { GravePageSchema } from '../../../src/domain/schemas/grave-page';
import { forbidden, notFound, unauthorized } from '../../lib/http-error';
import { requireCan } from '../../plugins/auth';
import { formValidatorCompiler, readForm, uploadsOf } from '../../plugins/forms';
import { gravePage } from './grave-page';
import { addGravePhotos, removeGravePhoto } from './graves-photos';
import { findGrave, graveAssignees, listGraves } from './graves-read';
import { createGrave, createGraveRange, editGrave, mergeGrave } from './graves-write';

const IdParams = Type.Object({ id: GraveIdSchema });
/** Fields a concessionário may change (grave:note); anything else needs grave:manage. */
const NOTE_FIELDS = new Set(['observacoes', 'version']);

export const graveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = [app.authenticate, requireCan('grave:manage', GRAVE_MSG.forbidden)];

  app.get(
    '/sepulturas',
    { schema: { querystring: GraveListQuerySchema, response: { 200: GraveListSchema } } },
    async (request, reply) =>
      reply.header('cache-control', 'no-cache').send(await listGraves(app.ctx, request.query)),
  );

  app.get(
    '/sepulturas/:id',
    {
      preHandler: app.identify,
      schema: { params: IdParams, response: { 200: GravePageSchema, 404: MessageSchema } },
    },
    async (request, reply) => {
      const page = await gravePage(app.ctx, request.params.id, request.user);
      if (!page) throw notFound(GRAVE_MSG.notFound);
      // Private parts vary by who asks: never kept by a shared cache.
      return reply.header('cache-control', 'private, no-cache').send(page);
    },
  );

  app.post(
    '/sepulturas',
    { preHandler: admin, schema: { body: GraveCreateSchema, response: { 201: GraveSchema } } },
    async (request, reply) => reply.code(201).send(await createGrave(app.ctx, request.body)),
  );

  app.post(
    '/sepulturas/lote',
    {
      preHandler: admin,
      schema: { body: GraveBulkSchema, response: { 201: GraveBulkAnswerSchema } },
    },
    async (request, reply) => reply.code(201).send(await createGraveRange(app.ctx, request.body)),
  );

  app.patch(
    '/sepulturas/:id',
    {
      preHandler: [app.authenticate, requireCan('grave:note', GRAVE_MSG.noteForbidden)],
      schema: { params: IdParams, body: GraveEditSchema, response: { 200: GraveSchema } },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized(MSG.unauthenticated);
      const { id } = request.params;
      if (!(await findGrave(app.ctx, id))) throw notFound(GRAVE_MSG.notFound);
      const noteOnly = Object.keys(request.body).every((k) => NOTE_FIELDS.has(k));
      if (!can(user, 'grave:manage')) {
        if (!noteOnly) throw forbidden(GRAVE_MSG.forbidden);
        const assigned = await graveAssignees(app.ctx, id);
        if (!can(user, 'grave:note', { assigned })) throw forbidden(GRAVE_MSG.noteForbidden);
      }
      return editGrave(app.ctx, user, id, request.body);
    },
  );

  app.post(
    '/sepulturas/:id/mesclar',
    {
      preHandler: admin,
      schema: { params: IdParams, body: GraveMergeSchema, response: { 200: GraveSchema } },
    },
    async (request) => {
      if (!request.user) throw unauthorized(MSG.unauthenticated);
      return mergeGrave(app.ctx, request.user, request.params.id, request.body.destino);
    },
  );

  app.post(
    '/sepulturas/:id/fotos',
    {
      preHandler: [
        app.authenticate,
        requireCan('grave:note', GRAVE_MSG.noteForbidden),
        readForm(GravePhotoFormSchema, {
          fileFields: ['fotos'],
          maxFiles: GRAVE_LIMITS.photos,
          dropEmpty: 'all',
          notObject: MSG.unsupportedMedia,
        }),
      ],
      validatorCompiler: formValidatorCompiler(app),
      schema: {
        params: IdParams,
        body: GravePhotoFormSchema,
        response: { 201: Type.Array(GravePhotoSchema) },
      },
    },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw unauthorized(MSG.unauthenticated);
      const { id } = request.params;
      if (!(await findGrave(app.ctx, id))) throw notFound(GRAVE_MSG.notFound);
      if (!can(user, 'grave:note', { assigned: await graveAssignees(app.ctx, id) })) {
        throw forbidden(GRAVE_MSG.noteForbidden);
      }
      const photos = uploadsOf(request).map((f) => f.data);
      return reply.code(201).send(await addGravePhotos(app.ctx, user, id, request.body, photos));
    },
  );

  app.delete(
    '/sepulturas/:id/fotos/:fotoId',
    {
      preHandler: admin,
      schema: { params: GravePhotoParamsSchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      await removeGravePhoto(app.ctx, request.params.id, request.params.fotoId);
      return { message: 'Foto removida.' };
    },
  );
};
