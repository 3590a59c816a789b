/**
 * The profile's e-mail state: unconfirmed address and/or a new address waiting for its link,
 * with "Reenviar link de confirmação" (POST /users/resend-verification with the session, no
 * body: the server sends to the address that waits and says where).
 */
import { useState } from 'react';
import { postResendVerification } from '../../data/auth';
import { failureText } from '../../data/failure';
import type { AccountUser } from '../../domain/user-types';
import { USER_TEXT } from '../../lib/texts/user-texts';
import { useFlash } from '../../ui/flash';

export function EmailStatus({ user }: { user: AccountUser }) {
  const flash = useFlash();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  if (user.emailVerified && !user.pendingEmail) return null;

  async function resend() {
    setBusy(true);
    try {
      const answer = await postResendVerification(USER_TEXT.resendFailed);
      // Shown in the box (not a 3 s flash): it says where to look for the link.
      setSent(answer.message);
    } catch (err) {
      flash.error(failureText(err, USER_TEXT.resendFailed, USER_TEXT.offline));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="user-email-status" role="status">
      {!user.emailVerified && <p>{USER_TEXT.unverified}</p>}
      {user.pendingEmail && (
        <p>
          Novo e-mail aguardando confirmação: <strong>{user.pendingEmail}</strong>. Até a
          confirmação, seu e-mail atual continua valendo.
        </p>
      )}
      {sent && <p className="user-email-status-sent">{sent}</p>}
      <button type="button" className="btn" disabled={busy} onClick={() => void resend()}>
        {USER_TEXT.resend}
      </button>
    </div>
  );
}
