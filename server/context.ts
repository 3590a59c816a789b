/** What every route and service can reach: config, database, and the shared services. */
import type { Config } from './config';
import type { Database } from './db/index';
import type { BackgroundTasks } from './services/background';
import type { Mailer } from './services/mailer';
import type { RateLimiter } from './services/rate-limiter';
import type { TokenService } from './services/tokens';

export interface AppContext {
  config: Config;
  database: Database;
  tokens: TokenService;
  limiter: RateLimiter;
  /** Outgoing e-mail: .eml files under DATA_DIR/mail, or SMTP when SMTP_URL is set. */
  mailer: Mailer;
  /** Work finished after the answer (e-mails); app.close() waits for it. */
  background: BackgroundTasks;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
