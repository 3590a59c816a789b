/**
 * GET /api/images/:kind/:file — stored images (burial photos, avatars, tribute photos). Names
 * are random and never reused, so they are cached for a year as immutable. The kind and the
 * name are checked against strict patterns before any path is built: "..", "/", "%2f" or any
 * other name never reaches the filesystem and answers 404.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ImageParamsSchema } from '../../../src/domain/schemas/image';
import { UPLOAD_MSG } from '../../../src/domain/upload-rules';
import { readImage } from '../../lib/images';

export const imageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/images/:kind/:file',
    { schema: { params: ImageParamsSchema } },
    async (request, reply) => {
      const bytes = await readImage(app.ctx, request.params.kind, request.params.file);
      if (!bytes) return reply.code(404).send({ message: UPLOAD_MSG.imageNotFound });
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type('image/webp')
        .send(bytes);
    },
  );
};
