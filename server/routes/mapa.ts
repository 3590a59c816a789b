/**
 * /api/mapa/plano: the cemetery plan of the map (issue 8). GET is public (visitors need it
 * offline); PUT is for admins, checked before any body is read, and takes multipart (`imagem`
 * plus the corners `south`, `west`, `north`, `east` as text) or JSON (corners only). Corners
 * may use a decimal comma, as people type them in pt-BR.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { BOUNDS_MSG, type Bounds } from '../../src/domain/geo';
import { MAP_MSG } from '../../src/domain/map-messages';
import { invalidFieldMessage, MSG } from '../../src/domain/messages';
import { badRequest, forbidden, HttpError, unauthorized } from '../http-error';
import { readMultipart } from '../plugins/uploads';
import { getPlan, type PlanUpdate, savePlan } from '../services/cemetery-plan';
import { checker } from '../validate';

const BOUND_NAMES = ['south', 'west', 'north', 'east'] as const;
const Corner = Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 40 })]));
const BoundsInput = Type.Object(
  { south: Corner, west: Corner, north: Corner, east: Corner },
  { additionalProperties: false },
);
const checkBounds = checker(BoundsInput);

export const PlanSchema = Type.Object({
  image: Type.String(),
  bounds: Type.Object({
    south: Type.Number(),
    west: Type.Number(),
    north: Type.Number(),
    east: Type.Number(),
  }),
  updatedAt: Type.String(),
});
const Message = Type.Object({ message: Type.String() });

/** "-23,5505" or -23.5505 → number; an empty text means "not sent"; anything else is a 400. */
function corner(name: keyof Bounds, value: unknown): number | undefined {
  if (value === undefined || value === '') return undefined;
  const text = typeof value === 'number' ? String(value) : String(value).trim().replace(',', '.');
  if (!/^-?\d{1,3}(\.\d+)?$/.test(text)) throw badRequest(BOUNDS_MSG[name], name);
  return Number(text);
}

function toBounds(raw: Record<string, unknown>): Partial<Bounds> {
  const input = checkBounds(raw);
  const bounds: Partial<Bounds> = {};
  for (const name of BOUND_NAMES) {
    const n = corner(name, input[name]);
    if (n !== undefined) bounds[name] = n;
  }
  return bounds;
}

async function readPlanRequest(request: FastifyRequest): Promise<PlanUpdate> {
  if (request.isMultipart()) {
    const form = await readMultipart(request, { fileFields: ['imagem'] });
    if (form.files.length > 1) throw badRequest(MAP_MSG.planOneImage, 'imagem');
    const flat: Record<string, string> = {};
    for (const [name, values] of Object.entries(form.fields)) {
      if (values.length > 1) throw badRequest(invalidFieldMessage(name), name);
      flat[name] = values[0] ?? '';
    }
    return { image: form.files[0]?.data ?? null, bounds: toBounds(flat) };
  }
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError(415, MAP_MSG.planBodyType);
  }
  return { image: null, bounds: toBounds(body as Record<string, unknown>) };
}

export const mapaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/mapa/plano',
    { schema: { response: { 200: PlanSchema, 404: Message } } },
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
        async (request) => {
          if (!request.user) throw unauthorized(MSG.unauthenticated);
          if (request.user.role !== 'admin') throw forbidden(MAP_MSG.planForbidden);
        },
      ],
      schema: { response: { 200: PlanSchema } },
    },
    async (request) => savePlan(app.ctx, await readPlanRequest(request)),
  );
};
