/**
 * GET /api/sync/pack through the app's client (ApiFailure on failure, status 0 = offline),
 * with the bytes the browser received. Apart from pack-walk.ts so the walk runs where the
 * app's client does not (the bench's page).
 */

import type { PackAnswer } from '../../domain/sync-types';
import { api, toApiFailure } from '../api';
import type { PackFetcher } from './pack-walk';

function wireBytes(url: string, fallback: number): number {
  if (typeof performance === 'undefined' || !performance.getEntriesByName) return fallback;
  const entry = performance.getEntriesByName(url).at(-1) as PerformanceResourceTiming | undefined;
  return entry && entry.encodedBodySize > 0 ? entry.encodedBodySize : fallback;
}

export const fetchPackPage: PackFetcher = async (pack, since, limit, signal) => {
  const searchParams: Record<string, string> = { limit: String(limit) };
  if (since) searchParams.since = since;
  if (pack) searchParams.cemiterio = pack;
  try {
    const res = await api.get('sync/pack', { searchParams, signal });
    const text = await res.text();
    return { answer: JSON.parse(text) as PackAnswer, bytes: wireBytes(res.url, text.length) };
  } catch (err) {
    if (signal?.aborted) throw err;
    throw await toApiFailure(err, 'Não foi possível baixar os registros.');
  }
};
