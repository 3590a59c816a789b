/**
 * The dashboard's list (GET /sepultados/meussepultados?q&limit=20): asked again when the
 * term, the session or `reloadKey` (after a delete or an assignment change) changes. Without
 * an answer (no signal), the list comes from the device — the visit pack and the person's
 * editable ids (src/data/mine-local.ts) — and says so; a real failure keeps its spec text.
 */
import { useEffect, useState } from 'react';
import { ApiFailure } from '../../../data/api';
import { db } from '../../../data/db';
import { mineFromDevice } from '../../../data/mine-local';
import { syncMine } from '../../../data/sync/mine-sync';
import type { MineCard } from '../../../domain/sepultado-types';
import { useSession } from '../../auth/session-context';
import { TEXT } from '../texts';
import { fetchMine } from './calls';
import { failureText } from './failure';

export type MineList =
  | { phase: 'loading' }
  | { phase: 'ready'; rows: MineCard[]; fromDevice?: boolean }
  | { phase: 'failed'; message: string };

export function useMineList(query: string, reloadKey: number): MineList {
  const auth = useSession().auth;
  const token = auth?.token ?? null;
  const userId = auth?.userId ?? '';
  const [state, setState] = useState<MineList>({ phase: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey and token are reasons to ask again
  useEffect(() => {
    let live = true;
    setState((s) => (s.phase === 'ready' ? s : { phase: 'loading' }));
    // The browser knows it has no network: no request that could only hang until its timeout.
    const ask =
      typeof navigator !== 'undefined' && navigator.onLine === false
        ? Promise.reject(new ApiFailure(0, TEXT.listError))
        : fetchMine(query);
    void ask.then(
      (rows) => {
        if (live) setState({ phase: 'ready', rows });
        // Online: keep the device's list of editable records current for the next offline day.
        void syncMine(db);
      },
      async (err: unknown) => {
        const noAnswer = err instanceof ApiFailure && err.outcome.kind === 'no-answer';
        const local = noAnswer && userId ? await mineFromDevice(db, userId, query) : null;
        if (!live) return;
        if (local) {
          setState({ phase: 'ready', rows: local, fromDevice: true });
          return;
        }
        setState({
          phase: 'failed',
          message: failureText(err, {
            fallback: TEXT.listError,
            401: TEXT.listUnauthenticated,
            403: TEXT.listForbidden,
          }),
        });
      },
    );
    return () => {
      live = false;
    };
  }, [query, reloadKey, token, userId]);
  return state;
}
