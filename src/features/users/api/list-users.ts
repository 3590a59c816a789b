/**
 * GET /users?q&limit=20 (spec §7): admins search everybody by name or e-mail (accent- and
 * case-insensitive on the server); anyone else gets only their own entry.
 */
import { useCallback, useEffect, useState } from 'react';
import { request } from '../../../data/api';
import type { UserListItem } from '../../../domain/user-types';
import { failureText } from '../failure-text';
import { USER_TEXT } from '../user-texts';

export const USER_SEARCH_LIMIT = 20;

export function getUsers(q: string): Promise<UserListItem[]> {
  const term = q.trim();
  return request<UserListItem[]>('users', {
    method: 'get',
    searchParams: term ? { q: term, limit: USER_SEARCH_LIMIT } : { limit: USER_SEARCH_LIMIT },
    fallback: USER_TEXT.listFailed,
  });
}

export type UserListState =
  | { status: 'loading' }
  | { status: 'ready'; users: UserListItem[] }
  | { status: 'error'; message: string };

/** The list for the applied term; `reload` asks again (the same term searched twice). */
export function useUserList(query: string) {
  const [state, setState] = useState<UserListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reload trigger
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    void getUsers(query).then(
      (users) => live && setState({ status: 'ready', users }),
      (err: unknown) =>
        live && setState({ status: 'error', message: failureText(err, USER_TEXT.listFailed) }),
    );
    return () => {
      live = false;
    };
  }, [query, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  /** Drops a deleted user without asking the server again. */
  const drop = useCallback(
    (id: string) =>
      setState((s) =>
        s.status === 'ready' ? { status: 'ready', users: s.users.filter((u) => u._id !== id) } : s,
      ),
    [],
  );
  return { state, reload, drop };
}
