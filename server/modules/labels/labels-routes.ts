/**
 * GET /api/mapa/etiquetas (admin): the records of a QR label sheet, by quadra (`?quadra=12`)
 * or by a selection (`?ids=<id>,<id>`, up to 100), optionally in one cemetery (`&cemiterio=<id>`).
 * Thin: schema, guard, service.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isId } from '../../../src/domain/ids';
import { MAP_MSG } from '../../../src/domain/map-messages';
import { LabelQuerySchema, LabelSheetSchema } from '../../../src/domain/schemas/label';
import { badRequest } from '../../lib/http-error';
import { requireCan } from '../../plugins/auth';
import { listLabels } from './labels-read';

const MAX_IDS = 100;

export const labelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/mapa/etiquetas',
    {
      preHandler: [app.authenticate, requireCan('label:print', MAP_MSG.labelsForbidden)],
      schema: { querystring: LabelQuerySchema, response: { 200: LabelSheetSchema } },
    },
    async (request) => {
      const cemiterio = request.query.cemiterio?.trim() || null;
      if (cemiterio !== null && !isId(cemiterio))
        throw badRequest(MAP_MSG.labelsQuery, 'cemiterio');
      const quadra = request.query.quadra?.trim() ?? '';
      if (quadra) return listLabels(app.ctx, { quadra, cemiterio });
      const ids = (request.query.ids ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (ids.length === 0) throw badRequest(MAP_MSG.labelsQuery, 'quadra');
      if (ids.length > MAX_IDS || !ids.every(isId)) throw badRequest(MAP_MSG.labelsQuery, 'ids');
      return listLabels(app.ctx, { ids, cemiterio });
    },
  );
};
