/**
 * Keeps the audit trail for AUDIT_RETENTION_DAYS (default 10 years): a purge when the app is
 * ready and then once a day. audit_purge (migration 0021) is the only way an entry is deleted;
 * several instances purging at once delete the same old rows, harmlessly.
 */
import type { FastifyInstance } from 'fastify';

const DAY_MS = 86_400_000;

export async function purgeAudit(app: FastifyInstance): Promise<number> {
  const [row] = await app.ctx.database.sql.query<{ n: string | number }>(
    'SELECT audit_purge($1) AS n',
    [app.ctx.config.auditRetentionDays],
  );
  return Number(row?.n ?? 0);
}

export function scheduleAuditRetention(app: FastifyInstance): void {
  const run = () =>
    app.ctx.background.run('audit retention', async () => {
      const purged = await purgeAudit(app);
      if (purged > 0) app.log.info({ purged }, 'audit entries past their retention purged');
    });
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, DAY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
