/**
 * GET /api/mapa/etiquetas (admin): the records of a QR label sheet, by quadra (`?quadra=12`)
 * or by a selection (`?ids=<id>,<id>`, up to 100). Thin: schema, guard, service.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { isId } from '../../src/domain/ids';
import { MAP_MSG } from '../../src/domain/map-messages';
import { MSG } from '../../src/domain/messages';
import { badRequest, forbidden, unauthorized } from '../http-error';
import { listLabels } from '../services/etiquetas';

const Query = Type.Object(
  {
    quadra: Type.Optional(Type.String({ maxLength: 30 })),
    ids: Type.Optional(Type.String({ maxLength: 2500 })),
  },
  { additionalProperties: false },
);

const Sheet = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Type.String(),
      nome: Type.String(),
      rua: Type.Union([Type.String(), Type.Null()]),
      quadra: Type.String(),
      chapa: Type.String(),
    }),
  ),
  truncated: Type.Boolean(),
});

const MAX_IDS = 100;

export const etiquetaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/mapa/etiquetas',
    {
      preHandler: [
        app.authenticate,
        async (request) => {
          if (!request.user) throw unauthorized(MSG.unauthenticated);
          if (request.user.role !== 'admin') throw forbidden(MAP_MSG.labelsForbidden);
        },
      ],
      schema: { querystring: Query, response: { 200: Sheet } },
    },
    async (request) => {
      const quadra = request.query.quadra?.trim() ?? '';
      if (quadra) return listLabels(app.ctx, { quadra });
      const ids = (request.query.ids ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (ids.length === 0) throw badRequest(MAP_MSG.labelsQuery, 'quadra');
      if (ids.length > MAX_IDS || !ids.every(isId)) throw badRequest(MAP_MSG.labelsQuery, 'ids');
      return listLabels(app.ctx, { ids });
    },
  );
};
