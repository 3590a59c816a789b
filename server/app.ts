/**
 * Builds the Fastify app as a plugin tree (fastify/demo style): infrastructure (errors, security,
 * auth), then the API routes under /api, then the PWA. No port here: tests use inject().
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/index';
import { authPlugin } from './plugins/auth';
import { clientPlugin } from './plugins/client';
import { compressionPlugin } from './plugins/compression';
import { errorsPlugin } from './plugins/errors';
import { faultInjectionAllowed, faultInjectionPlugin } from './plugins/fault-injection';
import { inputGuardPlugin } from './plugins/input-guard';
import { securityPlugin } from './plugins/security';
import { uploadsPlugin } from './plugins/uploads';
import { comentarioRoutes } from './routes/comentarios';
import { concessionarioRoutes } from './routes/concessionarios';
import { etiquetaRoutes } from './routes/etiquetas';
import { healthRoutes } from './routes/health';
import { imageRoutes } from './routes/images';
import { mapaRoutes } from './routes/mapa';
import { pesquisaRoutes } from './routes/pesquisa';
import { sepultadoRoutes } from './routes/sepultados';
import { syncRoutes } from './routes/sync';
import { userRoutes } from './routes/users';
import { BackgroundTasks } from './services/background';
import { createMailer, type Mailer } from './services/mailer';
import { RateLimiter } from './services/rate-limiter';
import { createTokenService, loadOrCreateSecret } from './services/tokens';

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Tests pass their own to control time. */
  limiter?: RateLimiter;
  /** Replaces the mailer built from config (SMTP_URL or .eml files). */
  mailer?: Mailer;
  /** Told of every route as it is registered (tests sweep every route's inputs). */
  onRoute?: (route: RouteOptions) => void;
}

/** JSON bodies above this are refused with 413; uploads have their own multipart limits. */
export const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApp(options: BuildOptions) {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    ajv: { customOptions: { removeAdditional: false, allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const ctx: AppContext = {
    config,
    database,
    tokens: createTokenService(
      config.jwtSecret ?? loadOrCreateSecret(config.dataDir),
      config.jwtTtlSeconds,
    ),
    limiter: options.limiter ?? new RateLimiter(),
    mailer: options.mailer ?? createMailer(config, app.log),
    background: new BackgroundTasks(app.log),
  };
  app.decorate('ctx', ctx);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Pending e-mails finish before the database closes (the caller closes it after the app).
  app.addHook('onClose', async () => {
    await ctx.background.drain();
    ctx.mailer.close();
  });

  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityPlugin);
  await app.register(compressionPlugin);
  await app.register(authPlugin);
  await app.register(uploadsPlugin);
  if (faultInjectionAllowed(process.env)) await app.register(faultInjectionPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(userRoutes);
      await api.register(concessionarioRoutes);
      await api.register(pesquisaRoutes);
      await api.register(sepultadoRoutes);
      await api.register(comentarioRoutes);
      await api.register(imageRoutes);
      await api.register(syncRoutes);
      await api.register(mapaRoutes);
      await api.register(etiquetaRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(clientPlugin);
  return app;
}
