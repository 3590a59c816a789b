/**
 * /api/admin/backups (admin): the server's backups in BACKUP_DIR (backup-service.ts).
 *  - GET  /admin/backups        — state (running, step, progress, last result) and the list
 *  - POST /admin/backups        — starts one now: 202 with the state; 409 while one runs or
 *                                 when BACKUP_DIR is not set
 *  - GET  /admin/backups/:name  — downloads one archive
 */
import fs from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BACKUP_MSG } from '../../../src/domain/backup-messages';
import { BackupNameParamsSchema, BackupStatusSchema } from '../../../src/domain/schemas/backup';
import { notFound } from '../../lib/http-error';
import { requireCan } from '../../plugins/auth';
import { BackupService } from './backup-service';

export const backupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = new BackupService(app.ctx, app.log);
  service.schedule();
  app.addHook('onClose', () => service.close());
  const guard = [app.authenticate, requireCan('backup:manage', BACKUP_MSG.forbidden)];
  const noStore = { 'cache-control': 'no-store' };

  app.get(
    '/admin/backups',
    { preHandler: guard, schema: { response: { 200: BackupStatusSchema } } },
    async (_request, reply) => reply.headers(noStore).send(await service.state()),
  );

  app.post(
    '/admin/backups',
    { preHandler: guard, schema: { response: { 202: BackupStatusSchema } } },
    async (_request, reply) => {
      // Its failure is kept in the state (and logged); the answer does not wait for it.
      service.start().catch(() => {});
      return reply
        .code(202)
        .headers(noStore)
        .send(await service.state());
    },
  );

  app.get(
    '/admin/backups/:name',
    { preHandler: guard, schema: { params: BackupNameParamsSchema } },
    async (request, reply) => {
      const file = service.fileOf(request.params.name);
      if (!file) throw notFound(BACKUP_MSG.notFound);
      const { size } = await fs.promises.stat(file);
      return reply
        .type('application/x-tar')
        .headers({
          ...noStore,
          'content-length': String(size),
          'content-disposition': `attachment; filename="${request.params.name}"`,
        })
        .send(fs.createReadStream(file));
    },
  );
};
