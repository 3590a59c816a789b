/** Pure decisions of the route guards and the navbar (spec §2 route table, §6 roles). */
import type { SessionStatus } from '../../data/session';
import { type Action, canEver } from '../../domain/permissions';
import type { Role } from '../../domain/user-rules';

export interface AccessRule {
  login?: boolean;
  /** What the route is for (src/domain/permissions.ts): a role that could never do it is sent home. */
  action?: Action;
  /** Flashed when a logged-in person of another role is sent home (spec §2, §6). */
  denied?: string;
}

type AccessDecision = 'wait' | 'allow' | 'login' | 'home';

export function decideAccess(status: SessionStatus, role: Role, rule: AccessRule): AccessDecision {
  if (!rule.login && !rule.action) return 'allow';
  if (status === 'checking') return 'wait';
  if (status === 'anonymous') return 'login';
  // Only the role matters here (canEver looks at nothing else).
  if (rule.action && !canEver({ id: '', role }, rule.action)) return 'home';
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
  // Only the role matters here (canEver looks at nothing else).
  if (canEver({ id: '', role }, 'burial:list-mine')) {
    links.push({ label: 'Memorial', to: '/sepultados/meumemorial' });
  }
  // The crew's day (admins see their own assigned orders there too).
  if (canEver({ id: '', role }, 'order:work')) links.push({ label: 'Hoje', to: '/hoje' });
  if (canEver({ id: '', role }, 'user:manage'))
    links.push({ label: 'Usuários', to: '/meuusuario' });
  links.push({ label: 'Perfil', to: '/user/profile' }, { label: 'Sair', action: 'logout' });
  return links;
}

/**
 * The admin's tools, a group of their own in the navbar ("Ferramentas"), each shown by its
 * permission; empty until the role is known.
 */
export function toolLinks(status: SessionStatus, role: Role): NavLink[] {
  if (status !== 'authenticated') return [];
  const who = { id: '', role };
  const tools: [Action, NavLink][] = [
    ['cemetery:manage', { label: 'Cemitérios', to: '/admin/cemiterios' }],
    ['plan:edit', { label: 'Mapa', to: '/admin/mapa' }],
    ['label:print', { label: 'Etiquetas', to: '/sepultados/etiquetas' }],
    ['burial:spreadsheet', { label: 'Planilhas', to: '/admin/planilhas' }],
    ['grave:manage', { label: 'Sepulturas', to: '/admin/sepulturas' }],
    ['deadline:view', { label: 'Prazos', to: '/admin/prazos' }],
    ['recadastramento:manage', { label: 'Recadastramento', to: '/admin/recadastramento' }],
    // Its page links to the calendar and the families' requests.
    ['order:manage', { label: 'Ordens de serviço', to: '/admin/ordens' }],
    ['audit:read', { label: 'Auditoria', to: '/admin/auditoria' }],
    ['backup:manage', { label: 'Cópias', to: '/admin/copias' }],
  ];
  return tools.filter(([action]) => canEver(who, action)).map(([, link]) => link);
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
