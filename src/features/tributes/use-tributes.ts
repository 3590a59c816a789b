/**
 * One record's tribute list: page 1 on mount, "Carregar mais" by keyset cursor, a posted
 * tribute put on top, a removed one taken out. Answers from an older request (the record
 * changed, or a reload overtook it) are ignored by generation. Each page the server answers is
 * also kept in Dexie; without signal the list is read from there instead (phase "offline").
 * A first page that fails for any other reason empties the list silently (spec §8).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useFlash } from '../../app/flash';
import { ApiFailure } from '../../data/api';
import { db } from '../../data/db';
import {
  cachedTributes,
  cacheTribute,
  cacheTributePage,
  tributesSeen,
  uncacheTribute,
} from '../../data/tribute-cache';
import type { TributeItem } from '../../domain/tribute-types';
import { getTributes } from './api/tribute-calls';
import { mergeTributes, withoutTribute } from './tribute-list-state';
import { TRIBUTE_UI } from './tribute-texts';

export interface TributesState {
  items: TributeItem[];
  hasMore: boolean;
  nextCursor: string | null;
  total: number;
  /**
   * loading: page 1 not answered yet; offline: shown from the device's copy; unknown: no
   * signal and this device never loaded them (never claim "none").
   */
  phase: 'loading' | 'ready' | 'offline' | 'unknown';
  loadingMore: boolean;
}

const START: TributesState = {
  items: [],
  hasMore: false,
  nextCursor: null,
  total: 0,
  phase: 'loading',
  loadingMore: false,
};

/**
 * The device copy is a convenience: if IndexedDB refuses a write (quota, private mode) the
 * list on screen is still right, and only the offline reading of it is lost.
 */
function keep(write: Promise<void>): void {
  write.catch(() => undefined);
}

export function useTributes(sepultadoId: string) {
  const flash = useFlash();
  const [state, setState] = useState<TributesState>(START);
  const generation = useRef(0);

  const loadFirst = useCallback(async () => {
    const gen = ++generation.current;
    try {
      const page = await getTributes(sepultadoId);
      if (gen !== generation.current) return;
      setState({
        items: page.items,
        hasMore: page.hasMore,
        nextCursor: page.nextCursor,
        total: page.total,
        phase: 'ready',
        loadingMore: false,
      });
      keep(cacheTributePage(db, sepultadoId, { ...page, before: null }));
    } catch (err) {
      if (gen !== generation.current) return;
      if (err instanceof ApiFailure && err.offline) {
        const cached = await cachedTributes(db, sepultadoId).catch(() => []);
        const seen = cached.length > 0 || (await tributesSeen(db, sepultadoId).catch(() => false));
        if (gen !== generation.current) return;
        setState({
          ...START,
          items: cached,
          total: cached.length,
          phase: seen ? 'offline' : 'unknown',
        });
        return;
      }
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

  // Signal came back while showing the device's copy: fetch the real list again.
  const offline = state.phase === 'offline';
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
      setState((s) => ({
        ...s,
        items: mergeTributes(s.items, page.items),
        hasMore: page.hasMore,
        nextCursor: page.nextCursor,
        total: page.total,
        loadingMore: false,
      }));
      keep(cacheTributePage(db, sepultadoId, { ...page, before: nextCursor }));
    } catch (err) {
      if (gen !== generation.current) return;
      setState((s) => ({ ...s, loadingMore: false }));
      const offline = err instanceof ApiFailure && err.offline;
      flash.error(offline ? TRIBUTE_UI.offlineLoadMore : TRIBUTE_UI.loadMoreFailed);
    }
  }, [sepultadoId, nextCursor, loadingMore, flash]);

  /** A tribute just posted goes on top; an answer without _id reloads page 1 (spec §4). */
  const added = useCallback(
    (item: TributeItem | null) => {
      if (!item?._id) {
        void loadFirst();
        return;
      }
      setState((s) => ({
        ...s,
        items: mergeTributes(s.items, [item]),
        total: s.items.some((i) => i._id === item._id) ? s.total : s.total + 1,
      }));
      keep(cacheTribute(db, item));
    },
    [loadFirst],
  );

  const removed = useCallback((id: string) => {
    setState((s) => ({
      ...s,
      items: withoutTribute(s.items, id),
      total: s.items.some((i) => i._id === id) ? Math.max(0, s.total - 1) : s.total,
    }));
    keep(uncacheTribute(db, id));
  }, []);

  return { ...state, loadMore, added, removed };
}
