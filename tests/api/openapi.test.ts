/**
 * The API description (server/plugins/openapi.ts): every route the app registers under /api —
 * walked through buildApp's onRoute, so a route added later is checked too — is in
 * GET /api/openapi.json with its parameters, body and answers as its schemas declare them, and
 * with the auth its own handlers enforce. The readable page at /api/docs loads from this server
 * only.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEARER } from '../../server/plugins/openapi';
import { engines, type Harness, startApp } from './helpers';

interface JsonSchema {
  type?: unknown;
  properties?: Record<string, unknown>;
}
interface Operation {
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
  security?: Array<Record<string, string[]>>;
  'x-permissions'?: string[];
}
interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
}
type RouteSchema = {
  hide?: boolean;
  body?: JsonSchema;
  querystring?: JsonSchema;
  params?: JsonSchema;
  response?: Record<string, JsonSchema>;
};

/** Fastify's `/sepultados/:id` is OpenAPI's `/sepultados/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const keys = (s: JsonSchema | undefined) => Object.keys(s?.properties ?? {}).sort();

describe.each(engines)('OpenAPI description ($name)', (engine) => {
  let h: Harness;
  const routes: RouteOptions[] = [];
  let doc: OpenApi;

  beforeAll(async () => {
    h = await startApp(engine, {}, { onRoute: (r) => routes.push(r) });
    const res = await h.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json() as OpenApi;
  });
  afterAll(() => h?.close());

  /** The API's routes as registered: HEAD twins and hidden ones (the docs' own) left out. */
  const described = () =>
    routes.flatMap((r) =>
      [r.method]
        .flat()
        .filter((m) => m !== 'HEAD' && r.url.startsWith('/api/'))
        .filter(() => !(r.schema as RouteSchema | undefined)?.hide)
        .map((method) => ({ route: r, method: method.toLowerCase() })),
    );

  it('is OpenAPI 3.1 with a bearer scheme, and describes only the API', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes[BEARER]).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true);
    const operations = Object.values(doc.paths).flatMap((p) => Object.keys(p));
    expect(described().length).toBeGreaterThan(40);
    expect(operations.length).toBe(described().length);
  });

  it('has every route with its parameters, body and answers as the schemas declare', () => {
    for (const { route, method } of described()) {
      const where = `${method.toUpperCase()} ${route.url}`;
      const op = doc.paths[openApiPath(route.url)]?.[method];
      expect(op, where).toBeDefined();
      if (!op) continue;
      const schema = (route.schema ?? {}) as RouteSchema;
      const params = (place: string) =>
        (op.parameters ?? [])
          .filter((p) => p.in === place)
          .map((p) => p.name)
          .sort();
      expect(params('path'), where).toEqual(
        schema.params
          ? keys(schema.params)
          : [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]).sort(),
      );
      expect(params('query'), where).toEqual(keys(schema.querystring));
      if (schema.body) {
        const json = op.requestBody?.content['application/json']?.schema;
        expect(json, where).toBeDefined();
        expect(keys(json), where).toEqual(keys(schema.body));
      } else {
        expect(op.requestBody, where).toBeUndefined();
      }
      for (const [code, answer] of Object.entries(schema.response ?? {})) {
        expect(op.responses[code], `${where} ${code}`).toBeDefined();
        if (answer.type === 'null') continue;
        const json = op.responses[code]?.content?.['application/json']?.schema;
        expect(json, `${where} ${code}`).toBeDefined();
        expect(keys(json), `${where} ${code}`).toEqual(keys(answer));
      }
    }
  });

  it('says which routes need a login, which may carry one, and the permission checked', () => {
    const handlers = (r: RouteOptions) => [r.onRequest, r.preValidation, r.preHandler].flat();
    for (const { route, method } of described()) {
      const where = `${method.toUpperCase()} ${route.url}`;
      const op = doc.paths[openApiPath(route.url)]?.[method];
      const expected = handlers(route).includes(h.app.authenticate)
        ? [{ [BEARER]: [] }]
        : handlers(route).includes(h.app.identify)
          ? [{}, { [BEARER]: [] }]
          : [];
      expect(op?.security, where).toEqual(expected);
    }
    const paths = doc.paths;
    expect(paths['/api/health']?.get?.security).toEqual([]);
    expect(paths['/api/users/checkuser']?.get?.security).toEqual([{ [BEARER]: [] }]);
    expect(paths['/api/sepultados/{id}']?.delete?.['x-permissions']).toEqual(['burial:delete']);
    // A form route takes JSON or multipart, as readForm reads it.
    expect(
      Object.keys(paths['/api/sepultados/create']?.post?.requestBody?.content ?? {}).sort(),
    ).toEqual(['application/json', 'multipart/form-data']);
  });

  it('has a readable page at /api/docs served from this server, under its own policy', async () => {
    const page = await h.app.inject({ method: 'GET', url: '/api/docs' });
    const location = page.headers.location;
    const html =
      page.statusCode === 200
        ? page
        : await h.app.inject({
            method: 'GET',
            url: new URL(String(location), 'http://x/api/docs/').pathname,
          });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    const csp = String(html.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("default-src 'none'");
    // Every script and style of the page comes from this server, none from a CDN.
    const assets = [...html.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) expect(asset).not.toMatch(/^(https?:)?\/\//);
    const init = await h.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(init.statusCode).toBe(200);
    const bundle = await h.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-ui-bundle.js',
    });
    expect(bundle.statusCode).toBe(200);
  });
});
