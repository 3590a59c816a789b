/**
 * /api/mapa/plano: the cemetery plan of the map. GET is public (visitors need it
 * offline); PUT is for admins, checked before any body is read, and takes multipart (`imagem`
 * plus the corners `south`, `west`, `north`, `east` as text) or JSON (corners only). Corners
 * may use a decimal comma, as people type them in pt-BR.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { BOUNDS_MSG, type Bounds } from '../../../src/domain/geo';
import { MAP_MSG } from '../../../src/domain/map-messages';
import { MessageSchema } from '../../../src/domain/schemas/common';
import { PlanBodySchema, PlanSchema } from '../../../src/domain/schemas/map';
import { badRequest } from '../../lib/http-error';
import { requireCan } from '../../plugins/auth';
import { type FormOptions, formValidatorCompiler, readForm, uploadsOf } from '../../plugins/forms';
import { getPlan, savePlan } from './plan';

const BOUND_NAMES = ['south', 'west', 'north', 'east'] as const;
/** "-23,5505" or -23.5505 → number; an empty text means "not sent"; anything else is a 400. */
function corner(name: keyof Bounds, value: unknown): number | undefined {
  if (value === undefined || value === '') return undefined;
  const text = typeof value === 'number' ? String(value) : String(value).trim().replace(',', '.');
  if (!/^-?\d{1,3}(\.\d+)?$/.test(text)) throw badRequest(BOUNDS_MSG[name], name);
  return Number(text);
}

export function toBounds(input: Static<typeof PlanBodySchema>): Partial<Bounds> {
  const bounds: Partial<Bounds> = {};
  for (const name of BOUND_NAMES) {
    const n = corner(name, input[name]);
    if (n !== undefined) bounds[name] = n;
  }
  return bounds;
}

/** The image and corners a PUT of a plan carries. */
export function planUpdateOf(request: FastifyRequest, body: Static<typeof PlanBodySchema>) {
  return { image: uploadsOf(request)[0]?.data ?? null, bounds: toBounds(body) };
}

/** How plugins/forms.ts reads a plan update: `imagem` plus the corners as text, or JSON. */
export const PLAN_FORM: FormOptions = {
  fileFields: ['imagem'],
  oneFile: { message: MAP_MSG.planOneImage, field: 'imagem' },
  notObject: MAP_MSG.planBodyType,
  requireBody: true,
};

export const mapRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/mapa/plano',
    { schema: { response: { 200: PlanSchema, 404: MessageSchema } } },
    async (_request, reply) => {
      const plan = await getPlan(app.ctx);
      if (!plan) return reply.code(404).send({ message: MAP_MSG.planNotFound });
      // Changes rarely but must show soon after an admin saves it: revalidate every time.
      return reply.header('cache-control', 'no-cache').send(plan);
    },
  );

  app.put(
    '/mapa/plano',
    {
      preHandler: [
        app.authenticate,
        requireCan('plan:edit', MAP_MSG.planForbidden),
        readForm(PlanBodySchema, PLAN_FORM),
      ],
      validatorCompiler: formValidatorCompiler(app),
      schema: { body: PlanBodySchema, response: { 200: PlanSchema } },
    },
    async (request) => savePlan(app.ctx, planUpdateOf(request, request.body)),
  );
};
