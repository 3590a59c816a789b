/**
 * /user/profile "Perfil" (spec §2, §7, §8): avatar, then photo, name, e-mail, phone and an
 * optional new password, sent as multipart to PATCH /users/edit/{id} (only what changed; blank
 * passwords left out). When the answer carries a token (own password changed, every other
 * session ended) it becomes the stored session token at once. An own e-mail change waits for
 * its link; the state and a resend button show in EmailStatus.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiFailure, failureText } from '../../data/failure';
import { replaceStoredToken, useSession } from '../../data/session';
import { buildUserPayload, changedFields, patchProfile, useAccountUser } from '../../data/users';
import { maskPhone, onlyDigits } from '../../domain/masks';
import { canEver } from '../../domain/permissions';
import type { FieldErrors } from '../../domain/user-rules';
import type { AccountUser } from '../../domain/user-types';
import { USER_TEXT } from '../../lib/texts/user-texts';
import { useFlash } from '../../ui/flash';
import { FormField } from '../../ui/form-field';
import { CalendarLinkSection } from './calendar-link-section';
import { EmailStatus } from './email-status';
import { LoadError } from './load-error';
import { MyRequestsSection } from './my-requests-section';
import { PersonalDataSection } from './personal-data-section';
import { PhotoField, useImagePreview } from './photo-field';
import { ReregSection } from './rereg-section';
import { avatarUrl } from './user-avatar';
import { hasErrors, type ProfileValues, validateProfile } from './user-form-rules';
import './users.css';

const FIELDS = new Set(['name', 'email', 'phone', 'password', 'confirmpassword']);

function ProfileForm({ user, onSaved }: { user: AccountUser; onSaved(user: AccountUser): void }) {
  const session = useSession();
  const flash = useFlash();
  const [values, setValues] = useState<ProfileValues>({
    name: user.name,
    email: user.email,
    phone: maskPhone(user.phone),
    password: '',
    confirmpassword: '',
  });
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [detail, setDetail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const preview = useImagePreview(image);

  const set = (field: keyof ProfileValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateProfile(values);
    setErrors(found);
    setDetail(null);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const fields = {
        ...changedFields(
          { name: values.name.trim(), email: values.email.trim(), phone: onlyDigits(values.phone) },
          { name: user.name, email: user.email, phone: user.phone },
        ),
        password: values.password,
        confirmpassword: values.confirmpassword,
      };
      const answer = await patchProfile(user._id, buildUserPayload(fields, image, true));
      if (answer.token) replaceStoredToken(answer.token);
      flash.success(answer.message);
      onSaved(answer.user);
      // New name, photo or token: the session and the navbar follow.
      await session.refresh();
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiFailure && err.field && FIELDS.has(err.field)) {
        setErrors({ [err.field]: err.message });
      } else {
        const text = failureText(err, USER_TEXT.updateFailed, USER_TEXT.offline);
        if (text !== USER_TEXT.updateFailed) setDetail(text);
      }
      flash.error(USER_TEXT.updateFailed);
    }
  }

  return (
    <>
      <div className="user-profile-head">
        <img
          className="user-profile-avatar"
          src={preview ?? avatarUrl(user.image)}
          alt={preview ? 'Pré-visualização da nova foto' : `Foto de ${user.name}`}
          width={128}
          height={128}
        />
        <div>
          <h1 id="profile-title">{USER_TEXT.profileTitle}</h1>
          <p className="muted">{user.email}</p>
        </div>
      </div>
      <EmailStatus user={user} />
      <form className="user-form" onSubmit={submit} noValidate aria-busy={busy}>
        <fieldset disabled={busy}>
          <PhotoField file={image} onChange={setImage} showPreview={false} />
          <FormField
            label="Nome"
            name="name"
            autoComplete="name"
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            error={errors.name}
          />
          <FormField
            label="E-mail"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
            error={errors.email}
          />
          <FormField
            label="Telefone"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="(00) 00000-0000"
            value={values.phone}
            onChange={(e) => set('phone', maskPhone(e.target.value))}
            error={errors.phone}
          />
          <div className="user-field-row">
            <FormField
              label="Senha"
              name="password"
              revealable
              autoComplete="new-password"
              value={values.password}
              onChange={(e) => set('password', e.target.value)}
              error={errors.password}
              hint={USER_TEXT.passwordHint}
            />
            <FormField
              label="Confirmar senha"
              name="confirmpassword"
              revealable
              autoComplete="new-password"
              value={values.confirmpassword}
              onChange={(e) => set('confirmpassword', e.target.value)}
              error={errors.confirmpassword}
            />
          </div>
          {detail && (
            <p className="user-form-error" role="alert">
              {detail}
            </p>
          )}
          <button type="submit" className="btn btn-primary user-form-submit">
            Editar
          </button>
        </fieldset>
      </form>
    </>
  );
}

export default function ProfilePage() {
  const session = useSession();
  const flash = useFlash();
  const navigate = useNavigate();
  const { state, retry, replace } = useAccountUser(session.auth?.userId);
  // Each save starts a fresh form from the server's answer (blank passwords, no chosen file).
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (state.status === 'error') flash.error(state.message);
  }, [state, flash]);

  return (
    <section className="page user-page user-profile-page" aria-labelledby="profile-title">
      {state.status === 'loading' && (
        <>
          <h1 id="profile-title">{USER_TEXT.profileTitle}</h1>
          <p className="loading">Carregando...</p>
        </>
      )}
      {state.status === 'error' && (
        <>
          <h1 id="profile-title">{USER_TEXT.profileTitle}</h1>
          <LoadError state={state} onRetry={retry} />
        </>
      )}
      {state.status === 'ready' && (
        <>
          <ProfileForm
            key={`${state.user._id}-${version}`}
            user={state.user}
            onSaved={(user) => {
              replace(user);
              setVersion((v) => v + 1);
            }}
          />
          <ReregSection userId={state.user._id} />
          <MyRequestsSection />
          {canEver({ id: '', role: session.role }, 'order:work') && <CalendarLinkSection />}
          <PersonalDataSection
            userId={state.user._id}
            self
            onDeleted={(message) => {
              flash.success(message);
              session.logout();
              navigate('/login');
            }}
          />
        </>
      )}
    </section>
  );
}
