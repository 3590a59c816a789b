/**
 * Issues a link and e-mails it. Links point at the app's pages (PUBLIC_URL), which call the API:
 * /auth/verify-email?token&email and /auth/reset-password?token&email (spec §2).
 */
import type { AppContext } from '../../context';
import { issueToken, TOKEN_TTL_SECONDS } from './account-tokens';
import {
  emailChangeNotice,
  registrationAttemptMail,
  resetMail,
  verificationMail,
} from './mail-templates';

interface Recipient {
  id: string;
  name: string;
}

function accountLink(
  ctx: AppContext,
  page: 'verify-email' | 'reset-password',
  token: string,
  email: string,
): string {
  return `${ctx.config.publicUrl}/auth/${page}?token=${token}&email=${encodeURIComponent(email)}`;
}

export async function sendVerification(ctx: AppContext, user: Recipient, email: string) {
  const token = await issueToken(ctx.database.db, user.id, 'verify_email', email);
  const link = accountLink(ctx, 'verify-email', token, email);
  await ctx.mailer.send(
    verificationMail(email, user.name, link, TOKEN_TTL_SECONDS.verify_email / 3600),
  );
}

export async function sendReset(ctx: AppContext, user: Recipient, email: string) {
  const token = await issueToken(ctx.database.db, user.id, 'reset_password', email);
  const link = accountLink(ctx, 'reset-password', token, email);
  await ctx.mailer.send(resetMail(email, user.name, link, TOKEN_TTL_SECONDS.reset_password / 60));
}

/** Off the answer's path: a slow or absent SMTP server never fails a registration. */
export function queueVerification(ctx: AppContext, user: Recipient, email: string): void {
  ctx.background.run('verification e-mail', () => sendVerification(ctx, user, email));
}

export function queueEmailChangeNotice(
  ctx: AppContext,
  user: Recipient,
  oldEmail: string,
  newEmail: string,
): void {
  ctx.background.run('e-mail change notice', () =>
    ctx.mailer.send(emailChangeNotice(oldEmail, user.name, newEmail)),
  );
}

/**
 * Tells the owner of an e-mail or CPF that someone tried to register with it, with a reset link.
 * The link is written now, on the answer's path: a new account's answer waits for its insert, so
 * this answer waits for one write too and the two take about the same time. The e-mail goes off
 * the answer's path: a slow or absent SMTP server never fails or slows a registration.
 */
export async function noticeRegistrationAttempt(
  ctx: AppContext,
  user: Recipient & { email: string },
  what: 'email' | 'cpf',
) {
  const token = await issueToken(ctx.database.db, user.id, 'reset_password', user.email);
  const link = accountLink(ctx, 'reset-password', token, user.email);
  ctx.background.run('registration attempt notice', () =>
    ctx.mailer.send(
      registrationAttemptMail(
        user.email,
        user.name,
        what,
        link,
        TOKEN_TTL_SECONDS.reset_password / 60,
      ),
    ),
  );
}
