import { describe, expect, it } from 'vitest';
import { isId, newId } from '../../src/domain/ids';
import { maskCpf, maskCpfPrivate, maskDate, maskPhone, onlyDigits } from '../../src/domain/masks';
import { MSG } from '../../src/domain/messages';
import {
  isStrongPassword,
  isValidCpf,
  isValidEmail,
  isValidPhone,
  readRole,
  validateRegistration,
} from '../../src/domain/user-rules';

describe('CPF', () => {
  it.each(['52998224725', '529.982.247-25', '11144477735', '000.000.001-91'])(
    'accepts %s (real check digits)',
    (cpf) => expect(isValidCpf(cpf)).toBe(true),
  );
  it.each([
    ['52998224724', 'wrong second digit'],
    ['52998224715', 'wrong first digit'],
    ['11111111111', 'all equal'],
    ['00000000000', 'all zero'],
    ['5299822472', 'ten digits'],
    ['529982247250', 'twelve digits'],
    ['', 'empty'],
  ])('refuses %s (%s)', (cpf) => expect(isValidCpf(cpf)).toBe(false));
});

describe('masks', () => {
  it('masks CPF progressively', () => {
    expect(maskCpf('529')).toBe('529');
    expect(maskCpf('5299')).toBe('529.9');
    expect(maskCpf('5299822')).toBe('529.982.2');
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('529982247259999')).toBe('529.982.247-25');
    expect(maskCpf('abc529x982')).toBe('529.982');
  });
  it('masks CPF for lists without showing it whole', () => {
    expect(maskCpfPrivate('52998224725')).toBe('***.982.247-**');
    expect(maskCpfPrivate('123')).toBe('');
  });
  it('masks phones with 10 and 11 digits', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone('1')).toBe('(1');
    expect(maskPhone('1133')).toBe('(11) 33');
    expect(maskPhone('1133334444')).toBe('(11) 3333-4444');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('119876543219')).toBe('(11) 98765-4321');
  });
  it('masks dates as DD/MM/AAAA with at most 8 digits', () => {
    expect(maskDate('0')).toBe('0');
    expect(maskDate('0103')).toBe('01/03');
    expect(maskDate('010319')).toBe('01/03/19');
    expect(maskDate('01031950999')).toBe('01/03/1950');
  });
  it('keeps only digits', () => expect(onlyDigits('(11) 9-8')).toBe('1198'));
});

describe('e-mail, phone, password', () => {
  it.each(['a@b.co', 'maria.silva@prefeitura.sp.gov.br', 'x+y@exemplo.com'])('e-mail %s ok', (e) =>
    expect(isValidEmail(e)).toBe(true),
  );
  it.each(['a@b.c', 'sem-arroba.com', 'a b@c.com', 'a@.com', '@exemplo.com', ''])(
    'e-mail %s refused',
    (e) => expect(isValidEmail(e)).toBe(false),
  );
  it('phone has 10 or 11 digits', () => {
    expect(isValidPhone('(11) 3333-4444')).toBe(true);
    expect(isValidPhone('11987654321')).toBe(true);
    expect(isValidPhone('113333444')).toBe(false);
    expect(isValidPhone('119876543210')).toBe(false);
  });
  it.each([
    ['Aa1!aa', true],
    ['Senha@123', true],
    ['Aa1!a', false],
    ['aa1!aaaa', false],
    ['AA1!AAAA', false],
    ['Aa!aaaaa', false],
    ['Aa1aaaaa', false],
    [`Aa1!${'a'.repeat(200)}`, false],
  ])('password %s → %s', (p, ok) => expect(isStrongPassword(p)).toBe(ok));
});

describe('validateRegistration', () => {
  const good = {
    name: 'José',
    cpf: '529.982.247-25',
    phone: '(11) 98765-4321',
    email: 'jose@exemplo.com',
    password: 'Senha@123',
    confirmpassword: 'Senha@123',
    agreeTerms: true,
  };
  it('passes a good form', () => expect(validateRegistration(good)).toEqual({}));
  it('reports every field with the spec texts', () => {
    expect(
      validateRegistration({
        name: ' ',
        cpf: '1',
        phone: '',
        email: 'x',
        password: 'a',
        confirmpassword: 'b',
        agreeTerms: false,
      }),
    ).toEqual({
      name: MSG.nameRequired,
      cpf: MSG.cpfInvalid,
      phone: MSG.phoneRequired,
      email: MSG.emailInvalid,
      password: MSG.passwordWeak,
      confirmpassword: MSG.passwordMismatch,
      agreeTerms: MSG.termsRequired,
    });
  });
  it('short phone has its own text', () =>
    expect(validateRegistration({ ...good, phone: '11 9876' }).phone).toBe(MSG.phoneInvalid));
});

describe('ids and roles', () => {
  it('makes 24-hex, time-ordered, distinct ids', () => {
    const a = newId(1_700_000_000_000);
    const b = newId(1_700_000_001_000);
    expect(isId(a)).toBe(true);
    expect(a < b).toBe(true);
    const many = new Set(Array.from({ length: 1000 }, () => newId()));
    expect(many.size).toBe(1000);
  });
  it('reads the role as the spec says', () => {
    expect(readRole({ role: 'ADMIN' })).toBe('admin');
    expect(readRole({ user: { role: 'Concessionario' } })).toBe('concessionario');
    expect(readRole({ roles: ['admin', 'usuario'] })).toBe('admin');
    expect(readRole({ role: 'root' })).toBe('usuario');
    expect(readRole(null)).toBe('usuario');
  });
});
