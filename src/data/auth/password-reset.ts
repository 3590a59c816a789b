/** POST /users/forgot-password and POST /users/reset-password (spec §7). */

import type { ResetPasswordRequest } from '../../domain/user-types';
import { AUTH_TEXT } from '../../lib/texts/account-texts';
import { request } from '../api';
import type { MessageAnswer } from './verify-email';

export function postForgotPassword(email: string): Promise<MessageAnswer> {
  return request<MessageAnswer>('users/forgot-password', {
    method: 'post',
    json: { email },
    fallback: AUTH_TEXT.forgotAnswer,
  });
}

export function postResetPassword(input: ResetPasswordRequest): Promise<MessageAnswer> {
  return request<MessageAnswer>('users/reset-password', {
    method: 'post',
    json: input,
    fallback: AUTH_TEXT.resetFailed,
  });
}
