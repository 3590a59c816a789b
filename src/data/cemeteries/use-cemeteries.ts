/**
 * The cemeteries for a screen: the device's stored list at once (so the choice shows without
 * waiting or without signal), then the server's: one request per page view (hooks that mount
 * together share it, cemetery-calls.ts).
 */
import { useCallback, useEffect, useState } from 'react';
import { CEM_MSG } from '../../domain/cemetery-messages';
import type { Cemetery } from '../../domain/cemetery-types';
import { ApiFailure } from '../failure';
import { fetchCemeteries, storedCemeteriesNow } from './cemetery-calls';
import { rememberCount } from './chosen-cemetery';

export interface CemeteriesState {
  /** Null until the stored or the server's list is known. */
  list: Cemetery[] | null;
  /** The list shown is the device's copy (no signal). */
  fromDevice: boolean;
  error: string | null;
  reload: () => void;
}

/**
 * `device: false` never touches the device's store (Dexie): the visitor's search form on /login
 * and /register, whose first load must stay without Dexie (docs/decisions.md: bundle budgets).
 */
export function useCemeteries({ device = true }: { device?: boolean } = {}): CemeteriesState {
  const [list, setList] = useState<Cemetery[] | null>(null);
  const [fromDevice, setFromDevice] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);

  useEffect(() => {
    let live = true;
    if (round === 0 && device) {
      storedCemeteriesNow().then((stored) => {
        if (live && stored) setList((current) => current ?? stored);
      });
    }
    fetchCemeteries(device).then(
      (answer) => {
        if (!live) return;
        rememberCount(answer.list.length);
        setList(answer.list);
        setFromDevice(answer.fromDevice);
        setError(null);
      },
      (err: unknown) => {
        if (!live) return;
        setError(err instanceof ApiFailure ? err.message : CEM_MSG.listLoadError);
      },
    );
    return () => {
      live = false;
    };
  }, [round, device]);

  return { list, fromDevice, error, reload };
}
