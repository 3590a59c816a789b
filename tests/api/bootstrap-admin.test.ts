/**
 * The administrator made from ADMIN_EMAIL/ADMIN_PASSWORD (README, "Configuration"): it logs in,
 * is an admin, and carries no invented data — its optional phone stays empty instead of a fake
 * "(00) 0000-0000" on its profile. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../server/modules/seed/bootstrap';
import { bearer, engines, type Harness, startApp } from './helpers';

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
