/**
 * One burial record for the detail page (GUIDE §1): the stored row shows at once, the server
 * is asked on mount and when the session changes, and its answer lands in Dexie and from there
 * on the screen. Without signal, or when the server fails, the stored row stays (the page
 * labels it as the device's copy). A 404 removes the row; every failure says "Erro ao carregar
 * sepultado." (spec §8).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { ApiFailure } from '../../../data/api';
import { db, type LocalSepultado } from '../../../data/db';
import { rowFromRecord } from '../../../data/local-rows';
import { useSession } from '../../auth/session-context';
import { TEXT } from '../texts';
import { fetchSepultado } from './calls';

export type FetchState =
  | { phase: 'fetching' }
  | { phase: 'done' }
  | { phase: 'notFound'; message: string }
  | { phase: 'failed'; offline: boolean };

export interface SepultadoView {
  /** undefined: the device has not answered yet; null: not stored on this device. */
  row: LocalSepultado | null | undefined;
  fetch: FetchState;
}

export function useSepultado(id: string): SepultadoView {
  const token = useSession().auth?.token ?? null;
  const [fetch, setFetch] = useState<FetchState>({ phase: 'fetching' });
  // The last answer, for a device that refused to store it.
  const [memory, setMemory] = useState<LocalSepultado | null>(null);
  const row = useLiveQuery(async () => (await db.sepultados.get(id)) ?? null, [id]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new session may see more of the record
  useEffect(() => {
    let live = true;
    setFetch({ phase: 'fetching' });
    setMemory(null);
    void fetchSepultado(id).then(
      (record) => {
        if (!live) return;
        setMemory(rowFromRecord(record));
        setFetch({ phase: 'done' });
      },
      (err: unknown) => {
        if (!live) return;
        if (err instanceof ApiFailure && err.status === 404) {
          // Spec §8 "Detail load": one text for every failure, an unknown id included.
          setFetch({ phase: 'notFound', message: TEXT.detailLoadError });
        } else {
          setFetch({ phase: 'failed', offline: err instanceof ApiFailure && err.offline });
        }
      },
    );
    return () => {
      live = false;
    };
  }, [id, token]);

  if (fetch.phase === 'notFound') return { row: null, fetch };
  return { row: row ?? (memory?.id === id ? memory : row), fetch };
}
