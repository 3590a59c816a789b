/**
 * Builds the Fastify app as a plugin tree (fastify/demo style): infrastructure (errors, security,
 * auth), then the API routes under /api, then the PWA. No port here: tests use inject().
 */
import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/index';
import { Admission } from './lib/admission';
import { BackgroundTasks } from './lib/background';
import { createLocalInvalidationBus, type InvalidationBus } from './lib/invalidation';
import { KeyLock } from './lib/key-lock';
import { createMailer, type Mailer } from './lib/mailer';
import { type Limiter, RateLimiter } from './lib/rate-limiter';
import { connectShared } from './lib/redis';
import { RevokedTokens } from './lib/revoked-tokens';
import { createTokenService, loadOrCreateSecret } from './lib/tokens';
import { UserCache } from './lib/user-cache';
import { scheduleAuditRetention } from './modules/audit/audit-retention';
import { auditRoutes } from './modules/audit/audit-routes';
import { personalDataRoutes } from './modules/audit/personal-data-routes';
import { backupRoutes } from './modules/backups/backup-routes';
import { assigneeRoutes } from './modules/burials/assignees-routes';
import { createBurialReads } from './modules/burials/burials-prepared';
import { listenForBurialWrites } from './modules/burials/burials-read';
import { burialRoutes } from './modules/burials/burials-routes';
import { listenForCountChanges } from './modules/cemeteries/cemeteries-read';
import { cemeteryRoutes } from './modules/cemeteries/cemeteries-routes';
import { newCountsCache } from './modules/cemeteries/counts-cache';
import { comissoRoutes } from './modules/comisso/comisso-routes';
import { concessionDocumentRoutes } from './modules/concessions/concession-documents-routes';
import { concessionRoutes } from './modules/concessions/concessions-routes';
import { deadlineRoutes } from './modules/deadlines/deadlines-routes';
import { graveRoutes } from './modules/graves/graves-routes';
import { healthRoutes } from './modules/health/health-routes';
import { imageRoutes } from './modules/images/images-routes';
import { labelRoutes } from './modules/labels/labels-routes';
import { mapRoutes } from './modules/map/map-routes';
import { publicPageRoutes } from './modules/public-pages/public-pages-routes';
import { recadastramentoRoutes } from './modules/recadastramento/recad-routes';
import { newSearchCache } from './modules/search/search-cache';
import { searchRoutes } from './modules/search/search-routes';
import { createSearchState } from './modules/search/search-state';
import { sheetRoutes } from './modules/spreadsheets/sheet-routes';
import { PackHeld } from './modules/sync/pack-held';
import { syncRoutes } from './modules/sync/sync-routes';
import { blockedWordsOf } from './modules/tributes/tributes-blocked-words';
import { tributeRoutes } from './modules/tributes/tributes-routes';
import { userRoutes } from './modules/users/users-routes';
import { workOrderRoutes } from './modules/work-orders/public';
import { auditScopePlugin } from './plugins/audit-scope';
import { authPlugin } from './plugins/auth';
import { clientPlugin } from './plugins/client';
import { compressionPlugin } from './plugins/compression';
import { errorsPlugin } from './plugins/errors';
import { faultInjectionAllowed, faultInjectionPlugin } from './plugins/fault-injection';
import { inputGuardPlugin } from './plugins/input-guard';
import { accountLaneBound, loadSheddingPlugin, PUBLIC_LANE_FLOOR } from './plugins/load-shedding';
import { openApiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { uploadsPlugin } from './plugins/uploads';

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Tests pass their own to control time (replaces Redis's too). */
  limiter?: Limiter;
  /** Replaces the mailer built from config (SMTP_URL or .eml files). */
  mailer?: Mailer;
  /** The invalidation bus (several instances pass a shared one); default: this process only. */
  invalidation?: InvalidationBus;
  /** Told of every route as it is registered (tests sweep every route's inputs). */
  onRoute?: (route: RouteOptions) => void;
}

/** JSON bodies above this are refused with 413; uploads have their own multipart limits. */
const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApp(options: BuildOptions) {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    // Unique across restarts and instances: the audit trail keeps it with each entry.
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    ajv: { customOptions: { removeAdditional: false, allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Several instances: counters and invalidations through Redis (docs/decisions.md).
  const shared = config.redisUrl
    ? await connectShared(config.redisUrl, config.redisPrefix, app.log)
    : null;
  const ctx: AppContext = {
    config,
    database,
    tokens: createTokenService(
      config.jwtSecret ?? loadOrCreateSecret(config.dataDir),
      config.jwtTtlSeconds,
    ),
    limiter: options.limiter ?? shared?.limiter ?? new RateLimiter(),
    // A bus passed in (tests of several instances) wins over Redis's and the local one.
    invalidation: options.invalidation ?? shared?.bus ?? createLocalInvalidationBus(),
    redis: shared,
    mailer: options.mailer ?? createMailer(config, app.log),
    background: new BackgroundTasks(app.log),
    keyLock: new KeyLock(),
    burialReads: createBurialReads(database.db),
    searchCache: newSearchCache(),
    search: createSearchState(database, config.databaseUrl),
    syncInfo: { current: null },
    packHeld: new PackHeld(),
    cemeteryCounts: newCountsCache(),
    editKeysPrunedAt: { at: 0 },
    blockedWords: blockedWordsOf(config),
    admission: new Admission({
      public: { max: config.maxConcurrent, floor: PUBLIC_LANE_FLOOR },
      // Fixed: a login's Argon2 hash is slow by design, its duration says nothing of overload.
      account: {
        max: accountLaneBound(config.maxConcurrent),
        floor: accountLaneBound(config.maxConcurrent),
      },
    }),
    userCache: new UserCache(),
    revokedTokens: new RevokedTokens(database.sql, config.jwtTtlSeconds * 1000),
  };
  ctx.userCache.listen(ctx.invalidation);
  ctx.revokedTokens.listen(ctx.invalidation, (err) =>
    app.log.error({ err }, 'Sessões encerradas: leitura da tabela falhou'),
  );
  await ctx.revokedTokens.load();
  app.decorate('ctx', ctx);
  listenForBurialWrites(ctx);
  listenForCountChanges(ctx);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Pending e-mails finish before the database closes (the caller closes it after the app).
  app.addHook('onClose', async () => {
    await ctx.background.drain();
    ctx.mailer.close();
    await ctx.search.close();
    // Redis's connections close with the app; a bus passed in belongs to the caller.
    if (shared) await shared.close();
    else if (!options.invalidation) await ctx.invalidation.close();
  });

  await app.register(errorsPlugin);
  // First of the request hooks: a refused request costs no parsing and no database work.
  await app.register(loadSheddingPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityPlugin);
  await app.register(compressionPlugin);
  await app.register(auditScopePlugin);
  await app.register(authPlugin);
  await app.register(uploadsPlugin);
  if (faultInjectionAllowed(process.env)) await app.register(faultInjectionPlugin);
  // Before the routes: it describes every route registered after it.
  await app.register(openApiPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(userRoutes);
      await api.register(assigneeRoutes);
      await api.register(searchRoutes);
      await api.register(sheetRoutes);
      await api.register(burialRoutes);
      await api.register(graveRoutes);
      await api.register(concessionRoutes);
      await api.register(concessionDocumentRoutes);
      await api.register(deadlineRoutes);
      await api.register(recadastramentoRoutes);
      await api.register(comissoRoutes);
      await api.register(workOrderRoutes);
      await api.register(tributeRoutes);
      await api.register(imageRoutes);
      await api.register(syncRoutes);
      await api.register(mapRoutes);
      await api.register(labelRoutes);
      await api.register(cemeteryRoutes);
      await api.register(backupRoutes);
      await api.register(auditRoutes);
      await api.register(personalDataRoutes);
    },
    { prefix: '/api' },
  );

  scheduleAuditRetention(app);
  await app.register(clientPlugin);
  await app.register(publicPageRoutes);
  return app;
}
