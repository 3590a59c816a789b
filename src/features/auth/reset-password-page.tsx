/**
 * /auth/reset-password (spec §2, §4, §5, §8): email and token from the query string ("Link
 * inválido" without them), "Nova senha" and "Confirmar senha", "Salvar". Success hides the form
 * and offers the login; failure shows the server's words (a dead link also offers a new one).
 */
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { postResetPassword } from '../../data/auth';
import { ApiFailure } from '../../data/failure';
import { MSG } from '../../domain/messages';
import { checkPassword, type FieldErrors } from '../../domain/user-rules';
import { AUTH_TEXT } from '../../lib/texts/account-texts';
import { FormField } from '../../ui/form-field';
import { AuthCard } from './auth-card';
import './account.css';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const token = params.get('token')?.trim() ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {};
    const weak = checkPassword(password);
    if (weak) found.novaSenha = weak;
    if (password !== confirm) found.confirm = AUTH_TEXT.passwordsDiffer;
    setErrors(found);
    setFailure(null);
    if (weak || found.confirm) return;
    setBusy(true);
    try {
      await postResetPassword({ email, token, novaSenha: password });
      setDone(true);
    } catch (err) {
      const text = err instanceof ApiFailure && err.status ? err.message : AUTH_TEXT.resetFailed;
      if (err instanceof ApiFailure && err.field === 'novaSenha') setErrors({ novaSenha: text });
      else setFailure(text);
    } finally {
      setBusy(false);
    }
  }

  if (!email || !token) {
    return (
      <AuthCard title={AUTH_TEXT.resetTitle}>
        <p className="auth-notice auth-notice-error" role="alert">
          {AUTH_TEXT.resetLinkMissing}
        </p>
        <p className="auth-links">
          <Link to="/auth/forgot-password">Pedir um novo link</Link>
          <Link to="/login">Voltar para o login</Link>
        </p>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title={AUTH_TEXT.resetTitle}>
        <p className="auth-notice" role="status">
          {AUTH_TEXT.resetDone}
        </p>
        <Link to="/login" className="btn btn-primary btn-block">
          Entrar
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={AUTH_TEXT.resetTitle}>
      <p className="muted">
        Escolha uma nova senha para <strong>{email}</strong>.
      </p>
      <form onSubmit={submit} noValidate>
        <FormField
          label="Nova senha"
          name="novaSenha"
          revealable
          autoComplete="new-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors((x) => ({ ...x, novaSenha: undefined }));
          }}
          error={errors.novaSenha}
          // The rule is the one the server applies (checkPassword); shown before it is broken.
          hint={errors.novaSenha ? undefined : MSG.passwordWeak}
        />
        <FormField
          label="Confirmar senha"
          name="confirmarSenha"
          revealable
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => {
            setConfirm(e.target.value);
            setErrors((x) => ({ ...x, confirm: undefined }));
          }}
          error={errors.confirm}
        />
        {failure && (
          <p className="auth-notice auth-notice-error" role="alert">
            {failure} <Link to="/auth/forgot-password">Pedir um novo link</Link>
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          Salvar
        </button>
      </form>
      <p className="auth-links">
        <Link to="/login">Voltar para o login</Link>
      </p>
    </AuthCard>
  );
}
