/**
 * GET /users/:id as the person themself or an admin: the account view (CPF, phone, pending
 * e-mail). `useAccountUser` loads it for the profile and the edit screen.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiFailure, request } from '../../../data/api';
import type { AccountUser } from '../../../domain/user-types';
import { failureText } from '../failure-text';
import { USER_TEXT } from '../user-texts';

export function getAccountUser(id: string): Promise<AccountUser> {
  return request<AccountUser>(`users/${encodeURIComponent(id)}`, {
    method: 'get',
    fallback: USER_TEXT.loadFailed,
  });
}

export type AccountState =
  | { status: 'loading' }
  | { status: 'ready'; user: AccountUser }
  /** message: the spec's text; detail: the server's words or the offline text, when different. */
  | { status: 'error'; message: string; detail: string | null; retryable: boolean };

function loadFailure(err: unknown): AccountState {
  const detail = failureText(err, USER_TEXT.loadFailed);
  const status = err instanceof ApiFailure ? err.status : 0;
  return {
    status: 'error',
    message: USER_TEXT.loadFailed,
    detail: detail === USER_TEXT.loadFailed ? null : detail,
    // Offline or a server fault may pass; a missing or forbidden account will not.
    retryable: status === 0 || status >= 500,
  };
}

export function useAccountUser(id: string | undefined) {
  const [state, setState] = useState<AccountState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    if (!id) {
      setState({ status: 'error', message: USER_TEXT.loadFailed, detail: null, retryable: false });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    void getAccountUser(id).then(
      (user) => live && setState({ status: 'ready', user }),
      (err: unknown) => live && setState(loadFailure(err)),
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  /** After a save: show what the server answered without another round trip. */
  const replace = useCallback((user: AccountUser) => setState({ status: 'ready', user }), []);
  return { state, retry, replace };
}
