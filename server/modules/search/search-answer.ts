/**
 * The public search's results as the API answers them, through the held-answer cache, and the
 * per-address bound on running it: one copy for GET /api/sepultados/pesquisa and for the
 * results page the server renders (modules/public-pages).
 */
import type { SearchAnswer } from '../../../src/domain/search-types';
import type { AppContext } from '../../context';
import { searchBurials } from './search';
import { cachedSearch } from './search-cache';

export function searchAnswer(
  ctx: AppContext,
  q: string | undefined,
  limit: number,
  cemiterio: string | null,
): Promise<SearchAnswer> {
  return cachedSearch(ctx, `q|${limit}|${cemiterio ?? ''}|${q ?? ''}`, (stamp) =>
    searchBurials(ctx, q, limit, cemiterio, stamp),
  );
}

/**
 * Public and comparatively costly (a ranked index search): bounded per address so one client
 * cannot tie up the database (SEARCH_RATE_PER_MINUTE; 0 turns it off).
 */
export async function searchRate(
  ctx: AppContext,
  ip: string,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const perMinute = ctx.config.searchPerMinute;
  if (perMinute <= 0) return { allowed: true, retryAfterSeconds: 0 };
  const hit = await ctx.limiter.hit(`search:ip:${ip}`, { max: perMinute, windowMs: 60_000 });
  return { allowed: hit.allowed, retryAfterSeconds: hit.retryAfterSeconds };
}
