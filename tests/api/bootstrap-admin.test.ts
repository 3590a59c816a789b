/**
 * The administrator made from ADMIN_EMAIL/ADMIN_PASSWORD (docs/configuration.md): it logs in,
 * is an admin, and carries no invented data — its optional phone stays empty instead of a fake
 * "(00) 0000-0000" on its profile. ADMIN_EMAIL naming an account that already exists makes it
 * an admin and leaves its password alone (README, "A lost admin password"). Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../server/modules/seed/bootstrap';
import { bearer, engines, type Harness, STRONG_PASSWORD, signUp, startApp } from './helpers';

const ADMIN = { email: 'chefe@prefeitura.exemplo.gov.br', password: 'Cemiterio@2025' };

describe.each(engines)('the environment admin ($name)', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp(engine, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    await ensureAdmin(h.app.ctx, h.app.log);
  });
  afterAll(() => h.close());

  it('logs in as admin with an empty phone', async () => {
    const login = await h.app.inject({ method: 'POST', url: '/api/users/login', payload: ADMIN });
    expect(login.statusCode).toBe(200);
    const me = await h.app.inject({
      method: 'GET',
      url: '/api/users/checkuser',
      headers: bearer(login.json().token),
    });
    expect(me.statusCode).toBe(200);
    const user = me.json();
    expect(user.role).toBe('admin');
    expect(user.phone).toBe('');
  });
});

describe.each(engines)('ADMIN_EMAIL naming an existing account ($name)', (engine) => {
  let h: Harness;
  const email = 'zeladora@prefeitura.exemplo.gov.br';
  beforeAll(async () => {
    h = await startApp(engine, { ADMIN_EMAIL: email, ADMIN_PASSWORD: ADMIN.password });
    await signUp(h.app, { email });
    await ensureAdmin(h.app.ctx, h.app.log);
  });
  afterAll(() => h.close());

  it('makes it an admin and keeps its own password', async () => {
    const login = (password: string) =>
      h.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
    expect((await login(ADMIN.password)).statusCode).toBe(401);
    const own = await login(STRONG_PASSWORD);
    expect(own.statusCode).toBe(200);
    const me = await h.app.inject({
      method: 'GET',
      url: '/api/users/checkuser',
      headers: bearer(own.json().token),
    });
    expect(me.json().role).toBe('admin');
  });
});
