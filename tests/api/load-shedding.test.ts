/**
 * Overload is answered, not queued (server/plugins/load-shedding.ts, docs/decisions.md "Load
 * shedding"): with the public lane's bound reached, the next public request is answered at once
 * with 503, Retry-After and the pt-BR message, while health and logins (their own lane) still
 * answer; the slot comes back when the request holding it ends. Over real HTTP: the held
 * request is a POST whose body has not finished arriving.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { classifyAnswer } from '../../src/domain/outcome';
import { engines, type Harness, startApp } from './helpers';
import { createPerson } from './users-helpers';

function get(base: string, path: string) {
  return fetch(`${base}${path}`).then(async (res) => ({
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as Record<string, unknown>,
  }));
}

describe.each(engines)('load shedding ($name)', (engine) => {
  let h: Harness;
  let base: string;
  beforeAll(async () => {
    h = await startApp(engine, { MAX_CONCURRENT: '1' });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('past the bound: 503 + Retry-After + pt-BR at once; health and login still answer', async () => {
    const person = await createPerson(h, 'usuario');
    // Hold the public lane's only slot: a tribute post whose body is still on its way.
    const held = http.request(`${base}/api/sepultados/x/comentarios`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '100' },
    });
    const heldAnswer = new Promise<number>((resolve) =>
      held.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }),
    );
    held.write('{"comentario":');
    await expect.poll(() => h.app.ctx.admission.current('public')).toBe(1);

    const started = performance.now();
    const busy = await get(base, '/api/sepultados?limit=5');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(busy.status).toBe(503);
    expect(busy.body).toEqual({ message: MSG.serverBusy });
    expect(Number(busy.retryAfter)).toBeGreaterThanOrEqual(2);
    expect(Number(busy.retryAfter)).toBeLessThanOrEqual(5);
    const outcome = classifyAnswer({ status: 503, body: busy.body, retryAfter: busy.retryAfter });
    expect(outcome.kind).toBe('busy');

    expect((await get(base, '/api/health')).status).toBe(200);
    const login = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: person.email, password: 'Senha@123' }),
    });
    expect(login.status).toBe(200);

    // The held request ends (its body completes): the slot is free again.
    held.end(`"${'x'.repeat(100 - '{"comentario":'.length - 3)}"}`);
    expect(await heldAnswer).toBeGreaterThanOrEqual(400); // no login, bad id: refused, but answered
    await expect.poll(() => h.app.ctx.admission.current('public')).toBe(0);
    expect((await get(base, '/api/sepultados?limit=5')).status).toBe(200);
    expect(h.app.ctx.admission.refused.public).toBeGreaterThanOrEqual(1);
  });

  it('every answered request gives its slot back (inject too)', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await h.app.inject({ method: 'GET', url: '/api/sepultados?limit=1' });
      expect(res.statusCode).toBe(200);
    }
    expect(h.app.ctx.admission.current('public')).toBe(0);
  });

  it('a client that goes away gives its slot back', async () => {
    const held = http.request(`${base}/api/sepultados/x/comentarios`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '100' },
    });
    held.on('error', () => {});
    held.write('{');
    await expect.poll(() => h.app.ctx.admission.current('public')).toBe(1);
    expect((await get(base, '/api/sepultados?limit=5')).status).toBe(503);
    held.destroy();
    await expect.poll(() => h.app.ctx.admission.current('public')).toBe(0);
    expect((await get(base, '/api/sepultados?limit=5')).status).toBe(200);
  });
});
