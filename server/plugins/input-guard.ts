/**
 * One input rule before any handler (docs/decisions.md "Input"): every string in a path parameter, the
 * query and a JSON body passes src/domain/input-rules.ts (no C0 control characters, tab and
 * line breaks only in multi-line fields) — a 400 naming the field, never a database error and
 * a 500. Path parameters that are ids (`id`, `…Id`) must be 24-hex ids: a malformed one names
 * nothing and answers the route's own 404, before any query. Multipart text parts take the same
 * rule in readMultipart (plugins/uploads.ts), since they are read inside the handler.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ACCOUNT_MSG } from '../../src/domain/account-messages';
import { SEP_MSG } from '../../src/domain/burial-messages';
import { CEM_MSG } from '../../src/domain/cemetery-messages';
import { CONC_MSG } from '../../src/domain/concession-rules';
import { GRAVE_MSG } from '../../src/domain/grave-rules';
import { isId } from '../../src/domain/ids';
import { controlCharMessage, hasForbiddenControl, isCleanName } from '../../src/domain/input-rules';
import { MSG } from '../../src/domain/messages';
import { TRIBUTE_MSG } from '../../src/domain/tribute-rules';
import { badRequest, notFound } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Path parameters that are ids, with the 404 message the route gives for an unknown one. */
    idParams?: Record<string, string>;
  }
}

/** The words the route itself answers for an unknown id of that kind. */
function unknownIdMessage(url: string, param: string): string {
  if (param === 'commentId') return TRIBUTE_MSG.notFound;
  if (param === 'userId' || url.startsWith('/api/users')) return ACCOUNT_MSG.userNotFound;
  if (url.startsWith('/api/sepultados')) return SEP_MSG.notFound;
  if (url.startsWith('/api/cemiterios')) return CEM_MSG.notFound;
  if (url.startsWith('/api/sepulturas')) return GRAVE_MSG.notFound;
  if (url.startsWith('/api/concessoes')) return CONC_MSG.notFound;
  if (url.startsWith('/api/taxas')) return CONC_MSG.feeNotFound;
  return MSG.notFound;
}

function isIdParam(name: string): boolean {
  return name === 'id' || /Id$/.test(name);
}

/** Throws the 400 for one text value of `field`. */
export function assertCleanText(field: string, value: string): void {
  if (!isCleanName(field)) throw badRequest(MSG.invalidInput);
  if (hasForbiddenControl(field, value)) throw badRequest(controlCharMessage(field), field);
}

/**
 * Walks a parsed JSON value or query without recursion (a 1 MiB body can nest half a million
 * arrays deep); each string is judged as a value of its top-level field.
 */
function assertCleanTree(root: unknown): void {
  if (typeof root === 'string') {
    if (hasForbiddenControl('', root)) throw badRequest(MSG.invalidInput);
    return;
  }
  if (root === null || typeof root !== 'object') return;
  const stack: Array<[unknown, string]> = [];
  if (Array.isArray(root)) for (const item of root) stack.push([item, '']);
  else {
    for (const [key, value] of Object.entries(root)) {
      if (!isCleanName(key)) throw badRequest(MSG.invalidInput);
      stack.push([value, key]);
    }
  }
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next) break;
    const [value, field] = next;
    if (typeof value === 'string') {
      if (!field) {
        if (hasForbiddenControl('', value)) throw badRequest(MSG.invalidInput);
      } else assertCleanText(field, value);
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push([item, field]);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (!isCleanName(key)) throw badRequest(controlCharMessage(field), field || undefined);
        stack.push([inner, field]);
      }
    }
  }
}

export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
    const ids = names.filter(isIdParam);
    if (ids.length === 0) return;
    route.config = {
      ...route.config,
      idParams: Object.fromEntries(ids.map((n) => [n, unknownIdMessage(route.url, n)])),
    };
  });

  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const idParams = request.routeOptions.config.idParams;
    const params = request.params as Record<string, unknown> | null | undefined;
    if (params) {
      for (const [name, value] of Object.entries(params)) {
        if (typeof value !== 'string') continue;
        const unknown = idParams?.[name];
        if (unknown !== undefined) {
          if (!isId(value)) throw notFound(unknown);
        } else assertCleanText(name, value);
      }
    }
    assertCleanTree(request.query);
    assertCleanTree(request.body);
  });
});
