/**
 * What a rendered page carries (src/domain/public-page.ts), read as a visitor reads it: the
 * record with no viewer and only its public fields, the search's answer and a cemetery as the
 * API gives them to anyone, and for /login only whether there are several cemeteries. Null: no
 * page to render (the shell answers, and the app's own request says why).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PublicBurial } from '../../../src/domain/burial-types';
import { CEM_MSG } from '../../../src/domain/cemetery-messages';
import { isId } from '../../../src/domain/ids';
import type { PublicPage, PublicPageData } from '../../../src/domain/public-page';
import { PublicBurialSchema } from '../../../src/domain/schemas/burial';
import { SEARCH_LIMITS, validateSearchQuery } from '../../../src/domain/search-query';
import { HttpError } from '../../lib/http-error';
import { getBurial } from '../burials/public';
import { findCemetery, listCemeteries } from '../cemeteries/public';
import { searchAnswer, searchRate } from '../search/public';

const PUBLIC_FIELDS = Object.keys(PublicBurialSchema.properties);

/** The record's public fields only, whatever the read added. */
function publicRecord(record: Record<string, unknown>): PublicBurial {
  return Object.fromEntries(
    PUBLIC_FIELDS.filter((k) => k in record).map((k) => [k, record[k]]),
  ) as PublicBurial;
}

async function recordData(app: FastifyInstance, id: string): Promise<PublicPageData> {
  try {
    // No viewer: the anonymous view, whoever asks.
    return { kind: 'record', record: publicRecord(await getBurial(app.ctx, id, null)) };
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) {
      return { kind: 'recordNotFound', id, message: err.message };
    }
    throw err;
  }
}

async function searchData(
  app: FastifyInstance,
  request: FastifyRequest,
  q: string,
  cemiterio: string | null,
): Promise<PublicPageData | null> {
  // A cemetery the API refuses: its 400 is the app's to say.
  if (cemiterio !== null && !isId(cemiterio)) return null;
  const several = (await listCemeteries(app.ctx)).length > 1;
  // No term, or one the rules refuse: the page says so itself, with no search run.
  if (!q || validateSearchQuery(q)) return { kind: 'search', q, cemiterio, answer: null, several };
  // The API's bound per address holds for the page too; past it, the app's request says so.
  if (!(await searchRate(app.ctx, request.ip)).allowed) return null;
  const answer = await searchAnswer(app.ctx, q, SEARCH_LIMITS.defaultLimit, cemiterio);
  return { kind: 'search', q, cemiterio, answer, several };
}

async function cemeteryData(app: FastifyInstance, id: string): Promise<PublicPageData> {
  // The same answer as GET /api/cemiterios/:id, to anyone; a malformed id names nothing.
  const cemetery = isId(id) ? await findCemetery(app.ctx, id) : null;
  return cemetery
    ? { kind: 'cemetery', cemetery }
    : { kind: 'cemeteryNotFound', id, message: CEM_MSG.notFound };
}

async function loginData(app: FastifyInstance, notice: string | null): Promise<PublicPageData> {
  const several = (await listCemeteries(app.ctx)).length > 1;
  return { kind: 'login', several, notice };
}

/** `notice`: what /login says above its form (the answer to a form sent without the app). */
export function pageData(
  app: FastifyInstance,
  request: FastifyRequest,
  page: PublicPage,
  notice: string | null = null,
): Promise<PublicPageData | null> {
  switch (page.kind) {
    case 'record':
      return recordData(app, page.id);
    case 'search':
      return searchData(app, request, page.q, page.cemiterio);
    case 'cemetery':
      return cemeteryData(app, page.id);
    case 'login':
      return loginData(app, notice);
  }
}
