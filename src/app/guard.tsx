/** Route guard: login required → /login remembering the origin; wrong role → / (spec §2). */
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../data/session';
import { type AccessRule, decideAccess } from '../features/auth/access';
import { useFlash } from '../ui/flash';

/** Sends a person of the wrong role home, saying why when the route has a text for it. */
function DeniedRedirect({ message }: { message?: string }) {
  const flash = useFlash();
  useEffect(() => {
    if (message) flash.error(message);
  }, [flash, message]);
  return <Navigate to="/" replace />;
}

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
      return <DeniedRedirect message={rule.denied} />;
    default:
      return <>{children}</>;
  }
}
