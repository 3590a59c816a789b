/**
 * GET /api/sync/sepultados?since=<cursor>&limit=N (public, issue 7): the burial records changed
 * and deleted after a cursor, for the offline copy. Compressed (gzip/br when asked); a weak ETag
 * lets an unchanged answer be a 304. What the cursor guarantees: server/services/sync.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MSG } from '../../src/domain/messages';
import { unauthorized } from '../http-error';
import { COMPRESSED } from '../plugins/compression';
import { editableIds } from '../services/sepultados-access';
import { SYNC_LIMIT, syncEtag, syncSepultados } from '../services/sync';
import { syncInfo } from '../services/sync-info';
import { RecordSchema } from './sepultado-schemas';

const SyncQuery = Type.Object(
  {
    since: Type.Optional(Type.String({ maxLength: 64 })),
    // Above the maximum is served at the maximum rather than refused.
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);

// The public record, never who manages it (the sync is public).
const SyncRecordSchema = Type.Omit(RecordSchema, ['concessionarios', 'concessionariosInfo']);

const SyncAnswerSchema = Type.Object({
  changed: Type.Array(SyncRecordSchema),
  deleted: Type.Array(Type.String()),
  cursor: Type.String(),
  hasMore: Type.Boolean(),
  reset: Type.Boolean(),
});

/** If-None-Match: "*" or a list of tags, compared weakly (RFC 9110 §13.1.2). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

const SyncInfoSchema = Type.Object({
  records: Type.Integer(),
  recordBytesEstimate: Type.Integer(),
  thumbs: Type.Integer(),
  thumbBytes: Type.Integer(),
});

const MineSchema = Type.Object({
  userId: Type.String(),
  all: Type.Boolean(),
  ids: Type.Array(Type.String()),
});

export const syncRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The records the caller may edit, for the offline dashboard and "Editar" (this caller only:
  // the public record sync never carries assignments).
  app.get(
    '/sync/mine',
    { preHandler: app.authenticate, schema: { response: { 200: MineSchema } } },
    async (request, reply) => {
      if (!request.user) throw unauthorized(MSG.unauthenticated);
      reply.header('cache-control', 'private, no-store');
      return editableIds(app.ctx, request.user);
    },
  );

  // What a visit pack costs, before it starts (server/services/sync-info.ts says how).
  app.get(
    '/sync/info',
    { schema: { response: { 200: SyncInfoSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return syncInfo(app.ctx);
    },
  );

  app.get(
    '/sync/sepultados',
    {
      compress: COMPRESSED,
      // 304: no body (Fastify sends none for it whatever the payload).
      schema: { querystring: SyncQuery, response: { 200: SyncAnswerSchema, 304: Type.Null() } },
    },
    async (request, reply) => {
      const answer = await syncSepultados(app.ctx, {
        since: request.query.since,
        limit: request.query.limit ?? SYNC_LIMIT.default,
      });
      const etag = syncEtag(answer);
      // Revalidate every time: the answer for a cursor grows as people write.
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return answer;
    },
  );
};
