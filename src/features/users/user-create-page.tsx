/**
 * /usuarios/add "Novo Usuário" (spec §2, §5, §8): the alerts of the admin form first (session,
 * role, password pair), then the registration rules under the fields; multipart (a password
 * is always required here), empty values left out; on success back to /meuusuario.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiFailure, failureText } from '../../data/failure';
import { readToken, useSession } from '../../data/session';
import { buildUserPayload, postAdminCreate, wantsMultipart } from '../../data/users';
import { onlyDigits } from '../../domain/masks';
import type { FieldErrors } from '../../domain/user-rules';
import { USER_TEXT } from '../../lib/texts/user-texts';
import { useFlash } from '../../ui/flash';
import { UserForm } from './user-form';
import { createBlocker, hasErrors, type UserFormValues, validateUserForm } from './user-form-rules';
import './users.css';

const EMPTY: UserFormValues = {
  name: '',
  email: '',
  cpf: '',
  phone: '',
  role: 'usuario',
  password: '',
  confirmpassword: '',
};

const FORM_FIELDS = new Set(Object.keys(EMPTY));

/**
 * Spec §8 "Create user": status-specific texts; 422 with a details list shows the details
 * joined by new lines; else the server's words or the fallback.
 */
function createFailure(err: unknown): string {
  return failureText(
    err,
    {
      fallback: USER_TEXT.createFailed,
      401: USER_TEXT.createSessionExpired,
      403: USER_TEXT.createForbidden,
      409: USER_TEXT.createDuplicate,
      joinDetails: true,
    },
    USER_TEXT.offline,
  );
}

export default function UserCreatePage() {
  const session = useSession();
  const flash = useFlash();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(values: UserFormValues, image: File | null) {
    const blocked = createBlocker({
      hasToken: readToken() !== null,
      role: session.role,
      password: values.password,
      confirmpassword: values.confirmpassword,
    });
    if (blocked) {
      flash.error(blocked);
      return;
    }
    const found = validateUserForm(values, 'create');
    setErrors(found);
    if (hasErrors(found)) return;

    setBusy(true);
    try {
      const payload = buildUserPayload(
        {
          name: values.name.trim(),
          email: values.email.trim(),
          cpf: onlyDigits(values.cpf),
          phone: onlyDigits(values.phone),
          role: values.role,
          password: values.password,
          confirmpassword: values.confirmpassword,
        },
        image,
        wantsMultipart({ image, passwordRequired: true }),
      );
      const answer = await postAdminCreate(payload);
      flash.success(answer.message || USER_TEXT.created);
      navigate('/meuusuario');
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiFailure && err.field && FORM_FIELDS.has(err.field)) {
        setErrors({ [err.field]: err.message });
      }
      // 409 and 422 carry a field: the text goes under it, and the flash says what happened.
      flash.error(createFailure(err));
      // The session died server-side: re-check it, so the guard sends the person to /login.
      if (err instanceof ApiFailure && err.status === 401) await session.refresh();
    }
  }

  return (
    <section className="page user-page" aria-labelledby="user-create-title">
      <h1 id="user-create-title">{USER_TEXT.createTitle}</h1>
      <p className="muted">{USER_TEXT.createIntro}</p>
      <UserForm
        mode="create"
        initial={EMPTY}
        errors={errors}
        busy={busy}
        submitLabel="Cadastrar"
        busyLabel="Cadastrando..."
        onEdit={(field) => setErrors((e) => ({ ...e, [field]: undefined }))}
        onSubmit={(values, image) => void submit(values, image)}
      />
    </section>
  );
}
