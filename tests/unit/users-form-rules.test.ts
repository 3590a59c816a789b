/** The rules each user form applies (spec §5 "Admin user form", profile), from src/domain. */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { checkAvatarFile } from '../../src/features/users/avatar-file';
import {
  createBlocker,
  hasErrors,
  type UserFormValues,
  validateProfile,
  validateUserForm,
} from '../../src/features/users/user-form-rules';

const VALID: UserFormValues = {
  name: 'Joaquim Antônio',
  email: 'joaquim@exemplo.com.br',
  cpf: '529.982.247-25',
  phone: '(11) 98765-4321',
  role: 'concessionario',
  password: 'Saudade@2025',
  confirmpassword: 'Saudade@2025',
};

describe('createBlocker (alerts before any field rule)', () => {
  const base = { hasToken: true, role: 'admin' as const, password: 'a', confirmpassword: 'a' };
  it('asks for a login first, then for the admin role', () => {
    expect(createBlocker({ ...base, hasToken: false })).toBe(
      'Você precisa estar logado para criar usuários.',
    );
    expect(createBlocker({ ...base, role: 'concessionario' })).toBe(
      'Acesso restrito: somente administradores podem criar usuários.',
    );
  });
  it('needs both passwords, and equal ones', () => {
    expect(createBlocker({ ...base, confirmpassword: '' })).toBe(
      'Preencha a senha e a confirmação.',
    );
    expect(createBlocker({ ...base, password: '' })).toBe('Preencha a senha e a confirmação.');
    expect(createBlocker({ ...base, confirmpassword: 'b' })).toBe('As senhas não conferem.');
    expect(createBlocker(base)).toBeNull();
  });
});

describe('validateUserForm', () => {
  it('create: the registration rules, without the terms', () => {
    expect(validateUserForm(VALID, 'create')).toEqual({});
    const errors = validateUserForm(
      { ...VALID, name: ' ', cpf: '111.111.111-11', phone: '1199', password: 'fraca' },
      'create',
    );
    expect(errors).toEqual({
      name: MSG.nameRequired,
      cpf: MSG.cpfInvalid,
      phone: MSG.phoneInvalid,
      password: MSG.passwordWeak,
      confirmpassword: MSG.passwordMismatch,
    });
    expect('agreeTerms' in errors).toBe(false);
  });
  it('edit: name, e-mail, CPF and phone only (no password on this form)', () => {
    const errors = validateUserForm({ ...VALID, email: 'x@y', password: '' }, 'edit');
    expect(errors).toEqual({ email: MSG.emailInvalid });
  });
});

describe('validateProfile', () => {
  const profile = {
    name: 'Ana',
    email: 'ana@exemplo.com',
    phone: '(11) 3333-4444',
    password: '',
    confirmpassword: '',
  };
  it('a blank password keeps the current one', () => {
    expect(hasErrors(validateProfile(profile))).toBe(false);
  });
  it('a typed password must pass the rule and match', () => {
    expect(validateProfile({ ...profile, password: 'fraca', confirmpassword: 'fraca' })).toEqual({
      password: MSG.passwordWeak,
    });
    expect(
      validateProfile({ ...profile, password: 'Nova@2025', confirmpassword: 'Outra@2025' }),
    ).toEqual({ confirmpassword: MSG.passwordMismatch });
    expect(validateProfile({ ...profile, confirmpassword: 'Nova@2025' })).toEqual({
      password: MSG.passwordWeak,
      confirmpassword: MSG.passwordMismatch,
    });
  });
});

describe('checkAvatarFile', () => {
  it('refuses what is not an image, HEIC, and files over the shared limit', () => {
    expect(checkAvatarFile({ size: 10, type: 'image/png' })).toBeNull();
    expect(checkAvatarFile({ size: 10, type: 'application/pdf' })).toMatch(/não é uma imagem/);
    expect(checkAvatarFile({ size: 10, type: 'image/heic' })).toMatch(/HEIC/);
    expect(checkAvatarFile({ size: 11 * 1024 * 1024, type: 'image/jpeg' })).toMatch(/10 MB/);
  });
});
