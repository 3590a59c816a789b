import { describe, expect, it } from 'vitest';
import {
  clearAuth,
  parseToken,
  readAuth,
  readToken,
  writeAuth,
} from '../../src/data/session-storage';
import {
  decideAccess,
  navLinks,
  safeNext,
  searchHidden,
  toolLinks,
} from '../../src/features/auth/access';

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

describe('route guard decisions', () => {
  const staff = { login: true, action: 'burial:edit' as const };
  it('lets anyone through public routes, even while checking', () => {
    expect(decideAccess('checking', 'usuario', {})).toBe('allow');
    expect(decideAccess('anonymous', 'usuario', {})).toBe('allow');
  });
  it('waits while the stored session is being checked', () =>
    expect(decideAccess('checking', 'admin', { login: true })).toBe('wait'));
  it('sends visitors to login and wrong roles home', () => {
    expect(decideAccess('anonymous', 'usuario', staff)).toBe('login');
    expect(decideAccess('authenticated', 'usuario', staff)).toBe('home');
    expect(decideAccess('authenticated', 'concessionario', staff)).toBe('allow');
    expect(decideAccess('authenticated', 'admin', staff)).toBe('allow');
    for (const action of ['user:manage', 'label:print', 'plan:edit', 'burial:create'] as const) {
      expect(decideAccess('authenticated', 'concessionario', { login: true, action })).toBe('home');
      expect(decideAccess('authenticated', 'admin', { login: true, action })).toBe('allow');
    }
    expect(
      decideAccess('authenticated', 'concessionario', { login: true, action: 'burial:list-mine' }),
    ).toBe('allow');
  });
});

describe('navbar', () => {
  const labels = (s: Parameters<typeof navLinks>[0], r: Parameters<typeof navLinks>[1]) =>
    navLinks(s, r).map((l) => l.label);
  it('shows role links only once the role is known', () => {
    expect(labels('checking', 'admin')).toEqual(['Home']);
    expect(labels('anonymous', 'usuario')).toEqual(['Home', 'Entrar', 'Cadastre-se']);
    expect(labels('authenticated', 'usuario')).toEqual(['Home', 'Perfil', 'Sair']);
    expect(labels('authenticated', 'concessionario')).toEqual([
      'Home',
      'Memorial',
      'Hoje',
      'Perfil',
      'Sair',
    ]);
    expect(labels('authenticated', 'admin')).toEqual([
      'Home',
      'Memorial',
      'Hoje',
      'Usuários',
      'Perfil',
      'Sair',
    ]);
  });
  it("gives the admin's tools a group of their own, by permission, once the role is known", () => {
    const tools = (s: Parameters<typeof toolLinks>[0], r: Parameters<typeof toolLinks>[1]) =>
      toolLinks(s, r).map((l) => `${l.label} ${l.to}`);
    expect(tools('authenticated', 'admin')).toEqual([
      'Cemitérios /admin/cemiterios',
      'Mapa /admin/mapa',
      'Etiquetas /sepultados/etiquetas',
      'Planilhas /admin/planilhas',
      'Sepulturas /admin/sepulturas',
      'Prazos /admin/prazos',
      'Recadastramento /admin/recadastramento',
      'Ordens de serviço /admin/ordens',
      'Auditoria /admin/auditoria',
      'Cópias /admin/copias',
    ]);
    expect(tools('checking', 'admin')).toEqual([]);
    expect(tools('authenticated', 'usuario')).toEqual([]);
  });
  it('hides the search box where the spec says', () => {
    expect(searchHidden('/', 'anonymous')).toBe(true);
    for (const path of ['/login', '/register', '/sepultados/add', '/sepultados/edit/abc']) {
      expect(searchHidden(path, 'authenticated')).toBe(true);
    }
    expect(searchHidden('/sepultados/abc', 'authenticated')).toBe(false);
    expect(searchHidden('/', 'authenticated')).toBe(false);
  });
  it('returns only to same-app paths after login', () => {
    expect(safeNext('/user/profile')).toBe('/user/profile');
    expect(safeNext('//evil.example/x')).toBe('/');
    expect(safeNext('https://evil.example')).toBe('/');
    expect(safeNext('/login?next=/x')).toBe('/');
    expect(safeNext(undefined)).toBe('/');
  });
});

describe('session storage (spec §3)', () => {
  it('writes auth, token and role, and clears all three', () => {
    const store = new MemoryStorage();
    writeAuth({ token: 't1', role: 'admin', userId: 'u', name: 'Ana', email: 'a@b.co' }, store);
    expect(JSON.parse(store.getItem('auth') ?? '{}')).toMatchObject({ token: 't1', role: 'admin' });
    expect(store.getItem('token')).toBe('t1');
    expect(store.getItem('role')).toBe('admin');
    expect(readToken(store)).toBe('t1');
    clearAuth(store);
    expect(store.length).toBe(0);
    expect(readToken(store)).toBeNull();
  });
  it('reads a JSON-quoted token and defaults the role', () => {
    const store = new MemoryStorage();
    store.setItem('token', '"abc.def.ghi"');
    expect(readToken(store)).toBe('abc.def.ghi');
    expect(parseToken('plain')).toBe('plain');
    expect(parseToken('"broken')).toBeNull();
    store.setItem('auth', JSON.stringify({ token: 'x', role: 'root' }));
    expect(readAuth(store)?.role).toBe('usuario');
    store.setItem('auth', 'not json');
    expect(readAuth(store)).toBeNull();
  });
});
