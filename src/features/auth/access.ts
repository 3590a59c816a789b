/** Pure decisions of the route guards and the navbar (spec §2 route table, §6 roles). */
import type { Role } from '../../domain/user-rules';

export type SessionStatus = 'checking' | 'authenticated' | 'anonymous';

export interface AccessRule {
  login?: boolean;
  roles?: Role[];
  /** Flashed when a logged-in person of another role is sent home (spec §2, §6). */
  denied?: string;
}

export type AccessDecision = 'wait' | 'allow' | 'login' | 'home';

export function decideAccess(status: SessionStatus, role: Role, rule: AccessRule): AccessDecision {
  if (!rule.login && !rule.roles) return 'allow';
  if (status === 'checking') return 'wait';
  if (status === 'anonymous') return 'login';
  if (rule.roles && !rule.roles.includes(role)) return 'home';
  return 'allow';
}

export interface NavLink {
  label: string;
  to?: string;
  action?: 'logout';
}

/** Links depend on the role only once it is known (status authenticated). */
export function navLinks(status: SessionStatus, role: Role): NavLink[] {
  const links: NavLink[] = [{ label: 'Home', to: '/' }];
  if (status === 'checking') return links;
  if (status === 'anonymous') {
    return [...links, { label: 'Entrar', to: '/login' }, { label: 'Cadastre-se', to: '/register' }];
  }
  if (role === 'admin' || role === 'concessionario') {
    links.push({ label: 'Memorial', to: '/sepultados/meumemorial' });
  }
  if (role === 'admin') links.push({ label: 'Usuários', to: '/meuusuario' });
  links.push({ label: 'Perfil', to: '/user/profile' }, { label: 'Sair', action: 'logout' });
  return links;
}

/** Where the navbar search box is hidden (spec §2 "Navbar and footer"). */
export function searchHidden(pathname: string, status: SessionStatus): boolean {
  if (status !== 'authenticated') return true;
  return (
    pathname === '/login' ||
    pathname === '/register' ||
    pathname === '/sepultados/add' ||
    pathname.startsWith('/sepultados/edit/')
  );
}

/** The origin to return to after login: only same-app paths, never /login itself. */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//')) return '/';
  if (next.startsWith('/login')) return '/';
  return next;
}
