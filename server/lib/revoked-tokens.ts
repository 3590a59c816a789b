/**
 * The tokens "Sair" ended before their expiry, by their id (jti), held in memory so the check on
 * every authenticated request is a Map lookup. The table revoked_tokens is the truth: each
 * instance reads it at start, a logout writes it and then publishes topic 'session' with the
 * jti on the invalidation bus, which adds it here in every instance; when the Redis bus comes
 * back after a lost connection (EVERY_KEY: messages may have been missed), the table is read
 * again. Entries leave at the token's own expiry, when it would be refused anyway.
 */
import type { SqlRunner } from '../db/sql-runner';
import { EVERY_KEY, type InvalidationBus } from './invalidation';

export class RevokedTokens {
  private readonly ids = new Map<string, number>();

  /**
   * `ttlMs`: how long a token lives (JWT_TTL_HOURS). A jti learnt from the bus comes without its
   * expiry, so it is held that long from now: never shorter than the token's remaining life.
   */
  constructor(
    private readonly sql: SqlRunner,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  has(jti: string): boolean {
    const expiresAt = this.ids.get(jti);
    if (expiresAt === undefined) return false;
    if (expiresAt > this.now()) return true;
    this.ids.delete(jti);
    return false;
  }

  add(jti: string, expiresAt: number): void {
    if (expiresAt > this.now()) this.ids.set(jti, expiresAt);
  }

  /** Reads the table: the ids still refused, each with its expiry. */
  async load(): Promise<void> {
    const rows = await this.sql.query<{ jti: string; expires_at: Date | string }>(
      'SELECT jti, expires_at FROM revoked_tokens WHERE expires_at > now()',
    );
    for (const row of rows) this.add(row.jti, new Date(row.expires_at).getTime());
  }

  /** Follows the bus's 'session' messages; returns the unsubscribe. */
  listen(bus: InvalidationBus, onLoadFailed: (err: unknown) => void): () => void {
    return bus.subscribe('session', (key) => {
      if (key === EVERY_KEY) this.load().catch(onLoadFailed);
      else this.add(key, this.now() + this.ttlMs);
    });
  }
}
