/**
 * Starts the process: validated config, the database (PGlite in DATA_DIR or PostgreSQL), Redis
 * when REDIS_URL is set, the app, the admin and demo seed; closes everything cleanly on
 * SIGTERM/SIGINT: the listener stops, requests in flight finish, pending e-mails go, the Redis
 * connections and the database close (PGlite must be closed, or its files may be left
 * inconsistent).
 */

import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/index';
import { isFirstStart, runFirstStart } from './first-start';
import { removePidFile, writePidFile } from './lib/pid-file';
import { RedisUnavailableError } from './lib/redis';
import { ensureAdmin } from './modules/seed/bootstrap';
import { seedDemoIfEmpty } from './modules/seed/seed';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!config.databaseUrl) {
    // The backup and restore commands refuse to open this DATA_DIR while it is here.
    writePidFile(config.dataDir);
    process.on('exit', () => removePidFile(config.dataDir));
  }
  // The embedded database's one-off first start with the demo runs in a child process, so what
  // it uses is given back when it ends (server/first-start.ts). Without the demo, only initdb
  // needs that (server/db/pglite-init.ts).
  if (!config.databaseUrl && config.seed === 'demo' && isFirstStart(pgliteDir)) {
    await runFirstStart();
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir });
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({
      config,
      database,
      logger: {
        level: config.logLevel,
        redact: ['req.headers.authorization', 'req.headers.cookie'],
        // Fastify's request line, with secrets in the address hidden (the iCal feed's token is
        // its credential: a log line must not hand it out).
        serializers: {
          req: (req: FastifyRequest) => ({
            method: req.method,
            url: req.url.replace(/([?&]token=)[^&#]*/g, '$1[oculto]'),
            host: req.host,
            remoteAddress: req.ip,
            remotePort: req.socket?.remotePort,
          }),
        },
      },
    });
  } catch (err) {
    // An unreachable REDIS_URL stops the start like a wrong DATABASE_URL does.
    await database.close().catch(() => {});
    if (err instanceof RedisUnavailableError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await ensureAdmin(app.ctx, app.log);
    if (config.seed === 'demo' && database.kind === 'pglite') {
      await seedDemoIfEmpty(app.ctx, app.log);
    }
    await app.listen({ port: config.port, host: config.host });
    app.log.info(`Memorial pronto em ${config.publicUrl} (banco: ${database.kind})`);
  } catch (err) {
    app.log.error({ err }, 'failed to start');
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(1);
  }
}

void main();
