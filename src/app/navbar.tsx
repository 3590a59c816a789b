/**
 * Navbar (spec §2): home icon, logo and title, search box, role-dependent links (only once the
 * role is known), hamburger on small screens that closes on route change and outside click.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { loadUnsentCount } from '../data/outbox';
import { useSession } from '../data/session';
import { navLinks, searchHidden, toolLinks } from '../features/auth/access';
import { SearchBox } from '../features/search/search-box';
import { PACK_TEXT } from '../lib/texts/pack-texts';
import { PRODUCT_NAME } from '../ui/branding';
import { PartBoundary } from '../ui/part-boundary';
import '../ui/outbox-badge.css';

const OutboxLink = lazy(() => import('../features/outbox/outbox-link'));

export function Navbar() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [toolsOpen, setToolsOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const toolsRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on every route change is the point
  useEffect(() => {
    setOpen(false);
    setToolsOpen(false);
  }, [location.pathname, location.search]);

  // The tools' list closes on a click elsewhere and on Escape (back to its button).
  useEffect(() => {
    if (!toolsOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (toolsRef.current && !toolsRef.current.contains(event.target as Node)) {
        setToolsOpen(false);
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setToolsOpen(false);
      toolsRef.current?.querySelector('button')?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [toolsOpen]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (menuRef.current && !menuRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  async function logout() {
    // Writes still waiting to be sent wait for this person's next login: say so first.
    // Without signal and before the service worker keeps the app, the count's code may not
    // load: "Sair" still works (the writes, if any, still wait for the same person's login).
    const userId = session.auth?.userId;
    const outbox = userId ? await loadUnsentCount().catch(() => null) : null;
    if (userId && outbox) {
      const count = await outbox.unsentCount(userId).catch(() => 0);
      if (count > 0 && !window.confirm(outbox.logoutWarning(count))) return;
    }
    session.logout();
    navigate('/login', { replace: true });
  }

  const links = navLinks(session.status, session.role);
  const tools = toolLinks(session.status, session.role);
  // The tools sit after the work links, before Perfil and Sair.
  const own = (link: { to?: string; action?: string }) =>
    link.to === '/user/profile' || link.action === 'logout';
  const navLink = (link: (typeof links)[number]) =>
    link.action === 'logout' ? (
      <button
        key={link.label}
        type="button"
        className="nav-link-button"
        onClick={() => void logout()}
      >
        {link.label}
      </button>
    ) : (
      <RouterLink key={link.label} to={link.to ?? '/'} end={link.to === '/'}>
        {link.label}
      </RouterLink>
    );
  return (
    <header className="navbar">
      <div className="navbar-inner" ref={menuRef}>
        <Link to="/" className="brand" aria-label={`${PRODUCT_NAME} — página inicial`}>
          <svg className="home-icon" viewBox="0 0 24 24" aria-hidden="true" width="22" height="22">
            <path
              d="M3 11.5 12 4l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z"
              fill="currentColor"
            />
          </svg>
          <img src="/icons/logo.svg" alt="" width="32" height="32" />
          <span className="brand-title">{PRODUCT_NAME}</span>
        </Link>
        {!searchHidden(location.pathname, session.status) && <SearchBox />}
        {/* A stored login is being checked: the box's room is kept, so the page does not move
            down by a row when the answer comes (CLS). Nothing to use until it is confirmed. */}
        {session.status === 'checking' && !searchHidden(location.pathname, 'authenticated') && (
          <div className="nav-search" aria-hidden="true" />
        )}
        {session.status === 'authenticated' && (
          <PartBoundary message="" fallback={() => null}>
            <Suspense fallback={null}>
              <OutboxLink compact />
            </Suspense>
          </PartBoundary>
        )}
        <button
          type="button"
          className="menu-toggle"
          aria-label="Abrir menu"
          aria-expanded={open}
          aria-controls="menu-principal"
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true">☰</span>
        </button>
        <nav
          id="menu-principal"
          className={`nav-links${open ? ' open' : ''}`}
          aria-label="Principal"
        >
          {session.status === 'authenticated' && (
            // Its code missing (no signal, not on the device): no entry, never a white page;
            // /pendentes still lists the unsent work.
            <PartBoundary message="" fallback={() => null}>
              <Suspense fallback={null}>
                <OutboxLink />
              </Suspense>
            </PartBoundary>
          )}
          {links.filter((link) => !own(link)).map(navLink)}
          {tools.length > 0 && (
            <div className="nav-group" ref={toolsRef}>
              <button
                type="button"
                className="nav-link-button nav-group-toggle"
                aria-expanded={toolsOpen}
                aria-controls="menu-ferramentas"
                onClick={() => setToolsOpen((o) => !o)}
              >
                Ferramentas <span aria-hidden="true">{toolsOpen ? '▴' : '▾'}</span>
              </button>
              <ul id="menu-ferramentas" className="nav-group-list" hidden={!toolsOpen}>
                {tools.map((link) => (
                  <li key={link.label}>
                    <RouterLink to={link.to ?? '/'}>{link.label}</RouterLink>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {links.filter(own).map(navLink)}
          {/* For everyone (visitors too): the visit pack. */}
          <RouterLink to="/offline">{PACK_TEXT.navLink}</RouterLink>
        </nav>
      </div>
    </header>
  );
}
