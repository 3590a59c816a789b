/**
 * GET /users/:id as the person themself or an admin: the account view (CPF, phone, pending
 * e-mail). `useAccountUser` loads it for the profile and the edit screen.
 */
import { useCallback } from 'react';
import type { AccountUser } from '../../domain/user-types';
import { USER_TEXT } from '../../lib/texts/user-texts';
import { useLoad } from '../../lib/use-load';
import { request } from '../api';
import { ApiFailure, failureText } from '../failure';

function getAccountUser(id: string): Promise<AccountUser> {
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
  const detail = failureText(err, USER_TEXT.loadFailed, USER_TEXT.offline);
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
  const { state: load, reload, setValue } = useLoad(id ? () => getAccountUser(id) : null, [id]);
  const state: AccountState =
    load.phase === 'done'
      ? { status: 'ready', user: load.value }
      : load.phase === 'failed'
        ? loadFailure(load.error)
        : load.phase === 'idle'
          ? { status: 'error', message: USER_TEXT.loadFailed, detail: null, retryable: false }
          : { status: 'loading' };
  /** After a save: show what the server answered without another round trip. */
  const replace = useCallback((user: AccountUser) => setValue(user), [setValue]);
  return { state, retry: reload, replace };
}
