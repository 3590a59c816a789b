/**
 * GET /api/sync/sepultados?since=<cursor>&limit=N (public): the burial records changed
 * and deleted after a cursor, for the offline copy. Compressed (gzip/br when asked); a weak ETag
 * lets an unchanged answer be a 304. What the cursor guarantees: server/modules/sync/sync.ts.
 * GET /api/sync/pack?since&limit&cemiterio (public): the visit pack as compact columns (pack.ts).
 * GET /api/sync/mine and /api/sync/comisso (login): what this caller keeps for field work.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MSG } from '../../../src/domain/messages';
import { FieldGravesSchema } from '../../../src/domain/schemas/comisso-field';
import {
  MineAnswerSchema,
  PackPageSchema,
  PackQuerySchema,
  SyncInfoQuerySchema,
  SyncInfoSchema,
  SyncPageSchema,
  SyncQuerySchema,
} from '../../../src/domain/schemas/sync';
import { pickEncoding, sendJsonBytes } from '../../lib/encoded-json';
import { matches } from '../../lib/etag';
import { unauthorized } from '../../lib/http-error';
import { COMPRESSED } from '../../plugins/compression';
import { editableIds } from '../burials/public';
import { fieldGraves } from '../comisso/public';
import { packEtag, packPage } from './pack';
import { PACK_LIMIT } from './pack-cursor';
import { SYNC_LIMIT, syncBurials, syncEtag } from './sync';
import { syncInfo } from './sync-info';

export const syncRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The records the caller may edit, for the offline dashboard and "Editar" (this caller only:
  // the public record sync never carries assignments).
  app.get(
    '/sync/mine',
    { preHandler: app.authenticate, schema: { response: { 200: MineAnswerSchema } } },
    async (request, reply) => {
      if (!request.user) throw unauthorized(MSG.unauthenticated);
      reply.header('cache-control', 'private, no-store');
      return editableIds(app.ctx, request.user);
    },
  );

  // The open comisso cases of the graves the caller inspects, kept on their device with the
  // grave's public part (server/modules/comisso/comisso-field.ts). Asked at every personal sync:
  // its ETag makes a sync with nothing changed one bodiless 304.
  app.get(
    '/sync/comisso',
    {
      preHandler: app.authenticate,
      schema: { response: { 200: FieldGravesSchema, 304: Type.Null() } },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized(MSG.unauthenticated);
      const { body, etag } = await fieldGraves(app.ctx, request.user);
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return body;
    },
  );

  // What a visit pack costs, before it starts (server/modules/sync/sync-info.ts says how).
  app.get(
    '/sync/info',
    { schema: { querystring: SyncInfoQuerySchema, response: { 200: SyncInfoSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return syncInfo(app.ctx, Date.now(), request.query.cemiterio ?? null);
    },
  );

  app.get(
    '/sync/sepultados',
    {
      compress: COMPRESSED,
      // 304: no body (Fastify sends none for it whatever the payload).
      schema: { querystring: SyncQuerySchema, response: { 200: SyncPageSchema, 304: Type.Null() } },
    },
    async (request, reply) => {
      const answer = await syncBurials(app.ctx, {
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

  // The visit pack of a cemetery as compact columns (server/modules/sync/pack.ts); full pages
  // of a walk are held compressed and shared by the phones downloading it (pack-held.ts).
  app.get(
    '/sync/pack',
    {
      compress: COMPRESSED,
      schema: { querystring: PackQuerySchema, response: { 200: PackPageSchema, 304: Type.Null() } },
    },
    async (request, reply) => {
      const key = {
        since: request.query.since,
        limit: request.query.limit ?? PACK_LIMIT.default,
        cemiterio: request.query.cemiterio,
      };
      const served = await app.ctx.packHeld.page(
        key,
        pickEncoding(request.headers['accept-encoding']),
        () => packPage(app.ctx, key),
        (answer) => String(reply.serialize(answer)),
        packEtag,
      );
      const etag = served.kind === 'held' ? served.etag : packEtag(served.answer);
      reply.header('etag', etag);
      // A held page stays right for whoever walks on from it (pack-held.ts): a proxy may keep
      // it too. Any other page is also a delta sync, which must see the newest writes.
      reply.header(
        'cache-control',
        served.kind === 'held'
          ? `public, max-age=${Math.max(0, Math.floor((served.expires - Date.now()) / 1000))}`
          : 'no-cache',
      );
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      if (served.kind === 'answer') return served.answer;
      return sendJsonBytes(reply, served.body, served.encoding);
    },
  );
};
