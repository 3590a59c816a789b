/**
 * What every route and service can reach: config, database, the shared services, and the
 * per-app state of the modules (prepared statements, caches, locks). Built once by buildApp and
 * owned by the app: two apps in one process (tests) never share any of it.
 */
import type { SyncInfo } from '../src/domain/sync-types';
import type { BlockedWords } from '../src/domain/tribute-rules';
import type { Config } from './config';
import type { Database } from './db/index';
import type { Admission } from './lib/admission';
import type { BackgroundTasks } from './lib/background';
import type { InvalidationBus } from './lib/invalidation';
import type { KeyLock } from './lib/key-lock';
import type { Mailer } from './lib/mailer';
import type { Limiter } from './lib/rate-limiter';
import type { ReadCache } from './lib/read-cache';
import type { RevokedTokens } from './lib/revoked-tokens';
import type { TokenService } from './lib/tokens';
import type { UserCache } from './lib/user-cache';
import type { BurialReads } from './modules/burials/burials-prepared';
import type { CemeteryCountsCache } from './modules/cemeteries/counts-cache';
import type { SearchState } from './modules/search/search-state';
import type { PackHeld } from './modules/sync/pack-held';

export interface AppContext {
  config: Config;
  database: Database;
  tokens: TokenService;
  /** In memory, or in Redis with REDIS_URL (counted across instances). */
  limiter: Limiter;
  /**
   * Tells every instance's caches that something changed (just this process without
   * REDIS_URL). Writes await their publish before answering.
   */
  invalidation: InvalidationBus;
  /** Redis's state for GET /api/health (null without REDIS_URL). */
  redis: { status(): 'ok' | 'indisponível' } | null;
  /** Outgoing e-mail: .eml files under DATA_DIR/mail, or SMTP when SMTP_URL is set. */
  mailer: Mailer;
  /** Work finished after the answer (e-mails); app.close() waits for it. */
  background: BackgroundTasks;
  /** One attempt per idempotency key at a time (tribute posts, edits, the plan's update). */
  keyLock: KeyLock;
  /** The public reads of burial records: prepared statements and their caches. */
  burialReads: BurialReads;
  /** The public search's answers by write stamp and query (modules/search/search-cache.ts). */
  searchCache: ReadCache<unknown>;
  /**
   * The public search's statement pools and what it holds between searches (statistics,
   * vocabulary, the write stamp's reads): modules/search/search-state.ts.
   */
  search: SearchState;
  /** GET /api/sync/info's answer, kept a minute. */
  syncInfo: SyncInfoCache;
  /** The visit pack's first-download pages, held compressed (modules/sync/pack-held.ts). */
  packHeld: PackHeld;
  /** Each cemetery's count of public records, held and recounted (modules/cemeteries). */
  cemeteryCounts: CemeteryCountsCache;
  /** When expired edit idempotency keys were last pruned (ms since the epoch). */
  editKeysPrunedAt: { at: number };
  /** Bounds on concurrent API work per lane (plugins/load-shedding.ts). */
  admission: Admission;
  /** The auth plugin's user rows; every write to a user publishes 'user' with its id. */
  userCache: UserCache;
  /** Tokens ended by "Sair" (by jti); a logout publishes 'session' with it. */
  revokedTokens: RevokedTokens;
  /** The tributes' blocked-word list of this configuration, compiled on first use. */
  blockedWords: () => BlockedWords;
}

/** GET /api/sync/info's one answer of an app, kept a minute (modules/sync/sync-info.ts). */
export interface SyncInfoCache {
  current: { expires: number; value: Promise<SyncInfo> } | null;
  /** Per cemetery (GET /api/sync/info?cemiterio=…: that cemetery's visit pack). */
  cemeteries?: Map<string, { expires: number; value: Promise<SyncInfo> }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
