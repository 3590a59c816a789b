/**
 * Response compression, opted into per route (large lists, sync, search): a global hook would
 * cost every request. Routes pass COMPRESSED as their `compress` option — @fastify/compress
 * replaces, not merges, the plugin's options with a route's own, so the one object is shared.
 *
 * Answers up to 64 KiB (a search page is ~10 KiB) are compressed in one synchronous call, which
 * is short. The plugin's default on a 2-core host (8 KiB) sent them through a zlib stream per
 * response, whose setup and scheduling cost far more than the compression. Larger
 * answers (sync pages of 2000 records) still stream, so the event loop is never held for long.
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const COMPRESSED = { threshold: 1024, syncThreshold: 64 * 1024 } as const;

export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, { ...COMPRESSED, global: false });
});
