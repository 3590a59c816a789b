import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { MSG } from '../../src/domain/messages';
import { engines, type Harness, startApp } from './helpers';

describe.each(engines)('public search rate limit ($name)', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp(engine, { SEARCH_RATE_PER_MINUTE: '5' });
  });
  afterAll(async () => {
    await h?.close();
  });

  const search = (remoteAddress: string) =>
    h.app.inject({ method: 'GET', url: '/api/sepultados/pesquisa?q=maria', remoteAddress });

  it('answers 429 with a pt-BR message past the per-address budget, others unaffected', async () => {
    for (let i = 0; i < 5; i++) expect((await search('198.51.100.7')).statusCode).toBe(200);
    const refused = await search('198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: MSG.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await search('198.51.100.8')).statusCode).toBe(200);
  });

  it('refuses a malformed SEARCH_RATE_PER_MINUTE at start', () => {
    expect(() => loadConfig({ SEARCH_RATE_PER_MINUTE: 'muito' })).toThrow(/SEARCH_RATE_PER_MINUTE/);
  });
});
