/**
 * The verification link's token is single use, so the page must call the server exactly once
 * per link, even when React StrictMode runs the effect twice or the page re-mounts: the first
 * call's promise is kept here by token+email and every later caller shares it.
 */

import { getVerifyEmail } from '../../data/auth';
import { ApiFailure } from '../../data/failure';
import { AUTH_TEXT } from '../../lib/texts/account-texts';

export type VerifyResult = { ok: true; message: string } | { ok: false; message: string };

const calls = new Map<string, Promise<VerifyResult>>();

export function verifyOnce(
  token: string,
  email: string,
  call: typeof getVerifyEmail = getVerifyEmail,
): Promise<VerifyResult> {
  const key = `${token}\n${email}`;
  let pending = calls.get(key);
  if (!pending) {
    pending = call(token, email).then(
      (answer): VerifyResult => ({ ok: true, message: answer.message }),
      (err: unknown): VerifyResult => ({
        ok: false,
        message:
          err instanceof ApiFailure && err.status && err.message
            ? err.message
            : AUTH_TEXT.verifyFailed,
      }),
    );
    calls.set(key, pending);
  }
  return pending;
}

/** True when the link's address is the logged-in person's login or pending address. */
export function isSessionOf(
  email: string,
  user: { email: string; pendingEmail?: string | null } | null,
  storedEmail: string | undefined,
): boolean {
  const target = email.trim().toLowerCase();
  const mine = [user?.email, user?.pendingEmail, storedEmail];
  return mine.some((e) => typeof e === 'string' && e.trim().toLowerCase() === target);
}
