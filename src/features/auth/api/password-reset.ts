/** POST /users/forgot-password and POST /users/reset-password (spec §7). */
import { request } from '../../../data/api';
import { AUTH_TEXT } from '../account-texts';
import type { MessageAnswer } from './verify-email';

export function postForgotPassword(email: string): Promise<MessageAnswer> {
  return request<MessageAnswer>('users/forgot-password', {
    method: 'post',
    json: { email },
    fallback: AUTH_TEXT.forgotAnswer,
  });
}

export interface ResetInput {
  email: string;
  token: string;
  novaSenha: string;
}

export function postResetPassword(input: ResetInput): Promise<MessageAnswer> {
  return request<MessageAnswer>('users/reset-password', {
    method: 'post',
    json: input,
    fallback: AUTH_TEXT.resetFailed,
  });
}
