/**
 * The results page's search: one request per term (none for a blank one), the device's copy
 * when there is no signal, and the newest term's answer only (older requests are aborted). A
 * page the server rendered came with the answer for its term (src/data/public-data/public-data.tsx): shown
 * from the first render, as the server showed it, and not asked for again.
 */
import { useEffect, useRef, useState } from 'react';
import { SEARCH_MSG, validateSearchQuery } from '../../domain/search-query';
import { ApiFailure } from '../failure';
import { usePublicData } from '../public-data/public-data';
import { fetchSearch, keepAnswer, onlineOutcome, type SearchOutcome } from './search-calls';

type ResultsState =
  | { status: 'no-term' }
  | { status: 'loading' }
  | { status: 'done'; outcome: SearchOutcome }
  | { status: 'failed'; message: string };

function firstState(term: string, held: SearchOutcome | null): ResultsState {
  if (!term) return { status: 'no-term' };
  const invalid = validateSearchQuery(term);
  if (invalid) return { status: 'failed', message: invalid };
  return held ? { status: 'done', outcome: held } : { status: 'loading' };
}

export function useSearchResults(q: string, cemiterio: string | null = null): ResultsState {
  const term = q.trim();
  const page = usePublicData();
  const answer =
    page?.kind === 'search' && page.q === term && page.cemiterio === cemiterio ? page.answer : null;
  const held = useRef(answer);
  const [state, setState] = useState<ResultsState>(() =>
    firstState(term, answer && onlineOutcome(answer)),
  );

  useEffect(() => {
    const first = firstState(term, null);
    if (first.status !== 'loading') {
      setState(first);
      return;
    }
    // The page's own answer, once: kept on the device as a fetched one is.
    if (held.current) {
      void keepAnswer(held.current);
      held.current = null;
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
