/**
 * Public registration does not reveal who has an account (docs/decisions.md "Registration"): a taken
 * e-mail or CPF gets the same status and body as a new one in about the same time, nothing is
 * created, and the owner receives — over real SMTP — an e-mail with a working reset link.
 * The admin's create screen keeps spec §8's 409.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { engines, type Harness, registration, STRONG_PASSWORD, startApp } from './helpers';
import { linkFrom, type MailServer, startMailServer } from './mail-server';
import { createPerson, newUser, send } from './users-helpers';

describe.each(engines)('registration privacy ($name)', (engine) => {
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

  const register = (body: Record<string, unknown>) =>
    h.app.inject({ method: 'POST', url: '/api/users/register', payload: body });

  it('answers a taken e-mail like a new one and e-mails the owner a reset link', async () => {
    const owner = registration();
    const first = await register(owner);
    expect(first.statusCode).toBe(201);
    await mail.next(owner.email, /verify-email/);

    const again = await register(
      registration({ email: owner.email.toUpperCase(), name: 'Outra Pessoa' }),
    );
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.json()).toEqual({ message: MSG.registered });

    const notice = await mail.next(owner.email, /Tentativa de cadastro/);
    expect(notice.decoded).toContain('usando o seu e-mail');
    const link = linkFrom(notice, 'reset-password');
    expect(link.origin).toBe('http://memorial.test');
    // The link works: the owner chooses a new password and logs in with it.
    const reset = await h.app.inject({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: {
        email: link.searchParams.get('email'),
        token: link.searchParams.get('token'),
        novaSenha: 'Nova#Senha9',
      },
    });
    expect(reset.statusCode).toBe(200);
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: owner.email, password: 'Nova#Senha9' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers a taken CPF like a new one; the CPF owner is told, the stranger gets nothing', async () => {
    const owner = await createPerson(h, 'usuario');
    const [row] = await h.app.ctx.database.sql.query<{ cpf: string }>(
      'select cpf from users where id = $1',
      [owner.id],
    );
    const stranger = registration({ cpf: row?.cpf ?? '' });
    const res = await register(stranger);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: MSG.registered });
    const notice = await mail.next(owner.email, /Tentativa de cadastro/);
    expect(notice.decoded).toContain('usando o seu CPF');
    await h.app.ctx.background.drain();
    expect(mail.received.some((m) => m.to.includes(stranger.email))).toBe(false);
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: stranger.email, password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
  });

  it('takes about the same time for a new and a taken e-mail', async () => {
    const owner = registration();
    expect((await register(owner)).statusCode).toBe(201);
    const timings: Record<'fresh' | 'taken', number[]> = { fresh: [], taken: [] };
    for (let i = 0; i < 5; i++) {
      for (const kind of ['fresh', 'taken'] as const) {
        h.limiter.clear();
        const body = kind === 'fresh' ? registration() : registration({ email: owner.email });
        const started = performance.now();
        const res = await register(body);
        timings[kind].push(performance.now() - started);
        expect(res.statusCode).toBe(201);
      }
    }
    await h.app.ctx.background.drain();
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2] ?? 0;
    const fresh = median(timings.fresh);
    const taken = median(timings.taken);
    // Both pay one Argon2 hash (tens of ms); before, the taken path answered in a fifth of the
    // time. Generous bound for a noisy shared 2-core machine.
    expect(taken).toBeGreaterThan(fresh * 0.6);
    expect(taken).toBeLessThan(fresh * 1.6 + 10);
  });

  it('keeps the 409 of spec §8 on the admin create screen', async () => {
    const admin = await createPerson(h, 'admin');
    const taken = await createPerson(h, 'usuario');
    const res = await send(
      h,
      'POST',
      '/api/users/admin-create',
      admin.token,
      newUser({ email: taken.email }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MSG.duplicateUser, field: 'email' });
  });
});
