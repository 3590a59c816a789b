/**
 * When a page opens the device store (src/data/device/device-open.ts): a visitor's first landing — no
 * store, no session, no worker — leaves it closed until the service worker takes the page or
 * something needs it; a device with a store, a session or a worker in control opens it at once.
 * A copy of an answer made before then is written once the store opens. fake-indexeddb's
 * `databases()` answers as a browser's does.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DB_NAME } from '../../src/data/db-name';

type DeviceOpen = typeof import('../../src/data/device/device-open');

const tick = () => new Promise((r) => setTimeout(r, 20));

function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k: string) => map.get(k) ?? null,
    key: (i: number) => [...map.keys()][i] ?? null,
    removeItem: (k: string) => void map.delete(k),
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

/** A page: `window`, `localStorage` and a `navigator.serviceWorker` whose controller is set. */
function page(options: { token?: string; controlled?: boolean } = {}) {
  const worker = Object.assign(new EventTarget(), {
    controller: options.controlled ? {} : null,
  });
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('navigator', { serviceWorker: worker, onLine: true });
  vi.stubGlobal('localStorage', memoryStorage(options.token ? { token: options.token } : {}));
  return worker;
}

async function fresh(): Promise<DeviceOpen> {
  vi.resetModules();
  return import('../../src/data/device/device-open');
}

async function dropStore() {
  await new Promise<void>((done) => {
    const req = indexedDB.deleteDatabase(DB_NAME);
    req.onsuccess = () => done();
    req.onerror = () => done();
  });
}

describe('the device store opens when the page wants it', () => {
  beforeEach(dropStore);
  afterEach(async () => {
    vi.unstubAllGlobals();
    await dropStore();
  });

  it("a visitor's first landing: closed until the service worker takes the page", async () => {
    const worker = page();
    const device = await fresh();
    expect(device.deviceIfWanted()).toBeNull();
    let opened = false;
    void device.deviceWhenWanted().then(() => {
      opened = true;
    });
    await tick();
    expect(opened).toBe(false);
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(DB_NAME);
    worker.dispatchEvent(new Event('controllerchange'));
    await vi.waitFor(() => expect(opened).toBe(true));
    expect(device.deviceIfWanted()).not.toBeNull();
  });

  it('a copy of an answer made before is written once the store opens', async () => {
    page();
    const device = await fresh();
    const kept = await device.keepOnDevice((db) =>
      db.meta.put({ key: 'probe', value: 'resposta do servidor' }),
    );
    expect(kept).toBe(false);
    const { db } = await device.openDevice();
    await tick();
    expect((await db.meta.get('probe'))?.value).toBe('resposta do servidor');
    db.close();
  });

  it('something that needs the store opens it at once and releases the reads that waited', async () => {
    page();
    const device = await fresh();
    const waiting = device.deviceWhenWanted();
    await device.openDevice();
    await expect(waiting).resolves.toHaveProperty('db');
    expect(device.deviceIfWanted()).not.toBeNull();
  });

  it('a session, or a worker in control, opens it at once', async () => {
    page({ token: 'um-token' });
    expect((await fresh()).deviceIfWanted()).not.toBeNull();
    vi.unstubAllGlobals();
    page({ controlled: true });
    expect((await fresh()).deviceIfWanted()).not.toBeNull();
  });

  it('a device that has a store already: opened without waiting for anything', async () => {
    await new Promise<void>((done) => {
      const req = indexedDB.open(DB_NAME);
      req.onsuccess = () => {
        req.result.close();
        done();
      };
    });
    page();
    const device = await fresh();
    await expect(device.deviceWhenWanted()).resolves.toHaveProperty('db');
  });
});
