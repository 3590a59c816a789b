/**
 * From the original app's documents (backend/models/User.js and Sepultado.js of the Express +
 * MongoDB app) to Memorial's rows: pure functions, no database. This file: the value readers
 * both collections share, and the accounts; legacy-burials-map.ts: records and their tributes.
 * Every value that cannot be kept as it is becomes a Problem; docs/decisions.md "Importing the
 * original app's data" says what each broken value becomes and why.
 */

import { parseDate } from '../../../src/domain/burial-dates';
import { isId } from '../../../src/domain/ids';
import { onlyDigits } from '../../../src/domain/masks';
import {
  isRole,
  isValidCpf,
  isValidEmail,
  NAME_MAX,
  normalizeEmail,
  type Role,
} from '../../../src/domain/user-rules';
import { isBcryptHash } from '../../lib/passwords';
import type { Plain } from './ejson';
import type { Problem } from './legacy-report';

export type Doc = { [key: string]: Plain };
export type Push = (p: Omit<Problem, 'collection' | 'id'>) => void;

/** A password hash that no password matches: the account exists, a reset gives it a password. */
export const NO_PASSWORD = '!sem-senha-importada';
/** Not a photo: the original's placeholder picture for records without one. */
const PLACEHOLDER_IMAGES = new Set(['sepultura-padrao.png']);

export function isDoc(value: Plain): value is Doc {
  return (
    value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)
  );
}

/** Trimmed text of a string or number; null when absent or blank. */
export function textOf(value: Plain | undefined): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const t = value.trim();
  return t === '' ? null : t;
}

/** The id an ObjectId (already a hex string after ejson.ts) or its plain text stands for. */
export function idOf(value: Plain | undefined): string | null {
  const t = textOf(value)?.toLowerCase() ?? null;
  return t !== null && isId(t) ? t : null;
}

/** When the id was made (the first 4 bytes of an ObjectId are its Unix time in seconds). */
export function idTime(id: string): Date {
  return new Date(Number.parseInt(id.slice(0, 8), 16) * 1000);
}

export function timeOf(value: Plain | undefined, fallback: Date): Date {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value;
  if (typeof value === 'string') {
    const d = new Date(value);
    if (!Number.isNaN(d.getTime())) return d;
  }
  return fallback;
}

/**
 * A date the original kept as typed text: DD/MM/AAAA (the form's), also with one-digit day or
 * month and "-" or "." between, or ISO; a BSON date counts by its UTC day. Null with a reason
 * when it is not a real date.
 */
export function legacyDate(value: Plain | undefined): { iso: string | null; bad: boolean } {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime())
      ? { iso: null, bad: true }
      : { iso: parseDate(value.toISOString().slice(0, 10)), bad: false };
  }
  const t = textOf(value);
  if (t === null) return { iso: null, bad: false };
  const loose = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  const text = loose
    ? `${loose[1]?.padStart(2, '0')}/${loose[2]?.padStart(2, '0')}/${loose[3]}`
    : t;
  const iso = parseDate(text);
  return { iso, bad: iso === null };
}

/** "45", 45, "45 anos" → 45; null with a reason when it is not an age of 0–150. */
export function legacyIdade(value: Plain | undefined): { idade: number | null; bad: boolean } {
  if (typeof value === 'number') {
    return Number.isInteger(value) && value >= 0 && value <= 150
      ? { idade: value, bad: false }
      : { idade: null, bad: true };
  }
  const t = textOf(value);
  if (t === null) return { idade: null, bad: false };
  const m = /^(\d{1,3})(?:\s*(?:anos?|a)\.?)?$/i.exec(t);
  const n = m ? Number(m[1]) : Number.NaN;
  return n >= 0 && n <= 150 ? { idade: n, bad: false } : { idade: null, bad: true };
}

export function limited(
  value: string | null,
  max: number,
  field: string,
  push: Push,
): string | null {
  if (value === null || value.length <= max) return value;
  push({
    kind: 'texto-longo',
    field,
    detail: `${value.length} caracteres, cortado em ${max}`,
    outcome: 'importado',
  });
  return value.slice(0, max).trim();
}

/** File names from `images` ([String], sometimes one String); placeholders and paths dropped. */
export function imageNames(value: Plain | undefined): string[] {
  const list = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const item of list) {
    const name = textOf(item ?? undefined);
    // A bare file name only: nothing may reach outside the images folder.
    if (name === null || /[/\\]/.test(name) || name.startsWith('.') || PLACEHOLDER_IMAGES.has(name))
      continue;
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

// ----------------------------------------------------------------------------------- users --

export interface LegacyUser {
  id: string;
  name: string;
  email: string;
  cpf: string;
  phone: string;
  role: Role;
  passwordHash: string;
  /** The avatar's file name in the original's public/images/users/. */
  imageName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A user document → its row, or null when it cannot be an account (problems say why). */
export function mapUser(doc: Doc, push: Push): LegacyUser | null {
  const id = idOf(doc._id) as string;
  let ok = true;
  const name = limited(textOf(doc.name), NAME_MAX, 'name', push);
  if (name === null) {
    push({ kind: 'campo-obrigatorio', field: 'name', detail: 'sem nome', outcome: 'ignorado' });
    ok = false;
  }
  const rawEmail = textOf(doc.email);
  const email = rawEmail === null ? null : normalizeEmail(rawEmail);
  if (email === null) {
    push({
      kind: 'campo-obrigatorio',
      field: 'email',
      detail: 'sem e-mail (o login)',
      outcome: 'ignorado',
    });
    ok = false;
  } else if (!isValidEmail(email)) {
    push({ kind: 'email-invalido', field: 'email', detail: email, outcome: 'ignorado' });
    ok = false;
  }
  const rawCpf = textOf(doc.cpf);
  const cpf = rawCpf === null ? '' : onlyDigits(rawCpf);
  if (cpf.length !== 11) {
    // The column holds 11 digits and is unique: an account cannot be kept without one.
    push({
      kind: rawCpf === null ? 'campo-obrigatorio' : 'cpf-invalido',
      field: 'cpf',
      detail: rawCpf === null ? 'sem CPF' : `"${rawCpf}" não tem 11 dígitos`,
      outcome: 'ignorado',
    });
    ok = false;
  } else if (!isValidCpf(cpf)) {
    push({
      kind: 'cpf-invalido',
      field: 'cpf',
      detail: `${cpf}: dígitos verificadores não conferem (mantido para correção)`,
      outcome: 'importado',
    });
  }
  if (!ok || name === null || email === null) return null;

  const rawPhone = textOf(doc.phone);
  let phone = rawPhone === null ? '' : onlyDigits(rawPhone);
  if (phone !== '' && (phone.length < 10 || phone.length > 11)) {
    push({
      kind: 'telefone-invalido',
      field: 'phone',
      detail: `"${rawPhone}" (importado sem telefone)`,
      outcome: 'importado',
    });
    phone = '';
  }
  const rawRole = textOf(doc.role)?.toLowerCase() ?? 'usuario';
  let role: Role = 'usuario';
  if (isRole(rawRole)) role = rawRole;
  else
    push({
      kind: 'valor-invalido',
      field: 'role',
      detail: `papel "${rawRole}" (importado como usuario)`,
      outcome: 'importado',
    });

  const password = textOf(doc.password);
  let passwordHash = NO_PASSWORD;
  if (password !== null && isBcryptHash(password)) passwordHash = password;
  else
    push({
      kind: 'senha-invalida',
      field: 'password',
      detail: 'importado sem senha: entra por "Esqueci minha senha"',
      outcome: 'importado',
    });

  const createdAt = timeOf(doc.createdAt, idTime(id));
  return {
    id,
    name,
    email,
    cpf,
    phone,
    role,
    passwordHash,
    imageName: imageNames(doc.image)[0] ?? null,
    createdAt,
    updatedAt: timeOf(doc.updatedAt, createdAt),
  };
}
