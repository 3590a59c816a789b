/**
 * Reads that met a busy server (503, docs/decisions.md "Load shedding"): the screen keeps the
 * device's copy and says so, and the read is asked again by itself at the server's
 * Retry-After (5 s when it gave none) — not at once, which would only add to the crowd.
 */
import { useEffect, useMemo } from 'react';
import { busyRetryAt } from '../domain/outcome';
import type { LoadState } from '../lib/use-load';
import { ApiFailure } from './failure';

/** When to ask again (ms epoch) if `error` is a busy server's answer; null otherwise. */
export function busyRetryOf(error: unknown, now = Date.now()): number | null {
  if (!(error instanceof ApiFailure) || error.outcome.kind !== 'busy') return null;
  return busyRetryAt(error.outcome, now);
}

/** Reloads once the busy server's Retry-After is over; answers that time (null: not busy). */
export function useRetryWhenBusy(state: LoadState<unknown>, reload: () => void): number | null {
  const error = state.phase === 'failed' ? state.error : null;
  const at = useMemo(() => busyRetryOf(error), [error]);
  useEffect(() => {
    if (at === null) return;
    const timer = setTimeout(reload, Math.max(0, at - Date.now()));
    return () => clearTimeout(timer);
  }, [at, reload]);
  return at;
}
