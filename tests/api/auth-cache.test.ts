/**
 * Authenticated requests answer from the app's user cache (server/lib/user-cache.ts), and the
 * README's promise still holds with the cache warm: a role change or a deletion made through
 * the API takes effect on the very next request, and a 'user' message on the invalidation bus
 * (what another instance's write sends) drops a row changed outside this process.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engines, type Harness, startApp } from './helpers';
import { checkUser, createPerson, type Person, send } from './users-helpers';

describe.each(engines)('user cache ($name)', (engine) => {
  let h: Harness;
  let admin: Person;
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await createPerson(h, 'admin');
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(() => h.limiter.clear());

  it('a role change with the cache warm ends the session on the next request', async () => {
    const person = await createPerson(h, 'concessionario');
    expect((await checkUser(h, person.token)).json().role).toBe('concessionario');
    expect(h.app.ctx.userCache.size).toBeGreaterThan(0);
    const res = await send(h, 'PATCH', `/api/users/${person.id}/role`, admin.token, {
      role: 'usuario',
    });
    expect(res.statusCode).toBe(200);
    expect((await checkUser(h, person.token)).statusCode).toBe(401);
  });

  it('a change outside this process shows once the bus says so', async () => {
    const person = await createPerson(h, 'usuario', { name: 'Antes' });
    expect((await checkUser(h, person.token)).json().name).toBe('Antes');
    await h.app.ctx.database.sql.query(`UPDATE users SET name = 'Depois' WHERE id = $1`, [
      person.id,
    ]);
    // Another instance (or hand-written SQL) changed the row: this one still holds its copy…
    expect((await checkUser(h, person.token)).json().name).toBe('Antes');
    // …until the 'user' message for that id arrives.
    await h.app.ctx.invalidation.publish('user', person.id);
    expect((await checkUser(h, person.token)).json().name).toBe('Depois');
  });

  it('a deletion with the cache warm answers account gone on the next request', async () => {
    const person = await createPerson(h, 'usuario');
    expect((await checkUser(h, person.token)).statusCode).toBe(200);
    const removed = await send(h, 'DELETE', `/api/users/${person.id}`, admin.token);
    expect(removed.statusCode).toBe(200);
    const res = await checkUser(h, person.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ reason: 'account-deleted' });
  });
});
