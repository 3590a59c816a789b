/**
 * The concessionários the office can assign orders to (GET /users/concessionarios), for the
 * office's order screens. Not the record screens' cached hook (data/burials/use-assignees):
 * sharing it would pull it, and the burials calls under it, into the chunk every page loads.
 */
import type { ConcessionarioListItem } from '../../domain/burial-types';
import { useLoad } from '../../lib/use-load';
import { request } from '../api';

export function useCrew(): ConcessionarioListItem[] | null {
  const { state } = useLoad(
    () =>
      request<ConcessionarioListItem[]>('users/concessionarios', {
        method: 'get',
        fallback: 'Não foi possível carregar os concessionários.',
      }),
    [],
  );
  return state.phase === 'done' ? state.value : null;
}
