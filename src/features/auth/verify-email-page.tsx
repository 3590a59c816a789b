/**
 * /auth/verify-email (spec §2, §4, §5, §8): reads token and email, verifies once on its own
 * ("Validando..."), shows the server's answer or the failure text, then says the page can be
 * closed. If the session open here belongs to this address, it is refreshed so the app knows
 * the e-mail is confirmed (and, for a changed e-mail, the new login address).
 */
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AUTH_TEXT } from '../../lib/texts/account-texts';
import { useLoad } from '../../lib/use-load';
import { AuthCard } from './auth-card';
import './account.css';
import { useSession } from '../../data/session';
import { isSessionOf, type VerifyResult, verifyOnce } from './verify-once';

export default function VerifyEmailPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  const missing = !token || !email;
  const verified = useLoad(missing ? null : () => verifyOnce(token, email), [token, email]).state;
  const result: VerifyResult | null = verified.phase === 'done' ? verified.value : null;
  const { status, user, auth, refresh } = session;
  const mine = status === 'authenticated' && isSessionOf(email, user, auth?.email);

  // Once per result; `mine` may turn true later, when the session check finishes.
  useEffect(() => {
    if (result?.ok && mine) void refresh();
  }, [result, mine, refresh]);

  const loggedIn = status === 'authenticated';
  return (
    <AuthCard title={AUTH_TEXT.verifyTitle}>
      {missing ? (
        <p className="auth-notice auth-notice-error" role="alert">
          {AUTH_TEXT.verifyLinkMissing}
        </p>
      ) : result === null ? (
        <p className="auth-notice" role="status" aria-busy="true">
          {AUTH_TEXT.verifying}
        </p>
      ) : (
        <p
          className={`auth-notice${result.ok ? ' auth-notice-ok' : ' auth-notice-error'}`}
          role={result.ok ? 'status' : 'alert'}
        >
          {result.message}
        </p>
      )}
      {(missing || result !== null) && <p className="muted">{AUTH_TEXT.verifyClose}</p>}
      <p className="auth-links">
        <Link to={loggedIn ? '/' : '/login'}>{loggedIn ? 'Ir para o início' : 'Entrar'}</Link>
      </p>
    </AuthCard>
  );
}
