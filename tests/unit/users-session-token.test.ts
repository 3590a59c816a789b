/**
 * After an own password change the server answers a fresh token (every other session ended):
 * it must replace the stored one, so the next request (and refresh()) carries it.
 */
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../src/data/failure';
import { replaceStoredToken } from '../../src/data/session/session-store';
import { readAuth, readToken, writeAuth } from '../../src/data/session-storage';
import { isSessionOf, verifyOnce } from '../../src/features/auth/verify-once';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const AUTH = {
  token: 'velho',
  role: 'concessionario' as const,
  userId: '0123456789abcdef01234567',
  name: 'Ana',
  email: 'ana@exemplo.com',
};

describe('replaceStoredToken', () => {
  it('replaces the token in the auth object and the separate entry, keeping the rest', () => {
    const store = new MemoryStorage();
    writeAuth(AUTH, store);
    const next = replaceStoredToken('novo', store);
    expect(next).toEqual({ ...AUTH, token: 'novo' });
    expect(readAuth(store)).toEqual({ ...AUTH, token: 'novo' });
    expect(store.getItem('token')).toBe('novo');
    expect(store.getItem('role')).toBe('concessionario');
    expect(readToken(store)).toBe('novo');
  });

  it('with only a bare token entry (older layout) replaces that entry', () => {
    const store = new MemoryStorage();
    store.setItem('token', JSON.stringify('velho'));
    expect(replaceStoredToken('novo', store)).toBeNull();
    expect(readToken(store)).toBe('novo');
  });

  it('ignores an empty token (never stores a session without one)', () => {
    const store = new MemoryStorage();
    writeAuth(AUTH, store);
    replaceStoredToken('', store);
    expect(readToken(store)).toBe('velho');
  });
});

describe('verifyOnce (single-use verification link)', () => {
  it('asks the server once per link, however many times the page asks', async () => {
    let calls = 0;
    const call = async () => {
      calls++;
      return { message: 'E-mail verificado com sucesso!' };
    };
    const [a, b] = await Promise.all([
      verifyOnce('t1', 'a@x.com', call),
      verifyOnce('t1', 'a@x.com', call),
    ]);
    expect(calls).toBe(1);
    expect(a).toEqual({ ok: true, message: 'E-mail verificado com sucesso!' });
    expect(b).toBe(a);
    await verifyOnce('t2', 'a@x.com', call);
    expect(calls).toBe(2);
  });

  it('turns a refusal into the server message, and no answer into the fallback', async () => {
    const refused = await verifyOnce('t3', 'a@x.com', async () => {
      throw new ApiFailure(400, 'Link inválido ou expirado');
    });
    expect(refused).toEqual({ ok: false, message: 'Link inválido ou expirado' });
    const offline = await verifyOnce('t4', 'a@x.com', async () => {
      throw new ApiFailure(0, 'qualquer');
    });
    expect(offline).toEqual({ ok: false, message: 'Não foi possível verificar o e-mail.' });
  });
});

describe('isSessionOf', () => {
  it('matches the login, the pending address or the stored e-mail, ignoring case', () => {
    const user = { email: 'ana@exemplo.com', pendingEmail: 'nova@exemplo.com' };
    expect(isSessionOf('ANA@exemplo.com', user, undefined)).toBe(true);
    expect(isSessionOf('nova@exemplo.com', user, undefined)).toBe(true);
    expect(isSessionOf('ana@exemplo.com', null, 'ana@exemplo.com')).toBe(true);
    expect(isSessionOf('outra@exemplo.com', user, 'ana@exemplo.com')).toBe(false);
  });
});
