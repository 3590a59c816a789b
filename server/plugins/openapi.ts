/**
 * The API's description, made from the routes' own TypeBox schemas by @fastify/swagger:
 * GET /api/openapi.json (OpenAPI 3.1) and a readable page at /api/docs (@fastify/swagger-ui, its
 * files served from node_modules: nothing from a CDN, so it works on a closed network).
 *
 * Registered before the routes, so its onRoute hook sees every route registered after it, and a
 * new route is described without touching this file. What the schema does not say is read from
 * the route's own handlers, the same functions that enforce it: `app.authenticate` (a login is
 * required: bearer security), `app.identify` (a login is optional), `requireCan` (the permission,
 * as `x-permissions`) and `readForm` (the body may also come as multipart/form-data).
 * Only /api is described: the PWA's static files are not part of the API.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { guardedAction } from './auth';
import { isFormReader } from './forms';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';
export const BEARER = 'bearerAuth';

/**
 * The page's own policy: its scripts and styles from itself (swagger-ui sets inline styles, as
 * React does in the app), its calls to this API only, and no validator badge from outside.
 */
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Every hook handler of a route, flattened (a route lists one function or an array). */
function handlersOf(route: RouteOptions): unknown[] {
  return [route.onRequest, route.preValidation, route.preHandler].flat().filter(Boolean);
}

type DescribedSchema = FastifySchema & {
  hide?: boolean;
  tags?: string[];
  security?: Record<string, string[]>[];
  consumes?: string[];
  'x-permissions'?: string[];
};

export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Memorial API',
        description:
          'Registro de sepultados e memorial de um cemitério municipal. Todo erro responde JSON ' +
          '`{ message, field? }` em português.',
        version: process.env.npm_package_version ?? '0.1.0',
      },
      components: {
        securitySchemes: { [BEARER]: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform({ schema, url, route }) {
      const described: DescribedSchema = { ...(schema as DescribedSchema | undefined) };
      if (!url.startsWith('/api/')) return { schema: { ...described, hide: true }, url };
      const handlers = handlersOf(route as RouteOptions);
      if (handlers.includes(app.authenticate)) described.security = [{ [BEARER]: [] }];
      else if (handlers.includes(app.identify)) described.security = [{}, { [BEARER]: [] }];
      else described.security = [];
      const actions = handlers.map(guardedAction).filter((a) => a !== undefined);
      if (actions.length > 0) described['x-permissions'] = actions;
      if (described.body && handlers.some(isFormReader)) {
        described.consumes = ['application/json', 'multipart/form-data'];
      }
      described.tags ??= [url.split('/')[2] ?? 'api'];
      return { schema: described, url };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { validatorUrl: null, docExpansion: 'list', deepLinking: true },
    staticCSP: DOCS_CSP,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } as DescribedSchema }, async () => app.swagger());
});
