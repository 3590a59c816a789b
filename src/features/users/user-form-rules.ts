/**
 * Which rules each user form applies, composed from src/domain/user-rules.ts (one copy of every
 * rule): the admin form (spec §5 "Admin user form"; create = registration rules without the
 * terms, as the server's admin-create does) and the profile form.
 */

import { MSG } from '../../domain/messages';
import { canEver } from '../../domain/permissions';
import {
  checkCpf,
  checkEmail,
  checkName,
  checkPassword,
  checkPhone,
  type FieldErrors,
  type Role,
  validateRegistration,
} from '../../domain/user-rules';
import { AUTH_TEXT } from '../../lib/texts/account-texts';
import { USER_TEXT } from '../../lib/texts/user-texts';

export interface UserFormValues {
  name: string;
  email: string;
  cpf: string;
  phone: string;
  role: Role;
  password: string;
  confirmpassword: string;
}

export type UserFormMode = 'create' | 'edit';

function gather(checks: [field: string, message: string | null][]): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, message] of checks) if (message) errors[field] = message;
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/** Field → message for the admin form; the terms do not apply (the person did not sign up). */
export function validateUserForm(values: UserFormValues, mode: UserFormMode): FieldErrors {
  if (mode === 'create') {
    const { agreeTerms: _terms, ...rest } = validateRegistration({ ...values, agreeTerms: true });
    return rest;
  }
  return gather([
    ['name', checkName(values.name)],
    ['email', checkEmail(values.email)],
    ['cpf', checkCpf(values.cpf)],
    ['phone', checkPhone(values.phone)],
  ]);
}

/**
 * The alerts that block creation before any field rule (spec §5 "Admin user form"), or null.
 * No session is said first: without one the role is only the default "usuario".
 */
export function createBlocker(input: {
  hasToken: boolean;
  role: Role;
  password: string;
  confirmpassword: string;
}): string | null {
  if (!input.hasToken) return USER_TEXT.createNeedsLogin;
  // Only the role is known here (canEver looks at nothing else).
  if (!canEver({ id: '', role: input.role }, 'user:manage')) return USER_TEXT.createAdminOnly;
  if (!input.password || !input.confirmpassword) return USER_TEXT.passwordNeedsConfirmation;
  if (input.password !== input.confirmpassword) return AUTH_TEXT.passwordsDiffer;
  return null;
}

export interface ProfileValues {
  name: string;
  email: string;
  phone: string;
  password: string;
  confirmpassword: string;
}

/** The profile: a blank password keeps the current one; a typed one must pass the rule. */
export function validateProfile(values: ProfileValues): FieldErrors {
  const changingPassword = values.password !== '' || values.confirmpassword !== '';
  return gather([
    ['name', checkName(values.name)],
    ['email', checkEmail(values.email)],
    ['phone', checkPhone(values.phone)],
    ['password', changingPassword ? checkPassword(values.password) : null],
    [
      'confirmpassword',
      changingPassword && values.password !== values.confirmpassword ? MSG.passwordMismatch : null,
    ],
  ]);
}
