/**
 * The home page's "Recentes" (docs/engineering.md#data-flow): the list is fetched on mount and whenever the
 * session changes, stored in Dexie, and read back with useLiveQuery, so what was seen once
 * shows again without signal. A failed fetch keeps the stored list silently (spec §8: the
 * home list falls back to empty silently — with a stored list, to the stored list). When the
 * device cannot store, the answer is shown from memory.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useLoad } from '../../lib/use-load';
import { HOME_LIST } from '../burials-store';
import { db, type LocalBurial } from '../db';
import { mergeCard } from '../local-rows';
import { useSession } from '../session/session';
import { fetchHome } from './burial-calls';

interface HomeList {
  /** null while neither the device nor the server has answered yet. */
  rows: LocalBurial[] | null;
}

export function useHomeList(): HomeList {
  const token = useSession().auth?.token ?? null;
  // A new session may see a different list.
  const { state } = useLoad(
    async () => (await fetchHome()).map((c) => mergeCard(undefined, c)),
    [token],
  );
  const memory =
    state.phase === 'done' ? state.value : state.phase === 'loading' ? (state.last ?? null) : null;
  const settled = state.phase === 'done' || state.phase === 'failed';

  const stored = useLiveQuery(async () => {
    const list = await db.lists.get(HOME_LIST);
    if (!list) return null;
    const rows = await db.sepultados.bulkGet(list.ids);
    return rows.filter((r): r is LocalBurial => r !== undefined);
  }, []);

  if (stored) return { rows: stored };
  if (memory) return { rows: memory };
  // Nothing stored and the fetch is over (it failed): empty, silently.
  if (stored === null && settled) return { rows: [] };
  return { rows: null };
}
