/**
 * useLiveQuery for screens a visitor's first landing shows, where the device store may not be
 * open yet (device-open.ts): undefined until the store is open and has answered, then live as
 * useLiveQuery is (dexie-react-hooks would bring Dexie into the page's first load). `now` opens
 * the store for this read at once (a read the server did not answer). As useLiveQuery, it
 * keeps the last answer while a changed query has not answered yet, and a failing query throws
 * into the page's boundary. A store whose code cannot load (no signal, never cached) answers
 * nothing: the screen shows what it has from the server.
 */
import { type DependencyList, useEffect, useState } from 'react';
import type { MemorialDb } from '../db';
import { deviceWhenWanted, openDevice } from './device-open';

interface Answer<T> {
  value: T | undefined;
  error: unknown;
}

export function useDeviceQuery<T>(
  query: (db: MemorialDb) => Promise<T>,
  deps: DependencyList,
  now = false,
): T | undefined {
  const [answer, setAnswer] = useState<Answer<T>>({ value: undefined, error: null });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps, as useLiveQuery's
  useEffect(() => {
    let stopped = false;
    let subscription: { unsubscribe(): void } | null = null;
    (now ? openDevice() : deviceWhenWanted()).then(
      ({ db, liveQuery }) => {
        if (stopped) return;
        subscription = liveQuery(() => query(db)).subscribe({
          next: (value) => setAnswer({ value, error: null }),
          error: (error: unknown) => setAnswer((last) => ({ ...last, error })),
        });
      },
      () => undefined,
    );
    return () => {
      stopped = true;
      subscription?.unsubscribe();
    };
  }, [now, ...deps]);
  if (answer.error) throw answer.error;
  return answer.value;
}
