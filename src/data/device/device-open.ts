/**
 * When a page opens the device store (Dexie, IndexedDB). What the device keeps is for later:
 * without signal, when the service worker opens the app, or when the server is busy. A
 * visitor's first landing from a QR code — no store on the device yet, nobody logged in, no
 * worker yet — needs none of it to show the page the server rendered, so it does not load Dexie
 * (28 KB, two long tasks on a cheap phone) while the page starts. The store opens:
 * - at once, when the device already has one, someone is logged in, a worker controls the page,
 *   or the browser cannot tell whether a store exists;
 * - when the service worker takes the page (its first install on a first visit): from then on
 *   the page can open without signal, and what was shown is stored;
 * - whenever something asks for it now (`openDevice`): a read the server did not answer, a
 *   write (the outbox), a login.
 * Where no worker will come (blocked, unsupported, private modes: the registration fails,
 * src/app/pwa-update.tsx), copies are kept without waiting (`noWorkerWillCome`): the device's
 * copy is also what the page falls back to when the server is busy (503), with signal.
 */
import type { MemorialDb } from '../db';
import { readToken } from '../session-storage';
import { databaseExists } from './device-code';

export type Device = typeof import('../device-core');

let loading: Promise<Device> | null = null;
// Known at once: a session or a worker in control (an async look at IndexedDB comes later).
let isWanted =
  typeof window !== 'undefined' &&
  typeof indexedDB !== 'undefined' &&
  (readToken() !== null || Boolean(navigator.serviceWorker?.controller));
let watching = false;
const waiting = new Set<() => void>();

function want(): void {
  isWanted = true;
  for (const resolve of waiting) resolve();
  waiting.clear();
}

/** The store now, whatever the page's state. A failed load is asked again next time. */
export function openDevice(): Promise<Device> {
  want();
  if (!loading) {
    loading = import('../device-core');
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

/**
 * The store when this page already wants it, else null: a write that must not wait (the
 * answer of a read, shown from memory meanwhile) goes through deviceWhenWanted instead.
 */
export function deviceIfWanted(): Promise<Device> | null {
  return isWanted ? openDevice() : null;
}

/**
 * No service worker will keep the app here (blocked, unsupported, private modes): what the page
 * keeps on the device is still what it falls back to when the server is busy, so the copies
 * that waited for the worker are written now, and later ones do not wait. Loads nothing by
 * itself: a page that keeps nothing (/login) does without the store.
 */
export function noWorkerWillCome(): void {
  want();
}

function watch(): void {
  if (watching) return;
  watching = true;
  navigator.serviceWorker?.addEventListener('controllerchange', want, { once: true });
  // A session and a worker in control were seen when this module loaded (isWanted); a store
  // left by an earlier visit is known only asynchronously.
  void databaseExists().then((exists) => {
    if (exists) want();
  });
}

/** The store once this page wants it (see above); a read or write that can wait waits here. */
export async function deviceWhenWanted(): Promise<Device> {
  if (typeof window === 'undefined') return new Promise<Device>(() => undefined);
  if (!isWanted) {
    watch();
    await new Promise<void>((resolve) => {
      if (isWanted) resolve();
      else waiting.add(resolve);
    });
  }
  return openDevice();
}

/**
 * A copy of a server's answer kept on the device (the read model): awaited when the store is
 * open, so the screen's live query sees it before the caller goes on; else done once the page
 * opens the store, while the screen shows the answer from memory. Never a failure: a device
 * that refuses to store (full quota, private mode) only misses the offline copy. True when
 * it was stored now.
 */
export async function keepOnDevice(write: (db: MemorialDb) => Promise<unknown>): Promise<boolean> {
  const device = deviceIfWanted();
  if (!device) {
    void deviceWhenWanted()
      .then(({ db }) => write(db))
      .catch(() => undefined);
    return false;
  }
  try {
    await write((await device).db);
    return true;
  } catch {
    return false;
  }
}
