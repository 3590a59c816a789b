/**
 * The navbar's suggestions (spec §2): asked for after a 300 ms pause once the trimmed term has
 * at least 2 characters. A newer term aborts the older request, and a sequence number drops
 * any answer that still arrives late, so a slow answer never replaces a newer one. The calls
 * module (and with it Dexie and the ranking rules) loads on first use, keeping the shell small.
 */
import { useEffect, useState } from 'react';
import { loadSearchCalls } from '../../data/search';
import { SEARCH_LIMITS } from '../../domain/search-query';
import type { SearchSuggestion } from '../../domain/search-types';

const SUGGESTION_DELAY_MS = 300;

type SuggestionState =
  | { status: 'hidden' }
  | { status: 'loading'; term: string }
  | { status: 'results'; term: string; items: SearchSuggestion[] }
  | { status: 'empty'; term: string };

export function useSuggestions(
  term: string,
  enabled: boolean,
  cemiterio: string | null = null,
): SuggestionState {
  const [state, setState] = useState<SuggestionState>({ status: 'hidden' });
  const q = term.trim();
  const active = enabled && q.length >= SEARCH_LIMITS.minSuggestionChars;

  useEffect(() => {
    if (!active) {
      setState({ status: 'hidden' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading', term: q });
    const timer = window.setTimeout(() => {
      void load(q, controller.signal, cemiterio).then((items) => {
        if (controller.signal.aborted || items === null) return;
        setState(
          items.length > 0 ? { status: 'results', term: q, items } : { status: 'empty', term: q },
        );
      });
    }, SUGGESTION_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [q, active, cemiterio]);

  // Closed (Escape, blur, a choice) means hidden in this very render, not one effect later:
  // a screen reader or a test reading aria-expanded right after Escape must not see "true".
  return active ? state : HIDDEN;
}

const HIDDEN: SuggestionState = { status: 'hidden' };

/** The suggestions, or null when the request was aborted (a newer term took over). */
async function load(
  q: string,
  signal: AbortSignal,
  cemiterio: string | null,
): Promise<SearchSuggestion[] | null> {
  try {
    const { fetchSuggestions } = await loadSearchCalls();
    const outcome = await fetchSuggestions(q, signal, undefined, cemiterio);
    return outcome.items;
  } catch {
    // Aborted, or the calls module could not load without signal: nothing to show (silently).
    return signal.aborted ? null : [];
  }
}
