/**
 * /login (spec §2): e-mail, password with show/hide, "Entrar", links to reset and register.
 * The server renders it too (docs/decisions/0176-login-and-cemetery-pages-rendered-by-the-server.md):
 * the form is method="post" to /login, so one sent before the app's code runs (or without it)
 * never puts the password in a URL; the server answers with this page again and a notice
 * (the page's data) saying the app is needed to sign in. With the app, the submit is its own.
 */
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { usePublicData } from '../../data/public-data';
import { useSession } from '../../data/session';
import { AUTH_TEXT } from '../../lib/texts/account-texts';
import { useFlash } from '../../ui/flash';
import { FormField } from '../../ui/form-field';
import { safeNext } from './access';
import { AuthCard } from './auth-card';
import { authFailureText } from './auth-failure';

/** The page's heading, which titles the document (the server's render titles it alike). */
export const LOGIN_TITLE = 'Entrar';

export default function LoginPage({ after }: { after?: ReactNode }) {
  const session = useSession();
  const page = usePublicData();
  const flash = useFlash();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const from = (location.state as { from?: string } | null)?.from;
  const next = safeNext(from ?? new URLSearchParams(location.search).get('next'));
  // Said by the server's answer to a form sent without the app: only on the entry it came with.
  const notice = page?.kind === 'login' && location.key === 'default' ? page.notice : null;

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
    <AuthCard title={LOGIN_TITLE} after={after}>
      {notice && (
        <p className="form-alert" role="alert">
          {notice}
        </p>
      )}
      <form onSubmit={submit} noValidate method="post" action={`/login${location.search}`}>
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
