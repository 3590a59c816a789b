/** /register (spec §2, §5): every rule from src/domain, server field errors under their field. */
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { postRegister } from '../../data/auth';
import { ApiFailure } from '../../data/failure';
import { maskCpf, maskPhone, onlyDigits } from '../../domain/masks';
import {
  type FieldErrors,
  TERMS_URL,
  TERMS_VERSION,
  validateRegistration,
} from '../../domain/user-rules';
import { AUTH_TEXT } from '../../lib/texts/account-texts';
import { useFlash } from '../../ui/flash';
import { FormField } from '../../ui/form-field';
import { AuthCard } from './auth-card';
import { authFailureText } from './auth-failure';

const EMPTY = { name: '', cpf: '', phone: '', email: '', password: '', confirmpassword: '' };

export default function RegisterPage({ after }: { after?: ReactNode }) {
  const flash = useFlash();
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY);
  const [agreeTerms, setAgreeTerms] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const set = (field: keyof typeof EMPTY, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateRegistration({ ...form, agreeTerms });
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      const answer = await postRegister({
        name: form.name.trim(),
        cpf: onlyDigits(form.cpf),
        phone: onlyDigits(form.phone),
        email: form.email.trim(),
        password: form.password,
        confirmpassword: form.confirmpassword,
        agreeTerms,
        acceptedTermsAt: new Date().toISOString(),
        acceptedTermsVersion: TERMS_VERSION,
        acceptedTermsUrl: TERMS_URL,
      });
      flash.success(answer.message);
      navigate('/login');
    } catch (err) {
      if (err instanceof ApiFailure && err.field) {
        setErrors({ [err.field]: err.message });
      } else {
        flash.error(authFailureText(err, AUTH_TEXT.registerFailed));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Cadastro de Usuário" after={after}>
      <form onSubmit={submit} noValidate>
        <FormField
          label="Nome"
          name="name"
          autoComplete="name"
          value={form.name}
          onChange={(e) => set('name', e.target.value)}
          error={errors.name}
        />
        <FormField
          label="CPF"
          name="cpf"
          inputMode="numeric"
          placeholder="000.000.000-00"
          value={form.cpf}
          onChange={(e) => set('cpf', maskCpf(e.target.value))}
          error={errors.cpf}
        />
        <FormField
          label="Telefone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="(00) 00000-0000"
          value={form.phone}
          onChange={(e) => set('phone', maskPhone(e.target.value))}
          error={errors.phone}
        />
        <FormField
          label="E-mail"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={form.email}
          onChange={(e) => set('email', e.target.value)}
          error={errors.email}
        />
        <FormField
          label="Senha"
          name="password"
          revealable
          autoComplete="new-password"
          value={form.password}
          onChange={(e) => set('password', e.target.value)}
          error={errors.password}
        />
        <FormField
          label="Confirmar senha"
          name="confirmpassword"
          revealable
          autoComplete="new-password"
          value={form.confirmpassword}
          onChange={(e) => set('confirmpassword', e.target.value)}
          error={errors.confirmpassword}
        />
        <div className={`field field-check${errors.agreeTerms ? ' field-error' : ''}`}>
          <input
            id="agreeTerms"
            type="checkbox"
            checked={agreeTerms}
            aria-invalid={errors.agreeTerms ? true : undefined}
            aria-describedby={errors.agreeTerms ? 'agreeTerms-erro' : undefined}
            onChange={(e) => {
              setAgreeTerms(e.target.checked);
              setErrors((x) => ({ ...x, agreeTerms: undefined }));
            }}
          />
          <label htmlFor="agreeTerms">
            Li e aceito os{' '}
            <a href={TERMS_URL} target="_blank" rel="noopener noreferrer">
              Termos de Uso
            </a>
          </label>
          {errors.agreeTerms && (
            <small id="agreeTerms-erro" className="field-message" role="alert">
              {errors.agreeTerms}
            </small>
          )}
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          Cadastrar
        </button>
      </form>
      <p className="auth-links">
        <Link to="/login">Já tem conta? Entrar</Link>
      </p>
    </AuthCard>
  );
}
