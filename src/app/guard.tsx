/** Route guard: login required → /login remembering the origin; wrong role → / (spec §2). */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { type AccessRule, decideAccess } from '../features/auth/access';
import { useSession } from '../features/auth/session-context';

export function Guard({ rule, children }: { rule: AccessRule; children: ReactNode }) {
  const { status, role, endedByLogout } = useSession();
  const location = useLocation();
  switch (decideAccess(status, role, rule)) {
    case 'wait':
      return <p className="loading">Carregando…</p>;
    case 'login':
      return (
        <Navigate
          to="/login"
          replace
          state={
            endedByLogout
              ? undefined
              : { from: location.pathname + location.search + location.hash }
          }
        />
      );
    case 'home':
      return <Navigate to="/" replace />;
    default:
      return <>{children}</>;
  }
}
