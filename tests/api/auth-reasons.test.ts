/**
 * The 401 tells the client why (src/domain/outcome.ts, docs/decisions.md "Outcomes"): a token of an
 * account that no longer exists answers reason "account-deleted", so the client keeps that
 * person's queued work for a decision instead of waiting for a login that cannot happen; a
 * token ended by a password change answers "session-ended". And the test-only fault injection
 * is not there unless a test turns it on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultInjectionAllowed } from '../../server/plugins/fault-injection';
import { AUTH_REASON, classifyAnswer } from '../../src/domain/outcome';
import { actor } from './burials-helpers';
import { bearer, engines, type Harness, startApp } from './helpers';

describe.each(engines)('401 reasons ($name)', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp(engine);
  });
  afterAll(async () => {
    await h?.close();
  });

  const checkuser = (token: string) =>
    h.app.inject({ method: 'GET', url: '/api/users/checkuser', headers: bearer(token) });

  it('a deleted account: 401 with reason account-deleted, classified as account gone', async () => {
    const admin = await actor(h, 'admin');
    const person = await actor(h, 'usuario');
    expect((await checkuser(person.token)).statusCode).toBe(200);
    const removed = await h.app.inject({
      method: 'DELETE',
      url: `/api/users/${person.id}`,
      headers: bearer(admin.token),
    });
    expect(removed.statusCode).toBe(200);
    const res = await checkuser(person.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ reason: AUTH_REASON.accountDeleted });
    expect(classifyAnswer({ status: 401, body: res.json() }).kind).toBe('account-gone');
  });

  it('a password changed elsewhere: 401 with reason session-ended, classified as expired', async () => {
    const person = await actor(h, 'usuario');
    const changed = await h.app.inject({
      method: 'PATCH',
      url: `/api/users/edit/${person.id}`,
      headers: bearer(person.token),
      payload: { password: 'Outra@2026x', confirmpassword: 'Outra@2026x' },
    });
    expect(changed.statusCode).toBe(200);
    const res = await checkuser(person.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ reason: AUTH_REASON.sessionEnded });
    expect(classifyAnswer({ status: 401, body: res.json() }).kind).toBe('session-expired');
  });

  it('no fault injection unless a test turns it on, and never outside NODE_ENV=test', async () => {
    const res = await h.app.inject({
      method: 'PUT',
      url: '/__test/faults',
      payload: { method: 'GET', pathPrefix: '/api/', status: 500 },
    });
    expect(res.statusCode).toBe(404);
    expect(faultInjectionAllowed({ NODE_ENV: 'production', FAULT_INJECTION: '1' })).toBe(false);
    expect(faultInjectionAllowed({ FAULT_INJECTION: '1' })).toBe(false);
    expect(faultInjectionAllowed({ NODE_ENV: 'test', FAULT_INJECTION: '1' })).toBe(true);
  });
});
