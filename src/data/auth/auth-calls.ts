/** The three calls of the first slice: login, register, current-user check (spec §7). */

import type { CurrentUser, LoginAnswer } from '../../domain/types';
import type { LoginRequest, RegisterRequest } from '../../domain/user-types';
import { AUTH_TEXT } from '../../lib/texts/account-texts';
import { request } from '../api';

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
