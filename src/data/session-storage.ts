/**
 * Session data in browser storage, exactly as spec §3 lays it out: an `auth` object
 * {token, role, userId, name, email} plus separate `token` (may be JSON-quoted by older
 * versions) and `role` entries. Pure functions over a Storage so they are testable.
 */
import { isRole, type Role } from '../domain/user-rules';

export interface StoredAuth {
  token: string;
  role: Role;
  userId: string;
  name: string;
  email: string;
}

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

/** A token as stored: plain, or JSON-quoted ("\"eyJ…\""). */
export function parseToken(raw: string | null): string | null {
  if (!raw) return null;
  let value = raw.trim();
  if (value.startsWith('"')) {
    try {
      value = JSON.parse(value) as string;
    } catch {
      return null;
    }
  }
  return typeof value === 'string' && value.length > 0 ? value : null;
}

export function readToken(store: Storage | null = storage()): string | null {
  if (!store) return null;
  const fromAuth = readAuth(store)?.token;
  return fromAuth ?? parseToken(store.getItem('token'));
}

export function readAuth(store: Storage | null = storage()): StoredAuth | null {
  const raw = store?.getItem('auth');
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredAuth>;
    if (typeof value.token !== 'string' || !value.token) return null;
    return {
      token: value.token,
      role: isRole(value.role) ? value.role : 'usuario',
      userId: typeof value.userId === 'string' ? value.userId : '',
      name: typeof value.name === 'string' ? value.name : '',
      email: typeof value.email === 'string' ? value.email : '',
    };
  } catch {
    return null;
  }
}

export function writeAuth(auth: StoredAuth, store: Storage | null = storage()): void {
  if (!store) return;
  store.setItem('auth', JSON.stringify(auth));
  store.setItem('token', auth.token);
  store.setItem('role', auth.role);
}

export function clearAuth(store: Storage | null = storage()): void {
  if (!store) return;
  store.removeItem('auth');
  store.removeItem('token');
  store.removeItem('role');
}
