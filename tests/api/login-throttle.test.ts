/**
 * Login throttling (docs/decisions.md "Login throttling", modules/users/login-throttle.ts): a stranger who
 * guesses someone's password cannot lock that person out, and guessing stays throttled — per
 * account and address, per known device, and with growing delays for the account as a whole.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountDelayMs, LOGIN_LIMITS } from '../../server/modules/users/login-throttle';
import { MSG } from '../../src/domain/messages';
import { engines, type Harness, registration, startApp } from './helpers';

describe.each(engines)('login throttling ($name)', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp(engine);
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(() => h.limiter.clear());

  const login = (email: string, password: string, ip: string, cookie?: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password },
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    });

  async function person() {
    const body = registration();
    const res = await h.app.inject({ method: 'POST', url: '/api/users/register', payload: body });
    expect(res.statusCode).toBe(201);
    return { email: body.email, password: body.password };
  }

  /** The cookie pair ("name=value") of the known-device Set-Cookie. */
  function deviceOf(res: { headers: Record<string, unknown> }): string {
    const header = String(res.headers['set-cookie'] ?? '');
    expect(header).toMatch(
      /^memorial_device=[^;]+; Path=\/api\/users\/login; Max-Age=\d+; HttpOnly; SameSite=Strict/,
    );
    return header.split(';')[0] ?? '';
  }

  it('12 wrong passwords from one address do not lock the person out elsewhere', async () => {
    const maria = await person();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await login(maria.email, 'Errada@123', '198.51.100.7')).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    // Guessing stays throttled: even the right password waits at that address, unknown browser.
    const there = await login(maria.email, maria.password, '198.51.100.7');
    expect(there.statusCode).toBe(429);
    expect(there.json()).toEqual({ message: MSG.tooManyAttempts });
    expect(Number(there.headers['retry-after'])).toBeGreaterThan(0);
    // The real person, from home.
    const home = await login(maria.email, maria.password, '203.0.113.50');
    expect(home.statusCode).toBe(200);
    expect(home.json().token).toBeTruthy();
  });

  it('a known device gets in even from the address the guesses came from', async () => {
    const joao = await person();
    const first = await login(joao.email, joao.password, '192.0.2.20');
    expect(first.statusCode).toBe(200);
    const cookie = deviceOf(first);
    // Someone on the same network (a shared office or phone carrier address) guesses.
    for (let i = 0; i < 12; i++) await login(joao.email, 'Errada@123', '192.0.2.20');
    expect((await login(joao.email, joao.password, '192.0.2.20')).statusCode).toBe(429);
    const known = await login(joao.email, joao.password, '192.0.2.20', cookie);
    expect(known.statusCode).toBe(200);
    expect(deviceOf(known)).toBe(cookie);
  });

  it('slows guesses spread over many addresses with growing delays, never for a known device', async () => {
    const ana = await person();
    const device = deviceOf(await login(ana.email, ana.password, '192.0.2.30'));
    const free = LOGIN_LIMITS.perAccount.free;
    for (let i = 0; i < free; i++) {
      expect((await login(ana.email, 'Errada@123', `10.9.${i}.1`)).statusCode).toBe(401);
    }
    // Past the allowance, each failure makes the next unknown browser wait 1 s, then 2 s, …
    const slowed = await login(ana.email, 'Errada@123', '10.9.201.1');
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const stranger = await login(ana.email, ana.password, '10.9.202.1');
    expect(stranger.statusCode).toBe(429);
    // Her own phone is not slowed down.
    expect((await login(ana.email, ana.password, '10.9.203.1', device)).statusCode).toBe(200);
  });

  it('a forged, altered or another account’s device cookie counts as an unknown browser', async () => {
    const rita = await person();
    const other = await person();
    const otherCookie = deviceOf(await login(other.email, other.password, '192.0.2.40'));
    const own = deviceOf(await login(rita.email, rita.password, '192.0.2.41'));
    for (let i = 0; i < 10; i++) await login(rita.email, 'Errada@123', '192.0.2.41');
    const tampered = `${own.slice(0, -2)}${own.endsWith('A') ? 'B' : 'A'}A`;
    for (const cookie of [otherCookie, tampered, 'memorial_device=a.b.c', undefined]) {
      const res = await login(rita.email, rita.password, '192.0.2.41', cookie);
      expect(res.statusCode, String(cookie)).toBe(429);
    }
    expect((await login(rita.email, rita.password, '192.0.2.41', own)).statusCode).toBe(200);
  });

  it('a known device that guesses loses its exemption', async () => {
    const lia = await person();
    const cookie = deviceOf(await login(lia.email, lia.password, '192.0.2.60'));
    for (let i = 0; i < LOGIN_LIMITS.perDevice.max; i++) {
      expect((await login(lia.email, 'Errada@123', '192.0.2.60', cookie)).statusCode).toBe(401);
    }
    // Now an unknown browser: that address's own account counter still starts from zero, so
    // the next failures count there and close it after its own 10.
    for (let i = 0; i < LOGIN_LIMITS.perAccountIp.max; i++) {
      expect((await login(lia.email, 'Errada@123', '192.0.2.60', cookie)).statusCode).toBe(401);
    }
    expect((await login(lia.email, lia.password, '192.0.2.60', cookie)).statusCode).toBe(429);
  });
});

describe('account-wide delays', () => {
  it('double from 1 s after the free allowance, up to 5 minutes', () => {
    const free = LOGIN_LIMITS.perAccount.free;
    expect(accountDelayMs(free - 1)).toBe(0);
    expect([0, 1, 2, 3].map((i) => accountDelayMs(free + i))).toEqual([1000, 2000, 4000, 8000]);
    expect(accountDelayMs(free + 40)).toBe(5 * 60_000);
  });
});
