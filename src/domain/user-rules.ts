/**
 * Account rules of spec §5, one copy for the browser forms and the server (docs/engineering.md#one-copy-of-each-rule).
 * Each check answers the spec's message or null; `validateRegistration` gathers them by field.
 */
import { onlyDigits } from './masks';
import { MSG } from './messages';

export const ROLES = ['usuario', 'concessionario', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const TERMS_VERSION = '1.0';
export const TERMS_URL = '/termos-de-uso.html';

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Role as the spec reads it: role, user.role or roles[0], lower-cased, default usuario. */
export function readRole(source: unknown): Role {
  const s = (source ?? {}) as { role?: unknown; roles?: unknown; user?: { role?: unknown } };
  const raw = s.role ?? s.user?.role ?? (Array.isArray(s.roles) ? s.roles[0] : undefined);
  const lower = typeof raw === 'string' ? raw.toLowerCase() : '';
  return isRole(lower) ? lower : 'usuario';
}

/** CPF with real check digits; all-equal sequences (111.111.111-11) are refused. */
export function isValidCpf(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  const digits = [...d].map(Number);
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += (digits[i] as number) * (len + 1 - i);
    const check = ((sum * 10) % 11) % 10;
    if (check !== digits[len]) return false;
  }
  return true;
}

/** local@domain.tld with a top-level part of at least 2 characters; no spaces. */
const emailRegex = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/;
export const EMAIL_MAX = 254;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && emailRegex.test(value.trim());
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export function isValidPhone(value: string): boolean {
  const d = onlyDigits(value);
  return d.length >= 10 && d.length <= 11;
}

/** The cap keeps Argon2 work bounded; 128 characters is more than any passphrase needs. */
export const PASSWORD_MAX = 128;

export function isStrongPassword(value: string): boolean {
  return (
    value.length >= 6 &&
    value.length <= PASSWORD_MAX &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /\d/.test(value) &&
    /[^A-Za-z0-9]/.test(value)
  );
}

export const NAME_MAX = 120;

export type FieldErrors = Partial<Record<string, string>>;

export interface RegistrationInput {
  name?: string;
  cpf?: string;
  phone?: string;
  email?: string;
  password?: string;
  confirmpassword?: string;
  agreeTerms?: boolean;
}

export function checkName(name: string | undefined): string | null {
  const n = (name ?? '').trim();
  if (!n) return MSG.nameRequired;
  if (n.length > NAME_MAX) return `O nome deve ter no máximo ${NAME_MAX} caracteres`;
  return null;
}

export function checkCpf(cpf: string | undefined): string | null {
  return isValidCpf(cpf ?? '') ? null : MSG.cpfInvalid;
}

export function checkEmail(email: string | undefined): string | null {
  return isValidEmail(email ?? '') ? null : MSG.emailInvalid;
}

export function checkPhone(phone: string | undefined): string | null {
  if (!onlyDigits(phone ?? '')) return MSG.phoneRequired;
  return isValidPhone(phone ?? '') ? null : MSG.phoneInvalid;
}

export function checkPassword(password: string | undefined): string | null {
  return isStrongPassword(password ?? '') ? null : MSG.passwordWeak;
}

/**
 * An `image` text that names no photo: spec §7's "missing, empty, null, undefined or /", also
 * as the words a form makes of a missing value ("null", "undefined"). Echoed back, it changes
 * nothing.
 */
export function namesNoImage(value: string | null | undefined): boolean {
  if (value === null || value === undefined) return true;
  const v = value.trim().toLowerCase();
  return v === '' || v === '/' || v === 'null' || v === 'undefined';
}

/** Field → message for every rule the registration form and POST /users/register share. */
export function validateRegistration(input: RegistrationInput): FieldErrors {
  const errors: FieldErrors = {};
  const put = (field: string, message: string | null) => {
    if (message && !errors[field]) errors[field] = message;
  };
  put('name', checkName(input.name));
  put('cpf', checkCpf(input.cpf));
  put('phone', checkPhone(input.phone));
  put('email', checkEmail(input.email));
  put('password', checkPassword(input.password));
  if ((input.password ?? '') !== (input.confirmpassword ?? '')) {
    put('confirmpassword', MSG.passwordMismatch);
  }
  if (input.agreeTerms !== true) put('agreeTerms', MSG.termsRequired);
  return errors;
}

export function firstError(errors: FieldErrors): { field: string; message: string } | null {
  for (const [field, message] of Object.entries(errors)) {
    if (message) return { field, message };
  }
  return null;
}
