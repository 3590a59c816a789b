/**
 * The concessionários an admin can assign (GET /users/concessionarios), fetched once per
 * session and shared by the dashboard and the edit screen (spec §7: "cached for the
 * session"). A new token (another login) starts a new cache.
 */

import type { ConcessionarioListItem } from '../../domain/burial-types';
import { useLoad } from '../../lib/use-load';
import { ApiFailure } from '../failure';
import { useSession } from '../session/session';
import { fetchAssignees } from './burial-calls';

type AssigneesState =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; list: ConcessionarioListItem[] }
  /** 401 (session expired), 403, no signal or any other failure: no list to offer. */
  | { status: 'failed'; httpStatus: number };

let cache: { token: string; promise: Promise<ConcessionarioListItem[]> } | null = null;

function loadAssignees(token: string): Promise<ConcessionarioListItem[]> {
  if (!cache || cache.token !== token) {
    const promise = fetchAssignees();
    cache = { token, promise };
    // A failed load is not kept: the next screen asks again.
    void promise.catch(() => {
      if (cache?.promise === promise) cache = null;
    });
  }
  return cache.promise;
}

export function useAssignees(enabled: boolean): AssigneesState {
  const { auth } = useSession();
  const token = auth?.token ?? null;
  const { state } = useLoad(enabled && token ? () => loadAssignees(token) : null, [enabled, token]);
  if (state.phase === 'done') return { status: 'ready', list: state.value };
  if (state.phase === 'failed') {
    const { error } = state;
    return { status: 'failed', httpStatus: error instanceof ApiFailure ? error.status : 0 };
  }
  return { status: state.phase === 'idle' ? 'idle' : 'loading' };
}
