/**
 * The cemetery a visitor narrowed the search to, remembered on this device (localStorage) so
 * the navbar's suggestions, the home and the results page agree. Null = every cemetery.
 */
import { useSyncExternalStore } from 'react';

const KEY = 'memorial.cemiterio';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function chosenCemetery(): string | null {
  return read();
}

export function chooseCemetery(id: string | null): void {
  try {
    if (id) localStorage.setItem(KEY, id);
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode without storage: the choice lasts only as long as the URL carries it.
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useChosenCemetery(): string | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

/**
 * The narrowing in force: the chosen id when it is one of several known cemeteries; null with
 * one cemetery (nothing changes for the visitor) or a choice that no longer exists (merged).
 */
export function narrowingOf(
  list: readonly { id: string }[] | null,
  chosen: string | null,
): string | null {
  if (!chosen || !list || list.length < 2) return null;
  return list.some((c) => c.id === chosen) ? chosen : null;
}

const SEVERAL_KEY = 'memorial.cemiterios.varios';

/**
 * Whether the choice will show, before the list is known: the last list seen on this device
 * said so, and a first visit assumes several (a city's usual case). The screens keep the
 * choice's room while the list loads, so its arrival moves nothing (CLS).
 */
export function expectSeveral(): boolean {
  try {
    return localStorage.getItem(SEVERAL_KEY) !== '0';
  } catch {
    return true;
  }
}

export function rememberCount(count: number): void {
  try {
    localStorage.setItem(SEVERAL_KEY, count > 1 ? '1' : '0');
  } catch {
    // Private mode: the next visit keeps the room again, which is harmless.
  }
}
