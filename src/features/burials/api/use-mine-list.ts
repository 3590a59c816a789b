/**
 * The dashboard's list (GET /sepultados/meussepultados?q&limit=20): asked again when the
 * term, the session or `reloadKey` (after a delete or an assignment change) changes.
 */
import { useEffect, useState } from 'react';
import type { SepultadoCard } from '../../../domain/sepultado-types';
import { useSession } from '../../auth/session-context';
import { TEXT } from '../texts';
import { fetchMine } from './calls';
import { failureText } from './failure';

export type MineList =
  | { phase: 'loading' }
  | { phase: 'ready'; rows: SepultadoCard[] }
  | { phase: 'failed'; message: string };

export function useMineList(query: string, reloadKey: number): MineList {
  const token = useSession().auth?.token ?? null;
  const [state, setState] = useState<MineList>({ phase: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey and token are reasons to ask again
  useEffect(() => {
    let live = true;
    setState((s) => (s.phase === 'ready' ? s : { phase: 'loading' }));
    void fetchMine(query).then(
      (rows) => live && setState({ phase: 'ready', rows }),
      (err: unknown) =>
        live &&
        setState({
          phase: 'failed',
          message: failureText(err, {
            fallback: TEXT.listError,
            401: TEXT.listUnauthenticated,
            403: TEXT.listForbidden,
          }),
        }),
    );
    return () => {
      live = false;
    };
  }, [query, reloadKey, token]);
  return state;
}
