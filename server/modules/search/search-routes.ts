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
import { suggestBurials } from './search';
import { searchAnswer, searchRate } from './search-answer';
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
      // Typing with suggestions is ~3 requests per second at worst, well under the default
      // bound of 120 a minute (search-answer.ts).
      const rate = await searchRate(app.ctx, request.ip);
      if (!rate.allowed) throw tooMany(MSG.tooManyRequests, rate.retryAfterSeconds);
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
      const answer = await searchAnswer(
        app.ctx,
        q,
        limit ?? SEARCH_LIMITS.defaultLimit,
        cemiterio ?? null,
      );
      return sendEncodedJson(request, reply, answer);
    },
  );
};
