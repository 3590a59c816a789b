/**
 * Abuse limits of the account endpoints (fixed windows in ctx.limiter). Per IP stops one machine
 * from sweeping many addresses; per e-mail stops many machines from flooding one inbox or
 * guessing one password. Counted for unknown e-mails too, so a 429 tells nothing about accounts.
 */
import { MSG } from '../../../src/domain/messages';
import type { AppContext } from '../../context';
import { tooMany } from '../../lib/http-error';
import type { Limit } from '../../lib/rate-limiter';

const MIN = 60_000;

export const ACCOUNT_LIMITS = {
  registerPerEmail: { max: 5, windowMs: 60 * MIN },
  forgotPerIp: { max: 10, windowMs: 15 * MIN },
  forgotPerEmail: { max: 3, windowMs: 15 * MIN },
  resendPerIp: { max: 10, windowMs: 15 * MIN },
  resendPerEmail: { max: 3, windowMs: 15 * MIN },
  // A reset costs an Argon2 hash; 256-bit tokens cannot be guessed, this only caps the CPU.
  resetPerIp: { max: 20, windowMs: 15 * MIN },
  verifyPerIp: { max: 30, windowMs: 15 * MIN },
} satisfies Record<string, Limit>;

/** Counts a hit on every key; the first spent one answers 429 with Retry-After. */
export async function enforceLimits(
  ctx: AppContext,
  hits: [key: string, limit: Limit][],
): Promise<void> {
  for (const [key, limit] of hits) {
    const result = await ctx.limiter.hit(key, limit);
    if (!result.allowed) throw tooMany(MSG.tooManyAttempts, result.retryAfterSeconds);
  }
}
