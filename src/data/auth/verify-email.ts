/** GET /users/verify-email and POST /users/resend-verification (spec §7). */

import { AUTH_TEXT } from '../../lib/texts/account-texts';
import { request } from '../api';

export interface MessageAnswer {
  message: string;
}

export function getVerifyEmail(token: string, email: string): Promise<MessageAnswer> {
  return request<MessageAnswer>('users/verify-email', {
    method: 'get',
    searchParams: { token, email },
    fallback: AUTH_TEXT.verifyFailed,
  });
}

/** With a session and no body: the link goes to the person's own address waiting to be confirmed. */
export function postResendVerification(fallback: string): Promise<MessageAnswer> {
  return request<MessageAnswer>('users/resend-verification', { method: 'post', fallback });
}
