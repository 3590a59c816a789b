/**
 * What a delta sync or a pack download keeps for the logged-in person (src/data/sync/
 * personal-sync.ts): their editable records always, the crew's day (GET /api/ordens/hoje)
 * only for whoever works orders, and the graves with open comisso cases they inspect
 * (GET /api/sync/comisso) only for field staff; a citizen's device asks for neither, an
 * admin's does not keep cases (the office reads them online).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

describe('syncPersonal', () => {
  let asked: string[];
  beforeEach(() => {
    asked = [];
    vi.resetModules();
    vi.stubEnv('VITE_API_BASE', 'http://memorial.test/api');
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      asked.push(url.pathname);
      const body =
        url.pathname === '/api/sync/mine'
          ? { userId: 'u1', ids: [], records: [] }
          : url.pathname === '/api/sync/comisso'
            ? { userId: 'u1', sepulturas: [] }
            : { hoje: '2026-11-28', ordens: [] };
      return new Response(JSON.stringify(body), {
        headers: { 'content-type': 'application/json', etag: '"d1"' },
      });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  async function syncAs(role: string) {
    localStorage.setItem('auth', JSON.stringify({ token: 't', role, userId: 'u1' }));
    const { MemorialDb } = await import('../../src/data/db');
    const { syncPersonal } = await import('../../src/data/sync/personal-sync');
    const { readDay } = await import('../../src/data/work-orders/today-sync');
    const db = new MemorialDb(`personal-${Math.random()}`);
    try {
      await syncPersonal(db);
      return await readDay(db, 'u1');
    } finally {
      await db.delete();
    }
  }

  it("a concessionário's sync brings the crew's day to the device", async () => {
    const day = await syncAs('concessionario');
    expect(asked).toEqual(['/api/sync/mine', '/api/ordens/hoje', '/api/sync/comisso']);
    expect(day).toMatchObject({ hoje: '2026-11-28', ids: [], etag: '"d1"' });
  });

  it("an admin's sync brings the day but keeps no comisso cases", async () => {
    await syncAs('admin');
    expect(asked).toEqual(['/api/sync/mine', '/api/ordens/hoje']);
  });

  it("a citizen's sync does not ask for it", async () => {
    const day = await syncAs('usuario');
    expect(asked).toEqual(['/api/sync/mine']);
    expect(day).toBeUndefined();
  });
});
