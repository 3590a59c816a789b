/**
 * /auth/forgot-password "Recuperar senha" (spec §2, §8): e-mail, "Enviar" ("Enviando..."). The
 * answer is always the same sentence, even on error, so the screen never tells whether an
 * address has an account (the server answers alike and in about the same time).
 */
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { postForgotPassword } from '../../data/auth';
import { checkEmail } from '../../domain/user-rules';
import { AUTH_TEXT } from '../../lib/texts/account-texts';
import { FormField } from '../../ui/form-field';
import { AuthCard } from './auth-card';
import './account.css';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // A malformed address is a typing slip, not an answer about accounts: say it at the field.
    const problem = checkEmail(email);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await postForgotPassword(email.trim());
    } catch {
      // Deliberately ignored (spec §8): the same sentence shows whatever happened.
    } finally {
      setBusy(false);
      setDone(true);
    }
  }

  return (
    <AuthCard title={AUTH_TEXT.forgotTitle}>
      <p className="muted">
        Informe o e-mail da sua conta. Se ele estiver cadastrado, enviaremos um link para criar uma
        nova senha.
      </p>
      <form onSubmit={submit} noValidate>
        <FormField
          label="E-mail"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(null);
          }}
          error={error}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? 'Enviando...' : 'Enviar'}
        </button>
      </form>
      {done && (
        <p className="auth-notice" role="status">
          {AUTH_TEXT.forgotAnswer}
        </p>
      )}
      <p className="auth-links">
        <Link to="/login">Voltar para o login</Link>
      </p>
    </AuthCard>
  );
}
