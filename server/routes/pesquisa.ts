/**
 * GET /api/sepultados/pesquisa (public, spec §7): `?q&limit` answers {sepultados, total};
 * `?q&suggestions=true` answers an array of at most 8 suggestions. A static path, so Fastify
 * prefers it over /sepultados/:id. Rules and SQL live in services/search.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MSG } from '../../src/domain/messages';
import { SEARCH_LIMITS } from '../../src/domain/search-query';
import { tooMany } from '../http-error';
import { COMPRESSED } from '../plugins/compression';
import { searchSepultados, suggestSepultados } from '../services/search';

const Nullable = (type: 'string') => Type.Unsafe<string | null>({ type: [type, 'null'] });

const SearchQuerystring = Type.Object({
  // The domain check gives the pt-BR message for > 100 characters; this only bounds the work.
  q: Type.Optional(Type.String({ maxLength: 1000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SEARCH_LIMITS.maxLimit })),
  suggestions: Type.Optional(Type.Boolean()),
});

const Suggestion = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  nome: Type.String(),
  rua: Nullable('string'),
  quadra: Type.String(),
  chapa: Type.String(),
});

const Card = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  nome: Type.String(),
  rua: Nullable('string'),
  quadra: Type.String(),
  chapa: Type.String(),
  dtFal: Nullable('string'),
  image: Nullable('string'),
  images: Type.Array(Type.String()),
  thumb: Nullable('string'),
});

const Answer = Type.Object({ sepultados: Type.Array(Card), total: Type.Integer() });

export const pesquisaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/sepultados/pesquisa',
    {
      compress: COMPRESSED,
      schema: {
        querystring: SearchQuerystring,
        response: { 200: Type.Union([Answer, Type.Array(Suggestion)]) },
      },
    },
    async (request) => {
      // Public and comparatively costly (a ranked index search): bounded per address so one
      // client cannot tie up the database. Typing with suggestions is ~3 requests per second
      // at worst, well under the default of 120 a minute.
      const perMinute = app.ctx.config.searchPerMinute;
      if (perMinute > 0) {
        const hit = app.ctx.limiter.hit(`search:ip:${request.ip}`, {
          max: perMinute,
          windowMs: 60_000,
        });
        if (!hit.allowed) throw tooMany(MSG.tooManyRequests, hit.retryAfterSeconds);
      }
      const { q, limit, suggestions } = request.query;
      if (suggestions) return suggestSepultados(app.ctx, q);
      return searchSepultados(app.ctx, q, limit ?? SEARCH_LIMITS.defaultLimit);
    },
  );
};
