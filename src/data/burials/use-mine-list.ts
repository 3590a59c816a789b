/**
 * The dashboard's list (GET /sepultados/meussepultados?q&limit=20): asked again when the
 * term, the session or `reloadKey` (after a delete or an assignment change) changes. Without
 * an answer (no signal), the list comes from the device — the visit pack and the person's
 * editable ids (src/data/mine-local.ts) — and says so; a real failure keeps its spec text.
 */
import type { MineCard } from '../../domain/burial-types';
import { TEXT } from '../../lib/texts/burial-texts';
import { useLoad } from '../../lib/use-load';
import { db } from '../db';
import { ApiFailure, failureText } from '../failure';
import { mineFromDevice } from '../mine-local';
import { useSession } from '../session/session';
import { syncMine } from '../sync/mine-sync';
import { fetchMine } from './burial-calls';

type MineList =
  | { phase: 'loading' }
  | { phase: 'ready'; rows: MineCard[]; fromDevice?: boolean }
  | { phase: 'failed'; message: string };

type MineRows = { rows: MineCard[]; fromDevice?: boolean };

async function loadMine(query: string, userId: string): Promise<MineRows> {
  try {
    // The browser knows it has no network: no request that could only hang until its timeout.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      throw new ApiFailure(0, TEXT.listError);
    }
    const rows = await fetchMine(query);
    // Online: keep the device's list of editable records current for the next offline day.
    void syncMine(db);
    return { rows };
  } catch (err) {
    const noAnswer = err instanceof ApiFailure && err.outcome.kind === 'no-answer';
    const local = noAnswer && userId ? await mineFromDevice(db, userId, query) : null;
    if (local) return { rows: local, fromDevice: true };
    throw err;
  }
}

export function useMineList(query: string, reloadKey: number): MineList {
  const auth = useSession().auth;
  const token = auth?.token ?? null;
  const userId = auth?.userId ?? '';
  // reloadKey and the token are reasons to ask again.
  const { state } = useLoad(() => loadMine(query, userId), [query, reloadKey, token, userId]);
  if (state.phase === 'done') return { phase: 'ready', ...state.value };
  // Asking again: the list shown stays until the answer.
  if (state.phase === 'loading' && state.last) return { phase: 'ready', ...state.last };
  if (state.phase === 'failed') {
    return {
      phase: 'failed',
      message: failureText(
        state.error,
        { fallback: TEXT.listError, 401: TEXT.listUnauthenticated, 403: TEXT.listForbidden },
        TEXT.offline,
      ),
    };
  }
  return { phase: 'loading' };
}
