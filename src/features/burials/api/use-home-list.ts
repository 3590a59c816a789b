/**
 * The home page's "Recentes" (GUIDE §1): the list is fetched on mount and whenever the
 * session changes, stored in Dexie, and read back with useLiveQuery, so what was seen once
 * shows again without signal. A failed fetch keeps the stored list silently (spec §8: the
 * home list falls back to empty silently — with a stored list, to the stored list). When the
 * device cannot store, the answer is shown from memory.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { HOME_LIST } from '../../../data/burials-store';
import { db, type LocalSepultado } from '../../../data/db';
import { mergeCard } from '../../../data/local-rows';
import { useSession } from '../../auth/session-context';
import { fetchHome } from './calls';

export interface HomeList {
  /** null while neither the device nor the server has answered yet. */
  rows: LocalSepultado[] | null;
}

export function useHomeList(): HomeList {
  const token = useSession().auth?.token ?? null;
  const [settled, setSettled] = useState(false);
  const [memory, setMemory] = useState<LocalSepultado[] | null>(null);

  const stored = useLiveQuery(async () => {
    const list = await db.lists.get(HOME_LIST);
    if (!list) return null;
    const rows = await db.sepultados.bulkGet(list.ids);
    return rows.filter((r): r is LocalSepultado => r !== undefined);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new session may see a different list
  useEffect(() => {
    let live = true;
    void fetchHome()
      .then((cards) => live && setMemory(cards.map((c) => mergeCard(undefined, c))))
      .catch(() => undefined)
      .finally(() => live && setSettled(true));
    return () => {
      live = false;
    };
  }, [token]);

  if (stored) return { rows: stored };
  if (memory) return { rows: memory };
  // Nothing stored and the fetch is over (it failed): empty, silently.
  if (stored === null && settled) return { rows: [] };
  return { rows: null };
}
