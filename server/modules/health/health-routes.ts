import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health', async () => {
    await app.ctx.database.sql.query('select 1');
    // Redis is reported, not required: without it limits and invalidations degrade per
    // instance (lib/redis.ts), which is no reason to take the instance out of rotation.
    const redis = app.ctx.redis;
    return { status: 'ok', db: app.ctx.database.kind, ...(redis ? { redis: redis.status() } : {}) };
  });
};
