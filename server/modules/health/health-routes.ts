import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health', async () => {
    await app.ctx.database.sql.query('select 1');
    return { status: 'ok', db: app.ctx.database.kind };
  });
};
