/**
 * The admin's user form (spec §2 "User form"): avatar preview or "Sem foto", "Foto (JPG/PNG)",
 * Nome, E-mail, CPF and Telefone (masked, marked required), "Papel" when the role is edited
 * here, and in create mode Senha and Confirmar Senha with show/hide. Native validation is off:
 * the page validates with src/domain rules and passes the errors back in.
 */
import { type FormEvent, type ReactNode, useState } from 'react';
import { maskCpf, maskPhone } from '../../domain/masks';
import { type FieldErrors, isRole, ROLES } from '../../domain/user-rules';
import { ROLE_LABEL } from '../../lib/texts/user-texts';
import { FormField } from '../../ui/form-field';
import { PhotoField } from './photo-field';
import type { UserFormMode, UserFormValues } from './user-form-rules';

interface UserFormProps {
  mode: UserFormMode;
  initial: UserFormValues;
  /** The stored photo (edit mode). */
  currentImage?: string | null;
  /** The "Papel" select; create mode shows it always. */
  showRole?: boolean;
  errors: FieldErrors;
  busy: boolean;
  submitLabel: string;
  busyLabel?: string;
  /** A field changed: the page clears its error. */
  onEdit(field: keyof UserFormValues): void;
  onSubmit(values: UserFormValues, image: File | null): void;
  /** Shown after the fields, before the button (the edit screen's role box). */
  children?: ReactNode;
}

export function UserForm(props: UserFormProps) {
  const { mode, initial, errors, busy, onEdit } = props;
  const [values, setValues] = useState<UserFormValues>(initial);
  const [image, setImage] = useState<File | null>(null);
  const showRole = mode === 'create' || props.showRole === true;

  const set = (field: keyof UserFormValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    onEdit(field);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy) props.onSubmit(values, image);
  }

  return (
    <form className="user-form" onSubmit={submit} noValidate aria-busy={busy}>
      <fieldset disabled={busy}>
        <PhotoField file={image} onChange={setImage} current={props.currentImage} />
        <FormField
          label="Nome"
          name="name"
          required
          autoComplete="off"
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          error={errors.name}
        />
        <FormField
          label="E-mail"
          name="email"
          type="email"
          inputMode="email"
          required
          autoComplete="off"
          value={values.email}
          onChange={(e) => set('email', e.target.value)}
          error={errors.email}
        />
        <div className="user-field-row">
          <FormField
            label="CPF"
            name="cpf"
            inputMode="numeric"
            placeholder="000.000.000-00"
            required
            autoComplete="off"
            value={values.cpf}
            onChange={(e) => set('cpf', maskCpf(e.target.value))}
            error={errors.cpf}
          />
          <FormField
            label="Telefone"
            name="phone"
            type="tel"
            inputMode="tel"
            placeholder="(00) 00000-0000"
            required
            autoComplete="off"
            value={values.phone}
            onChange={(e) => set('phone', maskPhone(e.target.value))}
            error={errors.phone}
          />
        </div>
        {showRole && (
          <div className={`field${errors.role ? ' field-error' : ''}`}>
            <label htmlFor="user-role">Papel</label>
            <select
              id="user-role"
              name="role"
              value={values.role}
              onChange={(e) => isRole(e.target.value) && set('role', e.target.value)}
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABEL[role]}
                </option>
              ))}
            </select>
            {errors.role && <small className="field-message">{errors.role}</small>}
          </div>
        )}
        {mode === 'create' && (
          <div className="user-field-row">
            <FormField
              label="Senha"
              name="password"
              revealable
              autoComplete="new-password"
              value={values.password}
              onChange={(e) => set('password', e.target.value)}
              error={errors.password}
            />
            <FormField
              label="Confirmar Senha"
              name="confirmpassword"
              revealable
              autoComplete="new-password"
              value={values.confirmpassword}
              onChange={(e) => set('confirmpassword', e.target.value)}
              error={errors.confirmpassword}
            />
          </div>
        )}
        {props.children}
        <button type="submit" className="btn btn-primary user-form-submit">
          {busy && props.busyLabel ? props.busyLabel : props.submitLabel}
        </button>
      </fieldset>
    </form>
  );
}
