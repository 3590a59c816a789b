/**
 * The results page's search: one request per term (none for a blank one), the device's copy
 * when there is no signal, and the newest term's answer only (older requests are aborted).
 */
import { useEffect, useState } from 'react';
import { SEARCH_MSG, validateSearchQuery } from '../../domain/search-query';
import { ApiFailure } from '../failure';
import { fetchSearch, type SearchOutcome } from './search-calls';

type ResultsState =
  | { status: 'no-term' }
  | { status: 'loading' }
  | { status: 'done'; outcome: SearchOutcome }
  | { status: 'failed'; message: string };

export function useSearchResults(q: string, cemiterio: string | null = null): ResultsState {
  const term = q.trim();
  const [state, setState] = useState<ResultsState>(
    term ? { status: 'loading' } : { status: 'no-term' },
  );

  useEffect(() => {
    if (!term) {
      setState({ status: 'no-term' });
      return;
    }
    const invalid = validateSearchQuery(term);
    if (invalid) {
      setState({ status: 'failed', message: invalid });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchSearch(term, controller.signal, undefined, cemiterio).then(
      (outcome) => {
        if (!controller.signal.aborted) setState({ status: 'done', outcome });
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        const message = err instanceof ApiFailure ? err.message : SEARCH_MSG.failed;
        setState({ status: 'failed', message });
      },
    );
    return () => controller.abort();
  }, [term, cemiterio]);

  return state;
}
