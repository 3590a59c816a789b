/**
 * The one data-loading effect of the screens: runs `load` on mount, whenever one of `keys`
 * changes and on reload(), and keeps only the latest run's answer — an answer that arrives
 * after the keys changed or the screen left is dropped, and an answer is never shown for keys
 * it was not asked with. `load` null: nothing to load ("idle").
 *
 * `keys` are the reasons to ask again, not only what `load` reads: a new session token may
 * see more of a record, a retry is a new attempt. While asking again, the previous answer
 * stays available (`last`), so a list does not blink empty.
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

export type LoadState<T> =
  | { phase: 'idle' }
  | { phase: 'loading'; last?: T }
  | { phase: 'done'; value: T }
  | { phase: 'failed'; error: unknown };

export interface Loaded<T> {
  state: LoadState<T>;
  reload: () => void;
  /** Puts a value in place of the answer (a save's answer, a row removed) without asking. */
  setValue: (next: T | ((value: T) => T)) => void;
}

const lastOf = <T>(state: LoadState<T>): T | undefined =>
  state.phase === 'done' ? state.value : state.phase === 'loading' ? state.last : undefined;

export function useLoad<T>(load: (() => Promise<T>) | null, keys: readonly unknown[]): Loaded<T> {
  const [attempt, setAttempt] = useState(0);
  // Each run is named by what asked for it (whether there is anything to load, the attempt,
  // the keys): the effect depends on that one string, whatever the number of keys.
  const runKey = `${load !== null}|${attempt}|${JSON.stringify(keys)}`;
  const [held, setHeld] = useState<{ key: string; state: LoadState<T> }>(() => ({
    key: runKey,
    state: load ? { phase: 'loading' } : { phase: 'idle' },
  }));
  const latest = useRef(load);
  latest.current = load;
  const currentRun = useRef('');

  useEffect(() => {
    currentRun.current = runKey;
    const run = latest.current;
    if (!run) {
      setHeld({ key: runKey, state: { phase: 'idle' } });
      return;
    }
    setHeld((h) => ({ key: runKey, state: { phase: 'loading', last: lastOf(h.state) } }));
    // Only the latest run may answer: not one the keys moved past, nor one of a screen gone.
    // The answer is rendered as a transition: React renders it in slices and yields between
    // them, instead of one long task for a list of two dozen cards on a cheap phone (long
    // tasks during load; docs/decisions.md: first-visit stability).
    const settle = (state: LoadState<T>) => {
      if (currentRun.current === runKey) startTransition(() => setHeld({ key: runKey, state }));
    };
    run().then(
      (value) => settle({ phase: 'done', value }),
      (error: unknown) => settle({ phase: 'failed', error }),
    );
    return () => {
      if (currentRun.current === runKey) currentRun.current = '';
    };
  }, [runKey]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const setValue = useCallback((next: T | ((value: T) => T)) => {
    setHeld((h) => {
      if (typeof next !== 'function') return { key: h.key, state: { phase: 'done', value: next } };
      const update = next as (value: T) => T;
      return h.state.phase === 'done'
        ? { key: h.key, state: { phase: 'done', value: update(h.state.value) } }
        : h;
    });
  }, []);

  // Keys just changed and the effect has not run yet: already asking, not the old answer.
  const state: LoadState<T> =
    held.key === runKey
      ? held.state
      : load
        ? { phase: 'loading', last: lastOf(held.state) }
        : { phase: 'idle' };
  return { state, reload, setValue };
}
