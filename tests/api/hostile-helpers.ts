/**
 * A real app for the hostile-input sweeps: every registered route (listed through buildApp's
 * onRoute), the server's own log lines (pino, to catch anything logged as an error), an admin,
 * a record, a tribute and a concessionaire to give every path parameter a real value.
 */
import { Writable } from 'node:stream';
import type { RouteOptions } from 'fastify';
import { type Actor, actor, auth, createRecord } from './burials-helpers';
import { type Engine, type Harness, startApp } from './helpers';

/** encodeURIComponent that sends a lone surrogate as the invalid UTF-8 it would be. */
export function enc(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[^\x21-\x7e]/g, (c) =>
      /[\ud800-\udfff]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c),
    );
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  params: string[];
  query: string[];
  /** JSON body fields, from the route's schema. */
  body: string[];
  /** True when the handler also reads multipart/form-data. */
  multipart: boolean;
}

/** Routes whose body may also be multipart/form-data (plugins/forms.ts): the same schema. */
const FORM_ROUTES = new Set([
  'POST /api/sepultados/create',
  'PATCH /api/sepultados/:id',
  'POST /api/sepultados/:id/comentarios',
  'PUT /api/mapa/plano',
  'PUT /api/cemiterios/:id/plano',
  'POST /api/users/admin-create',
  'PATCH /api/users/:id',
  'PATCH /api/users/edit/:id',
]);

function propertyNames(schema: unknown): string[] {
  const props = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return props ? Object.keys(props) : [];
}

function toApiRoutes(seen: RouteOptions[]): ApiRoute[] {
  const out: ApiRoute[] = [];
  for (const route of seen) {
    if (!route.url.startsWith('/api/')) continue;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const key = `${method} ${route.url}`;
      const schema = route.schema as { body?: unknown; querystring?: unknown } | undefined;
      out.push({
        method,
        url: route.url,
        params: [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? ''),
        query: propertyNames(schema?.querystring),
        body: propertyNames(schema?.body),
        multipart: FORM_ROUTES.has(key),
      });
    }
  }
  return out;
}

export interface HostileApp {
  h: Harness;
  routes: ApiRoute[];
  /** Parsed log lines at warn or above. */
  logs: Array<{ level: number; msg?: string }>;
  admin: Actor;
  ids: { record: string; tribute: string; user: string; cemetery: string };
  /** The route's URL with a real value in each parameter, or `override` in one of them. */
  path(route: ApiRoute, override?: { param: string; value: string }): string;
}

export async function startHostileApp(engine: Engine): Promise<HostileApp> {
  const seen: RouteOptions[] = [];
  const logs: HostileApp['logs'] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) {
        if (line.trim()) logs.push(JSON.parse(line) as { level: number; msg?: string });
      }
      done();
    },
  });
  const h = await startApp(
    engine,
    {},
    { logger: { level: 'warn', stream }, onRoute: (r) => seen.push(r) },
  );
  const admin = await actor(h, 'admin');
  const owner = await actor(h, 'concessionario');
  const record = (await createRecord(h, admin)).id;
  const posted = await h.app.inject({
    method: 'POST',
    url: `/api/sepultados/${record}/comentarios`,
    headers: auth(admin),
    payload: { comentario: 'Saudades eternas' },
  });
  const tribute = (posted.json() as { id: string }).id;
  // The record made its cemetery (migration 0010).
  const listed = await h.app.inject({ method: 'GET', url: '/api/cemiterios' });
  const cemetery = (listed.json() as Array<{ id: string }>)[0]?.id ?? '';
  const ids = { record, tribute, user: owner.id, cemetery };
  const real = (url: string, param: string): string => {
    if (param === 'commentId') return ids.tribute;
    if (param === 'userId' || url.startsWith('/api/users')) return ids.user;
    if (param === 'kind') return 'sepultados';
    if (param === 'file') return 'nada.webp';
    if (url.startsWith('/api/cemiterios')) return ids.cemetery;
    return ids.record;
  };
  return {
    h,
    routes: toApiRoutes(seen),
    logs,
    admin,
    ids,
    path: (route, override) =>
      route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) =>
        enc(override && override.param === name ? override.value : real(route.url, name)),
      ),
  };
}
