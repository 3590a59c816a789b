/**
 * One record's tribute list, read like every other screen (docs/engineering.md#data-flow):
 * the list on screen is a live query over the device's tribute store (src/data/tributes),
 * and the network is how that store is refreshed — page 1 on mount (or without signal the
 * stored ones: the door's firstTributes decides), "Carregar mais" by keyset
 * cursor, a posted tribute put on top, a removed one taken out, each written into the store
 * first. Online and offline the list is read the same way; only its window differs: the range
 * the pages loaded this time answer for, or, when page 1 could not be fetched for lack of
 * signal, the newest stored ones (phase "offline"). Answers from an older request (the record
 * changed, or a reload overtook it) are ignored by generation. A first page that fails for
 * any other reason empties the list silently (spec §8).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiFailure } from '../../data/failure';
import {
  dropStoredTribute,
  firstTributes,
  getTributes,
  OFFLINE_WINDOW,
  storeTribute,
  storeTributePage,
  type TributeWindow,
  useStoredTributes,
} from '../../data/tributes';
import { tributeCursor } from '../../domain/tribute-rules';
import type { TributeItem, TributeList } from '../../domain/tribute-types';
import { TRIBUTE_UI } from '../../lib/texts/tribute-texts';
import { useFlash } from '../../ui/flash';
import { mergeTributes, withoutTribute } from './tribute-list-state';

interface TributesState {
  /**
   * What was answered this time (pages merged, a post on top, a deletion out): what the
   * total is counted against, and what is shown when the device cannot store or be read.
   */
  answered: TributeItem[];
  hasMore: boolean;
  nextCursor: string | null;
  total: number;
  /**
   * loading: page 1 not answered yet; offline: shown from the device's copy; unknown: no
   * signal and this device never loaded them (never claim "none").
   */
  phase: 'loading' | 'ready' | 'offline' | 'unknown';
  loadingMore: boolean;
  /** Which stored tributes the list shows; null: none (only what was answered). */
  window: TributeWindow | null;
  /** False once the device refused a write: the store no longer holds what was answered. */
  stored: boolean;
}

const START: TributesState = {
  answered: [],
  hasMore: false,
  nextCursor: null,
  total: 0,
  phase: 'loading',
  loadingMore: false,
  window: null,
  stored: true,
};

/** The stored range a page (and the ones above it) answers for: down to its last item. */
function windowAfter(page: TributeList): TributeWindow {
  const last = page.items.at(-1);
  return { floor: page.hasMore && last ? tributeCursor(last) : null };
}

export function useTributes(sepultadoId: string) {
  const flash = useFlash();
  const [state, setState] = useState<TributesState>(START);
  const generation = useRef(0);
  const live = useStoredTributes(sepultadoId, state.window);

  const loadFirst = useCallback(async () => {
    const gen = ++generation.current;
    const current = () => gen === generation.current;
    try {
      const first = await firstTributes(sepultadoId, current);
      if (!first || !current()) return;
      if (first.from === 'server') {
        const { page, stored } = first;
        setState({
          answered: page.items,
          hasMore: page.hasMore,
          nextCursor: page.nextCursor,
          total: page.total,
          phase: 'ready',
          loadingMore: false,
          window: windowAfter(page),
          stored,
        });
        return;
      }
      const { items: cached, seen } = first;
      setState({
        ...START,
        answered: cached,
        total: cached.length,
        phase: seen ? 'offline' : 'unknown',
        window: seen ? OFFLINE_WINDOW : null,
      });
    } catch {
      if (!current()) return;
      setState({ ...START, phase: 'ready' });
    }
  }, [sepultadoId]);

  useEffect(() => {
    setState(START);
    void loadFirst();
    return () => {
      generation.current += 1;
    };
  }, [loadFirst]);

  // Signal came back while showing the device's copy, or nothing (a grave only the visit pack
  // brought, opened without signal): fetch the real list again.
  const offline = state.phase === 'offline' || state.phase === 'unknown';
  useEffect(() => {
    if (!offline) return;
    const onOnline = () => void loadFirst();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [offline, loadFirst]);

  const { nextCursor, loadingMore } = state;
  const loadMore = useCallback(async () => {
    if (!nextCursor || loadingMore) return;
    const gen = generation.current;
    setState((s) => ({ ...s, loadingMore: true }));
    try {
      const page = await getTributes(sepultadoId, { before: nextCursor });
      if (gen !== generation.current) return;
      const stored = await storeTributePage(sepultadoId, { ...page, before: nextCursor });
      if (gen !== generation.current) return;
      setState((s) => ({
        ...s,
        answered: mergeTributes(s.answered, page.items),
        hasMore: page.hasMore,
        nextCursor: page.nextCursor,
        total: page.total,
        loadingMore: false,
        window: windowAfter(page),
        stored: s.stored && stored,
      }));
    } catch (err) {
      if (gen !== generation.current) return;
      setState((s) => ({ ...s, loadingMore: false }));
      const offline = err instanceof ApiFailure && err.offline;
      flash.error(offline ? TRIBUTE_UI.offlineLoadMore : TRIBUTE_UI.loadMoreFailed);
    }
  }, [sepultadoId, nextCursor, loadingMore, flash]);

  /** A write the device refused: from then on the list shows what was answered. */
  const keep = useCallback((write: Promise<boolean>) => {
    const gen = generation.current;
    void write.then((ok) => {
      if (!ok && gen === generation.current) setState((s) => ({ ...s, stored: false }));
    });
  }, []);

  /** A tribute just posted goes on top; an answer without _id reloads page 1 (spec §4). */
  const added = useCallback(
    (item: TributeItem | null) => {
      if (!item?._id) {
        void loadFirst();
        return;
      }
      setState((s) => ({
        ...s,
        answered: mergeTributes(s.answered, [item]),
        total: s.answered.some((i) => i._id === item._id) ? s.total : s.total + 1,
      }));
      keep(storeTribute(item));
    },
    [loadFirst, keep],
  );

  const removed = useCallback(
    (id: string) => {
      setState((s) => ({
        ...s,
        answered: withoutTribute(s.answered, id),
        total: s.answered.some((i) => i._id === id) ? Math.max(0, s.total - 1) : s.total,
      }));
      keep(dropStoredTribute(id));
    },
    [keep],
  );

  const { answered, window: shown, stored, ...rest } = state;
  // The store's answer once it has one; until then (and on a device that cannot store) what
  // was answered, which is the same list.
  const items = stored && shown && live ? live : answered;
  return { ...rest, items, loadMore, added, removed };
}
