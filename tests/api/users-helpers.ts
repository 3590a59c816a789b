/** Account fixtures for the users-* API tests: admins and roles without going through forms. */
import crypto from 'node:crypto';
import { insertUser } from '../../server/modules/users/users';
import type { Role } from '../../src/domain/user-rules';
import { bearer, type Harness, STRONG_PASSWORD, validCpf } from './helpers';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One JSON call, with a session when a token is given. */
export function send(h: Harness, method: Method, url: string, token?: string, payload?: object) {
  return h.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
}

/** A valid admin-create body (spec §5 rules), unique e-mail and CPF per call. */
export function newUser(overrides: Record<string, string> = {}) {
  return {
    name: 'Conceição Araújo',
    cpf: validCpf(),
    email: `conceicao.${crypto.randomBytes(5).toString('hex')}@exemplo.com.br`,
    phone: '(21) 3456-7890',
    role: 'concessionario',
    password: STRONG_PASSWORD,
    confirmpassword: STRONG_PASSWORD,
    ...overrides,
  };
}

export interface Person {
  id: string;
  email: string;
  token: string;
  name: string;
}

/** Creates a verified account with a role straight in the database, then logs in. */
export async function createPerson(
  h: Harness,
  role: Role,
  overrides: { name?: string; email?: string; emailVerified?: boolean } = {},
): Promise<Person> {
  const email =
    overrides.email ?? `${role}.${crypto.randomBytes(4).toString('hex')}@exemplo.com.br`;
  const name = overrides.name ?? `Pessoa ${role}`;
  const row = await insertUser(h.app.ctx, {
    name,
    email,
    cpf: validCpf(),
    phone: '11987654321',
    password: STRONG_PASSWORD,
    role,
    emailVerified: overrides.emailVerified ?? true,
  });
  return { id: row.id, email: row.email, name, token: await loginToken(h, email) };
}

export async function loginToken(h: Harness, email: string, password = STRONG_PASSWORD) {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

export function checkUser(h: Harness, token: string) {
  return h.app.inject({ method: 'GET', url: '/api/users/checkuser', headers: bearer(token) });
}

/** A multipart/form-data body for inject, built by the platform's own FormData encoder. */
export async function multipart(
  fields: Record<string, string>,
  file?: { field: string; name: string; type: string; data: Buffer },
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file)
    form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
