/**
 * The three calls of the first slice: login, register, current-user check (spec §7); and the
 * server's half of "Sair", which the spec leaves to the device alone.
 */

import { HTTPError } from 'ky';
import type { CurrentUser, LoginAnswer } from '../../domain/types';
import type { LoginRequest, RegisterRequest } from '../../domain/user-types';
import { AUTH_TEXT } from '../../lib/texts/account-texts';
import { api, request } from '../api';

export function postLogin(email: string, password: string): Promise<LoginAnswer> {
  return request<LoginAnswer>('users/login', {
    method: 'post',
    json: { email, password } satisfies LoginRequest,
    fallback: AUTH_TEXT.loginFailed,
  });
}

export function postRegister(payload: RegisterRequest): Promise<{ message: string }> {
  return request<{ message: string }>('users/register', {
    method: 'post',
    json: payload,
    fallback: AUTH_TEXT.registerFailed,
  });
}

/** Answers the user (user, currentUser, or the object itself, as spec §7 allows). */
export async function getCurrentUser(token?: string): Promise<CurrentUser> {
  const answer = await request<Record<string, unknown>>('users/checkuser', {
    method: 'get',
    headers: token ? { authorization: `Bearer ${token}` } : undefined,
    fallback: 'Falha ao checar usuário.',
  });
  const user = (answer.user ?? answer.currentUser ?? answer) as CurrentUser & {
    roles?: string[];
  };
  return user;
}

/**
 * Asks the server to refuse `token` from now on (docs/decisions/0184-logout-ends-the-token.md).
 * The device has already dropped it, so nothing waits for the answer; without signal it is
 * asked again when the signal comes back, while this page lives. Any answer ends it: a token
 * already refused (401) needs nothing more.
 */
export function endTokenOnServer(token: string): void {
  const send = () =>
    api
      .post('users/logout', { headers: { authorization: `Bearer ${token}` }, keepalive: true })
      .catch((err: unknown) => {
        if (!(err instanceof HTTPError))
          window.addEventListener('online', () => void send(), { once: true });
      });
  void send();
}
