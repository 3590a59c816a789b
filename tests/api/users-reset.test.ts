/**
 * Forgot / reset password over real SMTP: no enumeration (same status, body and about the same
 * time for known and unknown e-mails), one-use 30-minute links, every older session ended.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANONYMOUS_ANSWER_FLOOR_MS } from '../../server/modules/users/account-flows';
import { ACCOUNT_MSG } from '../../src/domain/account-messages';
import { MSG } from '../../src/domain/messages';
import { engines, type Harness, startApp } from './helpers';
import { linkFrom, type MailServer, startMailServer } from './mail-server';
import { checkUser, createPerson, loginToken } from './users-helpers';

const NEW_PASSWORD = 'Nova#Senha9';

describe.each(engines)('forgot and reset password ($name)', (engine) => {
  let h: Harness;
  let mail: MailServer;
  beforeAll(async () => {
    mail = await startMailServer();
    h = await startApp(engine, { SMTP_URL: mail.url });
  });
  afterAll(async () => {
    await h?.close();
    await mail?.close();
  });
  beforeEach(() => h.limiter.clear());

  const forgot = (email: string, remoteAddress = '127.0.0.1') =>
    h.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email },
      remoteAddress,
    });
  const reset = (payload: Record<string, string>) =>
    h.app.inject({ method: 'POST', url: '/api/users/reset-password', payload });

  async function resetLink(email: string) {
    const res = await forgot(email);
    expect(res.statusCode).toBe(200);
    return linkFrom(await mail.next(email, /reset-password/), 'reset-password');
  }
  const params = (link: URL) => ({
    email: link.searchParams.get('email') ?? '',
    token: link.searchParams.get('token') ?? '',
  });

  it('answers known and unknown e-mails alike, in about the same time', async () => {
    const person = await createPerson(h, 'usuario');
    const unknown = `ninguem.${Date.now()}@exemplo.com`;
    const timings: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    const bodies = new Set<string>();
    for (let i = 0; i < 3; i++) {
      for (const [kind, email] of [
        ['known', person.email],
        ['unknown', unknown],
      ] as const) {
        h.limiter.clear();
        const started = performance.now();
        const res = await forgot(email);
        timings[kind].push(performance.now() - started);
        expect(res.statusCode).toBe(200);
        bodies.add(res.body);
      }
    }
    expect([...bodies]).toEqual([JSON.stringify({ message: ACCOUNT_MSG.forgotAnswer })]);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1] ?? 0;
    for (const t of [...timings.known, ...timings.unknown]) {
      expect(t).toBeGreaterThanOrEqual(ANONYMOUS_ANSWER_FLOOR_MS - 5);
    }
    // Generous bound for a noisy 2-core machine; without the padding the gap is the whole
    // token + SMTP round trip for known addresses only.
    expect(Math.abs(median(timings.known) - median(timings.unknown))).toBeLessThan(100);
    // Only the known address received anything.
    for (let i = 0; i < 3; i++) await mail.next(person.email, /reset-password/);
    expect(mail.received.some((m) => m.to.includes(unknown))).toBe(false);
  });

  it('resets from the received link, ends older sessions, and the new password works', async () => {
    const person = await createPerson(h, 'concessionario');
    const link = await resetLink(person.email);
    expect(link.pathname).toBe('/auth/reset-password');
    const [row] = await h.app.ctx.database.sql.query<{ minutes: number }>(
      `select round(extract(epoch from expires_at - created_at) / 60)::int as minutes
       from account_tokens where email = $1 and purpose = 'reset_password'`,
      [person.email],
    );
    expect(row?.minutes).toBe(30);

    const res = await reset({ ...params(link), novaSenha: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MSG.passwordChanged });

    const old = await checkUser(h, person.token);
    expect(old.statusCode).toBe(401);
    const oldPassword = await h.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: person.email, password: 'Senha@123' },
    });
    expect(oldPassword.statusCode).toBe(401);
    const fresh = await loginToken(h, person.email, NEW_PASSWORD);
    expect((await checkUser(h, fresh)).statusCode).toBe(200);

    const reuse = await reset({ ...params(link), novaSenha: 'Outra#Senha1' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ message: ACCOUNT_MSG.resetLinkInvalid });
  });

  it('one reset retires every other outstanding link of that person', async () => {
    const person = await createPerson(h, 'usuario');
    const first = await resetLink(person.email);
    const second = await resetLink(person.email);
    expect((await reset({ ...params(second), novaSenha: NEW_PASSWORD })).statusCode).toBe(200);
    const stale = await reset({ ...params(first), novaSenha: 'Outra#Senha1' });
    expect(stale.statusCode).toBe(400);
    await loginToken(h, person.email, NEW_PASSWORD);
  });

  it('refuses a weak password (spec text, token kept), a wrong pair, an expired link', async () => {
    const a = await createPerson(h, 'usuario');
    const b = await createPerson(h, 'usuario');
    const link = await resetLink(a.email);
    const weak = await reset({ ...params(link), novaSenha: 'fraca' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json()).toEqual({ message: MSG.passwordWeak, field: 'novaSenha' });

    const wrongPair = await reset({ ...params(link), email: b.email, novaSenha: NEW_PASSWORD });
    expect(wrongPair.statusCode).toBe(400);
    const garbage = await reset({ email: a.email, token: 'x', novaSenha: NEW_PASSWORD });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toEqual({ message: ACCOUNT_MSG.resetLinkInvalid });

    // The refused attempts did not use the link up.
    expect((await reset({ ...params(link), novaSenha: NEW_PASSWORD })).statusCode).toBe(200);

    const expiring = await resetLink(b.email);
    await h.app.ctx.database.sql.query(
      `update account_tokens set expires_at = now() - interval '1 second' where email = $1`,
      [b.email],
    );
    const expired = await reset({ ...params(expiring), novaSenha: NEW_PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: ACCOUNT_MSG.resetLinkInvalid });
    // Nothing changed: the old password still opens the account.
    await loginToken(h, b.email);
  });

  it('validates the e-mail and the body shape', async () => {
    const bad = await forgot('nao-e-email');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ message: MSG.emailInvalid, field: 'email' });
    const extra = await h.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { email: 'a@b.com', token: 'x', novaSenha: 'y', admin: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ field: 'admin' });
  });

  it('rate-limits forgot-password per e-mail and per IP, 429 with Retry-After', async () => {
    // Sent together: the counters are taken in order, the padding overlaps.
    const target = `alvo.${Date.now()}@exemplo.com`;
    const perEmail = await Promise.all([1, 2, 3, 4].map((i) => forgot(target, `192.0.2.${i}`)));
    expect(perEmail.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429]);

    h.limiter.clear();
    const perIp = await Promise.all(
      Array.from({ length: 11 }, (_, i) => forgot(`x${i}@exemplo.com`, '203.0.113.50')),
    );
    expect(perIp.map((r) => r.statusCode).sort()).toEqual([...Array(10).fill(200), 429]);
    const last = perIp.find((r) => r.statusCode === 429);
    expect(last?.json()).toEqual({ message: MSG.tooManyAttempts });
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await forgot('x@exemplo.com', '203.0.113.51')).statusCode).toBe(200);
  });
});
