/**
 * GET /api/images/:kind/:file — stored images (burial photos, avatars, tribute photos). Names
 * are random and never reused, so they are cached for a year as immutable. The kind and the
 * name are checked against strict patterns before any path is built: "..", "/", "%2f" or any
 * other name never reaches the filesystem and answers 404.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ImageParamsSchema } from '../../../src/domain/schemas/image';
import { IMAGE_KINDS, UPLOAD_MSG } from '../../../src/domain/upload-rules';
import { readImage } from '../../lib/images';

export const imageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/images/:kind/:file',
    { schema: { params: ImageParamsSchema } },
    async (request, reply) => {
      // Private kinds (a document photo, an inspection) have their own guarded routes.
      const { kind, file } = request.params;
      const bytes = (IMAGE_KINDS as readonly string[]).includes(kind)
        ? await readImage(app.ctx, kind, file)
        : null;
      if (!bytes) return reply.code(404).send({ message: UPLOAD_MSG.imageNotFound });
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type('image/webp')
        .send(bytes);
    },
  );
};
