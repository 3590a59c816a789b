/** /login (spec §2): e-mail, password with show/hide, "Entrar", links to reset and register. */
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../../data/session';
import { AUTH_TEXT } from '../../lib/texts/account-texts';
import { useFlash } from '../../ui/flash';
import { FormField } from '../../ui/form-field';
import { safeNext } from './access';
import { AuthCard } from './auth-card';
import { authFailureText } from './auth-failure';

export default function LoginPage({ after }: { after?: ReactNode }) {
  const session = useSession();
  const flash = useFlash();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const from = (location.state as { from?: string } | null)?.from;
  const next = safeNext(from ?? new URLSearchParams(location.search).get('next'));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await session.login(email.trim(), password);
      flash.success('Login realizado com sucesso!');
      navigate(next, { replace: true });
    } catch (err) {
      flash.error(authFailureText(err, AUTH_TEXT.loginFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Entrar" after={after}>
      <form onSubmit={submit} noValidate>
        <FormField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <FormField
          label="Senha"
          name="password"
          revealable
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          Entrar
        </button>
      </form>
      <p className="auth-links">
        <Link to="/auth/forgot-password">Esqueci a senha</Link>
        <Link to="/register">Não tem conta? Cadastre-se</Link>
      </p>
    </AuthCard>
  );
}
