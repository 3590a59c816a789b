/**
 * /usuarios/edit/:id "Editar Usuário" (spec §2, §4): "Carregando..." until the account view is
 * loaded; the form ("Salvar") and, for admins, the "Papel do Usuário" box. The profile is saved
 * first (PATCH /users/:id, only what changed), then the role (PATCH /users/:id/role) if it
 * changed, then back to /meuusuario.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiFailure, failureText } from '../../data/failure';
import { useSession } from '../../data/session';
import {
  buildUserPayload,
  changedFields,
  patchUser,
  patchUserRole,
  useAccountUser,
} from '../../data/users';
import { maskCpf, maskPhone, onlyDigits } from '../../domain/masks';
import { can, canEver } from '../../domain/permissions';
import type { FieldErrors, Role } from '../../domain/user-rules';
import type { AccountUser } from '../../domain/user-types';
import { USER_TEXT } from '../../lib/texts/user-texts';
import { useFlash } from '../../ui/flash';
import { LoadError } from './load-error';
import { PersonalDataSection } from './personal-data-section';
import { RoleBox } from './role-box';
import { UserForm } from './user-form';
import { hasErrors, type UserFormValues, validateUserForm } from './user-form-rules';
import './users.css';

const FORM_FIELDS = new Set(['name', 'email', 'cpf', 'phone']);

function toValues(user: AccountUser): UserFormValues {
  return {
    name: user.name,
    email: user.email,
    cpf: maskCpf(user.cpf),
    phone: maskPhone(user.phone),
    role: user.role,
    password: '',
    confirmpassword: '',
  };
}

function EditForm({ user }: { user: AccountUser }) {
  const session = useSession();
  const flash = useFlash();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [role, setRole] = useState<Role>(user.role);
  const [busy, setBusy] = useState(false);
  const actor = session.auth ? { id: session.auth.userId, role: session.role } : null;
  const isAdmin = can(actor, 'user:manage');
  const isSelf = session.auth?.userId === user._id;

  async function submit(values: UserFormValues, image: File | null) {
    const found = validateUserForm(values, 'edit');
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const changes = changedFields(
        {
          name: values.name.trim(),
          email: values.email.trim(),
          cpf: onlyDigits(values.cpf),
          phone: onlyDigits(values.phone),
        },
        { name: user.name, email: user.email, cpf: user.cpf, phone: user.phone },
      );
      const saved = await patchUser(user._id, buildUserPayload(changes, image, false));
      let message = saved.message;
      if (isAdmin && role !== user.role) message = (await patchUserRole(user._id, role)).message;
      flash.success(message);
      // Editing oneself changes what the navbar and the session show.
      if (isSelf) await session.refresh();
      navigate('/meuusuario');
    } catch (err) {
      setBusy(false);
      if (
        err instanceof ApiFailure &&
        err.field &&
        (FORM_FIELDS.has(err.field) || err.field === 'role')
      ) {
        setErrors({ [err.field]: err.message });
      }
      flash.error(failureText(err, USER_TEXT.updateFailed, USER_TEXT.offline));
    }
  }

  return (
    <UserForm
      mode="edit"
      initial={toValues(user)}
      currentImage={user.image}
      errors={errors}
      busy={busy}
      submitLabel="Salvar"
      busyLabel="Salvando..."
      onEdit={(field) => setErrors((e) => ({ ...e, [field]: undefined }))}
      onSubmit={(values, image) => void submit(values, image)}
    >
      {isAdmin && (
        <RoleBox
          role={role}
          onChange={(next) => {
            setRole(next);
            setErrors((e) => ({ ...e, role: undefined }));
          }}
          // Changing one's own role could only take away managing users: the server refuses it.
          locked={isSelf && canEver({ id: user._id, role: user.role }, 'user:manage')}
          error={errors.role}
        />
      )}
    </UserForm>
  );
}

export default function UserEditPage() {
  const { id } = useParams();
  const flash = useFlash();
  const { state, retry } = useAccountUser(id);
  const session = useSession();
  const navigate = useNavigate();
  // One's own account is deleted from the profile, with its own words.
  const isSelf = session.auth?.userId === id;

  useEffect(() => {
    if (state.status === 'error') flash.error(state.message);
  }, [state, flash]);

  return (
    <section className="page user-page" aria-labelledby="user-edit-title">
      <h1 id="user-edit-title">{USER_TEXT.editTitle}</h1>
      {state.status === 'loading' && <p className="loading">Carregando...</p>}
      {state.status === 'error' && <LoadError state={state} onRetry={retry} />}
      {state.status === 'ready' && <EditForm key={state.user._id} user={state.user} />}
      {state.status === 'ready' && !isSelf && (
        <PersonalDataSection
          userId={state.user._id}
          self={false}
          onDeleted={(message) => {
            flash.success(message);
            navigate('/meuusuario');
          }}
        />
      )}
    </section>
  );
}
