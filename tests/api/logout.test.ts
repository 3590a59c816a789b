/**
 * "Sair" ends the token on the server (docs/decisions/0184-logout-ends-the-token.md): the token
 * that asked answers 401 "session-ended" from then on, in this instance and in one started later
 * over the same database; the person's other sessions go on; rows past their expiry leave.
 */
import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { RateLimiter } from '../../server/lib/rate-limiter';
import { MSG } from '../../src/domain/messages';
import { AUTH_REASON } from '../../src/domain/outcome';
import { bearer, engines, type Harness, STRONG_PASSWORD, signUp, startApp } from './helpers';

describe.each(engines)('logout ends the token ($name)', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp(engine);
  });
  afterAll(async () => {
    await h?.close();
  });

  const checkuser = (app: Harness['app'], token: string) =>
    app.inject({ method: 'GET', url: '/api/users/checkuser', headers: bearer(token) });
  const logout = (token?: string) =>
    h.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      ...(token ? { headers: bearer(token) } : {}),
    });
  async function secondSession(email: string): Promise<string> {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    return (res.json() as { token: string }).token;
  }

  it('refuses the token that logged out, and only that one', async () => {
    const person = await signUp(h.app);
    const desk = await secondSession(person.email);
    expect(desk).not.toBe(person.token);

    const res = await logout(person.token);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const refused = await checkuser(h.app, person.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      message: MSG.sessionInvalid,
      reason: AUTH_REASON.sessionEnded,
    });
    // Every route, not only the check: the token is refused by authentication itself.
    const profile = await h.app.inject({
      method: 'GET',
      url: `/api/users/${person.id}`,
      headers: bearer(person.token),
    });
    expect(profile.statusCode).toBe(401);
    expect((await checkuser(h.app, desk)).statusCode).toBe(200);
    // Said twice: the second is refused like any other request of an ended token.
    expect((await logout(person.token)).statusCode).toBe(401);
  });

  it('needs a valid token', async () => {
    expect((await logout()).statusCode).toBe(401);
    expect((await logout('not-a-token')).statusCode).toBe(401);
  });

  it('still refuses it after a restart (an app started later over the same database)', async () => {
    const person = await signUp(h.app);
    expect((await logout(person.token)).statusCode).toBe(204);
    const later = await buildApp({
      config: h.config,
      database: h.app.ctx.database,
      limiter: new RateLimiter(),
    });
    try {
      await later.ready();
      expect((await checkuser(later, person.token)).statusCode).toBe(401);
      const other = await signUp(h.app);
      expect((await checkuser(later, other.token)).statusCode).toBe(200);
    } finally {
      await later.close();
    }
  });

  it('keeps a row only until the token would have expired', async () => {
    const sql = h.app.ctx.database.sql;
    await sql.query(
      `INSERT INTO revoked_tokens (jti, expires_at) VALUES ('expirado', now() - interval '1 minute')`,
    );
    const person = await signUp(h.app);
    expect((await logout(person.token)).statusCode).toBe(204);
    const rows = await sql.query<{ jti: string; expires_at: Date | string }>(
      'SELECT jti, expires_at FROM revoked_tokens',
    );
    expect(rows.map((r) => r.jti)).not.toContain('expirado');
    const mine = rows.filter((r) => r.jti !== 'expirado');
    expect(mine.length).toBeGreaterThan(0);
    // Each row expires when its token does: within the configured life from now.
    const latest = Math.max(...mine.map((r) => new Date(r.expires_at).getTime()));
    expect(latest).toBeLessThanOrEqual(Date.now() + h.config.jwtTtlSeconds * 1000 + 1000);
    expect(latest).toBeGreaterThan(Date.now());
  });

  it('answers a token without an id (signed before tokens had one) and leaves it to its expiry', async () => {
    const person = await signUp(h.app);
    const [row] = await h.app.ctx.database.sql.query<{ token_version: number }>(
      'SELECT token_version FROM users WHERE id = $1',
      [person.id],
    );
    const old = createSigner({
      key: h.config.jwtSecret ?? '',
      iss: 'memorial',
      expiresIn: 3_600_000,
    })({ sub: person.id, tv: row?.token_version ?? 0 });
    expect((await checkuser(h.app, old)).statusCode).toBe(200);
    expect((await logout(old)).statusCode).toBe(204);
    expect((await checkuser(h.app, old)).statusCode).toBe(200);
  });
});
