/** What every route and service can reach: config, database, and the shared services. */
import type { Config } from './config';
import type { Database } from './db/index';
import type { RateLimiter } from './services/rate-limiter';
import type { TokenService } from './services/tokens';

export interface AppContext {
  config: Config;
  database: Database;
  tokens: TokenService;
  limiter: RateLimiter;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
