/** Spec §6 as the one shared rule (src/domain/permissions.ts), per role and resource. */
import { describe, expect, it } from 'vitest';
import { type Action, can, canEver } from '../../src/domain/permissions';

const admin = { id: 'a', role: 'admin' as const };
const conc = { id: 'c', role: 'concessionario' as const };
const user = { id: 'u', role: 'usuario' as const };

describe('can', () => {
  it('visitors can do nothing that needs a login', () => {
    const actions: Action[] = ['burial:edit', 'burial:create', 'tribute:post', 'burial:list-mine'];
    for (const action of actions) expect(can(null, action)).toBe(false);
  });

  it('edit: admin any, concessionário only assigned, usuario never', () => {
    expect(can(admin, 'burial:edit')).toBe(true);
    expect(can(conc, 'burial:edit', { assigned: ['c'] })).toBe(true);
    expect(can(conc, 'burial:edit', { assigned: ['x'] })).toBe(false);
    expect(can(conc, 'burial:edit')).toBe(false);
    expect(can(user, 'burial:edit', { assigned: ['u'] })).toBe(false);
    expect(canEver(conc, 'burial:edit')).toBe(true);
    expect(canEver(user, 'burial:edit')).toBe(false);
  });

  it('create, delete, assign: admin only; the dashboard: admin and concessionário', () => {
    for (const action of ['burial:create', 'burial:delete', 'burial:assign'] as const) {
      expect(can(admin, action)).toBe(true);
      expect(can(conc, action)).toBe(false);
      expect(can(user, action)).toBe(false);
    }
    expect(can(conc, 'burial:list-mine')).toBe(true);
    expect(can(user, 'burial:list-mine')).toBe(false);
  });

  it('tributes: anyone logged in posts; the author or an admin deletes', () => {
    expect(can(user, 'tribute:post')).toBe(true);
    expect(can(user, 'tribute:delete', { authorId: 'u' })).toBe(true);
    expect(can(user, 'tribute:delete', { authorId: 'z' })).toBe(false);
    expect(can(user, 'tribute:delete', { authorId: null })).toBe(false);
    expect(can(admin, 'tribute:delete', { authorId: 'z' })).toBe(true);
  });
});
