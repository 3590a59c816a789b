/**
 * GET /api/sepultados/pesquisa (public, spec §7): `?q&limit` answers {sepultados, total};
 * `?q&suggestions=true` answers { sepultado: [at most 8], total }; `&cemiterio=<id>` narrows
 * either to that cemetery's records (each card says its cemetery's name). A static path, so Fastify
 * prefers it over /sepultados/:id. Rules and SQL live in modules/search/search.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MSG } from '../../../src/domain/messages';
import {
  SearchAnswerSchema,
  SearchQuerySchema,
  SearchSuggestionsAnswerSchema,
} from '../../../src/domain/schemas/search';
import { SEARCH_LIMITS } from '../../../src/domain/search-query';
import { sendEncodedJson } from '../../lib/encoded-json';
import { tooMany } from '../../lib/http-error';
import { COMPRESSED } from '../../plugins/compression';
import { searchBurials, suggestBurials } from './search';
import { cachedSearch } from './search-cache';

export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/sepultados/pesquisa',
    {
      compress: COMPRESSED,
      schema: {
        querystring: SearchQuerySchema,
        response: { 200: Type.Union([SearchAnswerSchema, SearchSuggestionsAnswerSchema]) },
      },
    },
    async (request, reply) => {
      // Public and comparatively costly (a ranked index search): bounded per address so one
      // client cannot tie up the database. Typing with suggestions is ~3 requests per second
      // at worst, well under the default of 120 a minute.
      const perMinute = app.ctx.config.searchPerMinute;
      if (perMinute > 0) {
        const hit = await app.ctx.limiter.hit(`search:ip:${request.ip}`, {
          max: perMinute,
          windowMs: 60_000,
        });
        if (!hit.allowed) throw tooMany(MSG.tooManyRequests, hit.retryAfterSeconds);
      }
      const { q, limit, suggestions, cemiterio } = request.query;
      const where = cemiterio ?? '';
      // The held answer object is sent as bytes made once (server/lib/encoded-json.ts).
      if (suggestions) {
        const answer = await cachedSearch(app.ctx, `s|${where}|${q ?? ''}`, async (stamp) => {
          const sepultado = await suggestBurials(app.ctx, q, cemiterio ?? null, stamp);
          return { sepultado, total: sepultado.length };
        });
        return sendEncodedJson(request, reply, answer);
      }
      const max = limit ?? SEARCH_LIMITS.defaultLimit;
      const answer = await cachedSearch(app.ctx, `q|${max}|${where}|${q ?? ''}`, (stamp) =>
        searchBurials(app.ctx, q, max, cemiterio ?? null, stamp),
      );
      return sendEncodedJson(request, reply, answer);
    },
  );
};
