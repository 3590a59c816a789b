/**
 * E-mail verification over real SMTP (smtp-server on loopback): the test reads the link from
 * the received message and follows it, as the /auth/verify-email page does.
 */
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserRow } from '../../server/db/schema';
import { requireVerified } from '../../server/plugins/auth';
import {
  ACCOUNT_MSG,
  emailChangePending,
  verificationSentTo,
  verifyToPost,
} from '../../src/domain/account-messages';
import { MSG } from '../../src/domain/messages';
import { bearer, engines, type Harness, registration, STRONG_PASSWORD, startApp } from './helpers';
import { linkFrom, type MailServer, startMailServer } from './mail-server';
import { checkUser, loginToken } from './users-helpers';

describe.each(engines)('e-mail verification ($name)', (engine) => {
  let h: Harness;
  let mail: MailServer;
  beforeAll(async () => {
    mail = await startMailServer();
    h = await startApp(engine, { SMTP_URL: mail.url, PUBLIC_URL: 'http://memorial.test' });
  });
  afterAll(async () => {
    await h?.close();
    await mail?.close();
  });
  beforeEach(() => h.limiter.clear());

  const verify = (query: string) =>
    h.app.inject({ method: 'GET', url: `/api/users/verify-email?${query}` });

  /** Registers through the API and answers the address and the link received by SMTP. */
  async function registerAndGetLink(overrides: Record<string, unknown> = {}) {
    const body = registration(overrides);
    const res = await h.app.inject({ method: 'POST', url: '/api/users/register', payload: body });
    expect(res.statusCode).toBe(201);
    const received = await mail.next(body.email, /verify-email/);
    return { email: body.email, link: linkFrom(received, 'verify-email') };
  }

  it('verifies once from the received link; a second click says the address is confirmed', async () => {
    const { email, link } = await registerAndGetLink();
    expect(link.origin).toBe('http://memorial.test');
    expect(link.pathname).toBe('/auth/verify-email');
    const token = await loginToken(h, email);
    expect((await checkUser(h, token)).json().emailVerified).toBe(false);

    const first = await verify(link.searchParams.toString());
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: ACCOUNT_MSG.emailVerified });
    expect((await checkUser(h, token)).json().emailVerified).toBe(true);

    // Not "Link inválido ou expirado" for an address that is confirmed: the truth.
    const again = await verify(link.searchParams.toString());
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: ACCOUNT_MSG.alreadyVerified });
    // Even once the link has expired.
    await h.app.ctx.database.sql.query(
      `update account_tokens set expires_at = now() - interval '1 minute' where email = $1`,
      [email],
    );
    expect((await verify(link.searchParams.toString())).json()).toEqual({
      message: ACCOUNT_MSG.alreadyVerified,
    });
    // Another address given with the same token is still just a bad link.
    const wrong = await verify(`token=${link.searchParams.get('token')}&email=outra%40exemplo.com`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: ACCOUNT_MSG.verifyLinkInvalid });
  });

  it('refuses a wrong e-mail/token pair, a malformed or missing token, an expired link', async () => {
    const a = await registerAndGetLink();
    const b = await registerAndGetLink();
    const tokenA = a.link.searchParams.get('token') ?? '';
    const cases = [
      `token=${tokenA}&email=${encodeURIComponent(b.email)}`,
      `token=${'A'.repeat(43)}&email=${encodeURIComponent(a.email)}`,
      `token=nao-e-um-token&email=${encodeURIComponent(a.email)}`,
      `email=${encodeURIComponent(a.email)}`,
      `token=${tokenA}`,
      '',
    ];
    for (const query of cases) {
      const res = await verify(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ message: ACCOUNT_MSG.verifyLinkInvalid });
    }
    // The wrong pair did not use the token up: the right pair still works (e-mail case-folded).
    const ok = await verify(`token=${tokenA}&email=${encodeURIComponent(a.email.toUpperCase())}`);
    expect(ok.statusCode).toBe(200);

    await h.app.ctx.database.sql.query(
      `update account_tokens set expires_at = now() - interval '1 minute'
       where email = $1 and purpose = 'verify_email'`,
      [b.email],
    );
    const expired = await verify(b.link.searchParams.toString());
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: ACCOUNT_MSG.verifyLinkInvalid });
  });

  it('stores only a SHA-256 of the token, for 48 hours', async () => {
    const { email, link } = await registerAndGetLink();
    const [row] = await h.app.ctx.database.sql.query<{ token_hash: string; hours: number }>(
      `select token_hash, round(extract(epoch from expires_at - created_at) / 3600)::int as hours
       from account_tokens where email = $1`,
      [email],
    );
    const token = link.searchParams.get('token') ?? '';
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.token_hash).not.toContain(token);
    expect(row?.hours).toBe(48);
  });

  it('resends: to the own address with a session, the same answer for anyone without', async () => {
    const { email } = await registerAndGetLink();
    const token = await loginToken(h, email);
    // No body needed with a session.
    const mine = await h.app.inject({
      method: 'POST',
      url: '/api/users/resend-verification',
      headers: bearer(token),
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({ message: verificationSentTo(email) });
    const resent = linkFrom(await mail.next(email, /verify-email/), 'verify-email');

    const anon = (address: string) =>
      h.app.inject({
        method: 'POST',
        url: '/api/users/resend-verification',
        payload: { email: address },
      });
    const known = await anon(email);
    const unknown = await anon(`ninguem.${Date.now()}@exemplo.com`);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: ACCOUNT_MSG.verificationResent });
    await mail.next(email, /verify-email/);

    expect((await verify(resent.searchParams.toString())).statusCode).toBe(200);
    const done = await h.app.inject({
      method: 'POST',
      url: '/api/users/resend-verification',
      headers: bearer(token),
      payload: {},
    });
    expect(done.json()).toEqual({ message: ACCOUNT_MSG.alreadyVerified });
  });

  it('rate-limits resend per e-mail with 429 and Retry-After', async () => {
    const address = `alvo.${Date.now()}@exemplo.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/users/resend-verification',
        payload: { email: address },
        remoteAddress: `198.51.100.${i + 1}`,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toEqual({ message: MSG.tooManyAttempts });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('rate-limits registration per e-mail, across addresses', async () => {
    const body = registration();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: { ...body, email: i % 2 ? body.email.toUpperCase() : body.email },
        remoteAddress: `198.51.100.${50 + i}`,
      });
      statuses.push(res.statusCode);
    }
    // A taken e-mail answers like a new one (docs/decisions.md "Registration"); the per-e-mail limit also
    // caps how many "someone tried to register" notices its owner can be sent.
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    await mail.next(body.email, /verify-email/);
    for (let i = 0; i < 4; i++) await mail.next(body.email, /Tentativa de cadastro/);
  });

  it('lets an unverified account log in and edit, but not post (requireVerified)', async () => {
    const { email } = await registerAndGetLink();
    const token = await loginToken(h, email);
    const check = await checkUser(h, token);
    const user = check.json();
    const edit = await h.app.inject({
      method: 'PATCH',
      url: `/api/users/edit/${user._id}`,
      headers: bearer(token),
      payload: { name: 'Nome Novo' },
    });
    expect(edit.statusCode).toBe(200);

    const [row] = await h.app.ctx.database.db.query.users.findMany({
      where: (u, { eq }) => eq(u.id, user._id),
    });
    const request = { user: row as UserRow } as FastifyRequest;
    await expect(requireVerified(request)).rejects.toMatchObject({
      statusCode: 403,
      message: verifyToPost(email),
      field: 'emailVerified',
    });
    await expect(requireVerified({ user: null } as FastifyRequest)).rejects.toMatchObject({
      statusCode: 401,
    });
    await expect(
      requireVerified({ user: { ...(row as UserRow), emailVerified: true } } as FastifyRequest),
    ).resolves.toBeUndefined();
  });

  it('changes the e-mail only after the new address is verified', async () => {
    const { email, link } = await registerAndGetLink();
    expect((await verify(link.searchParams.toString())).statusCode).toBe(200);
    const token = await loginToken(h, email);
    const id = (await checkUser(h, token)).json()._id as string;
    const newEmail = `novo.${Date.now()}@exemplo.com`;

    const edit = await h.app.inject({
      method: 'PATCH',
      url: `/api/users/edit/${id}`,
      headers: bearer(token),
      payload: { email: newEmail.toUpperCase() },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().message).toBe(emailChangePending(newEmail));
    expect(edit.json().user).toMatchObject({ email, pendingEmail: newEmail, emailVerified: true });

    // The old address is told, and stays the login until the new one is proven.
    const notice = await mail.next(email, /alteração do e-mail|troca do e-mail/);
    expect(notice.decoded).toContain(newEmail);
    await loginToken(h, email);
    const changeLink = linkFrom(await mail.next(newEmail, /verify-email/), 'verify-email');
    expect(changeLink.searchParams.get('email')).toBe(newEmail);

    expect((await verify(changeLink.searchParams.toString())).statusCode).toBe(200);
    const after = (await checkUser(h, token)).json();
    expect(after).toMatchObject({ email: newEmail, pendingEmail: null, emailVerified: true });
    await loginToken(h, newEmail, STRONG_PASSWORD);
    const old = await h.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
  });
});
