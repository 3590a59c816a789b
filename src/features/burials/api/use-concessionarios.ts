/**
 * The concessionários an admin can assign (GET /users/concessionarios), fetched once per
 * session and shared by the dashboard and the edit screen (spec §7: "cached for the
 * session"). A new token (another login) starts a new cache.
 */
import { useEffect, useState } from 'react';
import { ApiFailure } from '../../../data/api';
import type { ConcessionarioListItem } from '../../../domain/sepultado-types';
import { useSession } from '../../auth/session-context';
import { fetchConcessionarios } from './calls';

export type ConcessionariosState =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; list: ConcessionarioListItem[] }
  /** 401 (session expired), 403, no signal or any other failure: no list to offer. */
  | { status: 'failed'; httpStatus: number };

let cache: { token: string; promise: Promise<ConcessionarioListItem[]> } | null = null;

export function loadConcessionarios(token: string): Promise<ConcessionarioListItem[]> {
  if (!cache || cache.token !== token) {
    const promise = fetchConcessionarios();
    cache = { token, promise };
    // A failed load is not kept: the next screen asks again.
    void promise.catch(() => {
      if (cache?.promise === promise) cache = null;
    });
  }
  return cache.promise;
}

export function useConcessionarios(enabled: boolean): ConcessionariosState {
  const { auth } = useSession();
  const token = auth?.token ?? null;
  const [state, setState] = useState<ConcessionariosState>({ status: 'idle' });
  useEffect(() => {
    if (!enabled || !token) {
      setState({ status: 'idle' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    void loadConcessionarios(token).then(
      (list) => live && setState({ status: 'ready', list }),
      (err: unknown) =>
        live &&
        setState({ status: 'failed', httpStatus: err instanceof ApiFailure ? err.status : 0 }),
    );
    return () => {
      live = false;
    };
  }, [enabled, token]);
  return state;
}
