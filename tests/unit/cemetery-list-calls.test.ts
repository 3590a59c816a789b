/**
 * The cemeteries' list (src/data/cemeteries/cemetery-calls.ts): the hooks of one page view ask
 * at the same time and share one request; once it is answered, the next ask asks again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const LIST = [{ id: 'c1', nome: 'Cemitério da Saudade' }];

describe('fetchCemeteries', () => {
  let asked = 0;
  beforeEach(() => {
    asked = 0;
    vi.resetModules();
    vi.stubEnv('VITE_API_BASE', 'http://memorial.test/api');
    vi.stubGlobal('fetch', async () => {
      asked += 1;
      await new Promise((r) => setTimeout(r, 5));
      return new Response(JSON.stringify(LIST), {
        headers: { 'content-type': 'application/json' },
      });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('asks once for the asks of one moment, and again afterwards', async () => {
    const { fetchCemeteries } = await import('../../src/data/cemeteries/cemetery-calls');
    const [a, b] = await Promise.all([fetchCemeteries(false), fetchCemeteries(false)]);
    expect(asked).toBe(1);
    expect(a.list).toEqual(LIST);
    expect(b.list).toEqual(LIST);
    await fetchCemeteries(false);
    expect(asked).toBe(2);
  });

  it('a failed ask is not kept: the next one asks again', async () => {
    vi.stubGlobal('fetch', async () => {
      asked += 1;
      return new Response('{}', { status: 500, headers: { 'content-type': 'application/json' } });
    });
    const { fetchCemeteries } = await import('../../src/data/cemeteries/cemetery-calls');
    await expect(fetchCemeteries(false)).rejects.toThrow();
    await expect(fetchCemeteries(false)).rejects.toThrow();
    expect(asked).toBe(2);
  });
});
