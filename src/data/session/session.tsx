/**
 * The session (spec §4): a stored token is verified with the current-user check at start;
 * valid → authenticated with user and role; an answer that refuses it clears the session.
 * Offline-first decision: when the check cannot reach the server at all (no signal), the
 * stored session is kept, so a family at the graveside is not logged out by the lack of signal.
 */
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import type { CurrentUser } from '../../domain/types';
import { type Role, readRole } from '../../domain/user-rules';
import { endTokenOnServer, getCurrentUser, postLogin } from '../auth/auth-calls';
import { ApiFailure } from '../failure';
import { usePublicData } from '../public-data/public-data';
import { onSessionEnd, type SessionEnd } from '../session-events';

/** How a session ended (the token store and the API client announce it). */
export type { SessionEnd };

import {
  onSessionChange,
  readAuth,
  readToken,
  type StoredAuth,
  saveSession,
} from './session-store';

export type SessionStatus = 'checking' | 'authenticated' | 'anonymous';

export interface Session {
  status: SessionStatus;
  role: Role;
  user: CurrentUser | null;
  auth: StoredAuth | null;
  login(email: string, password: string): Promise<void>;
  logout(): void;
  refresh(): Promise<void>;
  /** True after the person logged out here: guards then do not remember the page left. */
  endedByLogout: boolean;
}

const SessionContext = createContext<Session | null>(null);

function toAuth(token: string, user: CurrentUser): StoredAuth {
  return {
    token,
    role: readRole(user),
    userId: user._id ?? user.id,
    name: user.name,
    email: user.email,
  };
}

export function SessionProvider({
  children,
  onCheckFailed,
  onEnded,
}: {
  children: ReactNode;
  onCheckFailed?: (message: string) => void;
  /** The server ended the session (a 401 anywhere): say it, as an error. */
  onEnded?: (kind: SessionEnd) => void;
}) {
  // A page the server rendered is the visitor's view: the first render is that view too (no
  // hydration mismatch); the stored session then counts once the check below confirms it.
  const serverRendered = usePublicData() !== null;
  const [auth, setAuth] = useState<StoredAuth | null>(() => (serverRendered ? null : readAuth()));
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [status, setStatus] = useState<SessionStatus>(() =>
    !serverRendered && readToken() ? 'checking' : 'anonymous',
  );
  const [endedByLogout, setEndedByLogout] = useState(false);

  const apply = useCallback((next: StoredAuth | null, nextUser: CurrentUser | null) => {
    saveSession(next);
    setAuth(next);
    setUser(nextUser);
    setStatus(next ? 'authenticated' : 'anonymous');
  }, []);

  const refresh = useCallback(async () => {
    const token = readToken();
    if (!token) {
      // Nothing stored: nothing to verify or to mirror (keeps Dexie out of the first load).
      setStatus('anonymous');
      return;
    }
    try {
      const current = await getCurrentUser(token);
      // The check of a stored session re-renders the whole app (navbar, guards, the page): as
      // a transition React renders it in slices, not as one long task of the first load.
      startTransition(() => apply(toAuth(token, current), current));
    } catch (err) {
      // No answer, or a busy server (503): the stored session stands; a crowd at the gate must
      // not log everyone out (docs/decisions.md "Load shedding").
      if (err instanceof ApiFailure && (err.offline || err.outcome.kind === 'busy')) {
        const stored = readAuth();
        setAuth(stored);
        setStatus(stored ? 'authenticated' : 'anonymous');
        return;
      }
      if (!(err instanceof ApiFailure && err.status === 401)) {
        onCheckFailed?.('Falha ao checar usuário.');
      }
      apply(null, null);
    }
  }, [apply, onCheckFailed]);

  useEffect(() => {
    void refresh();
    // Another tab logged in or out, or changed the role, or a new token was stored here:
    // follow it (spec §4).
    return onSessionChange(() => {
      const stored = readAuth();
      setAuth(stored);
      setStatus(stored ? 'authenticated' : 'anonymous');
      if (!stored) setUser(null);
    });
  }, [refresh]);

  // A 401 on any call with the stored token ends the session at once, visibly: the navbar
  // and the guards follow without a reload (docs/decisions.md, "Outcomes"). The page left is remembered,
  // so the same person lands back there and their queued work continues.
  useEffect(
    () =>
      onSessionEnd((kind) => {
        if (!readToken()) return;
        setEndedByLogout(false);
        apply(null, null);
        onEnded?.(kind);
      }),
    [apply, onEnded],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      try {
        const answer = await postLogin(email, password);
        if (!answer.token) throw new ApiFailure(500, 'Resposta de login sem token.');
        const current = await getCurrentUser(answer.token);
        setEndedByLogout(false);
        apply(toAuth(answer.token, current), current);
      } catch (err) {
        apply(null, null);
        throw err;
      }
    },
    [apply],
  );

  const logout = useCallback(() => {
    const token = readToken();
    setEndedByLogout(true);
    apply(null, null);
    if (token) endTokenOnServer(token);
  }, [apply]);

  const value = useMemo<Session>(
    () => ({
      status,
      role: auth?.role ?? 'usuario',
      user,
      auth,
      login,
      logout,
      refresh,
      endedByLogout,
    }),
    [status, auth, user, login, logout, refresh, endedByLogout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
