/** Fixtures for the sepultados-* API tests: people of each role, records, multipart bodies. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../server/context';
import { insertUser } from '../../server/modules/users/users';
import type { BurialRecord } from '../../src/domain/burial-types';
import type { Role } from '../../src/domain/user-rules';
import { bearer, type Harness, STRONG_PASSWORD, validCpf } from './helpers';

export interface Actor {
  id: string;
  name: string;
  token: string;
}

/** An account with the role given, made in the database (password STRONG_PASSWORD). */
export async function insertPerson(ctx: AppContext, role: Role, name = `Pessoa ${role}`) {
  const email = `${role}.${crypto.randomBytes(5).toString('hex')}@exemplo.com.br`;
  const row = await insertUser(ctx, {
    name,
    email,
    cpf: validCpf(),
    phone: '11987654321',
    password: STRONG_PASSWORD,
    role,
    emailVerified: true,
  });
  return { row, email };
}

/** An account with the role given, made in the database, logged in through the API. */
export async function actor(h: Harness, role: Role, name = `Pessoa ${role}`): Promise<Actor> {
  const { row, email } = await insertPerson(h.app.ctx, role, name);
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password: STRONG_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { id: row.id, name, token: (res.json() as { token: string }).token };
}

export function auth(who: Actor | null): Record<string, string> {
  return who ? bearer(who.token) : {};
}

/** A valid burial record as the form would send it (DD/MM/AAAA dates). */
export function sepultadoBody(overrides: Record<string, unknown> = {}) {
  return {
    nome: 'Maria da Conceição',
    idade: 82,
    dtNasc: '12/03/1941',
    dtFal: '05/07/2023',
    nacionalidade: 'Ouro Preto - MG',
    mae: 'Ana de Jesus',
    pai: 'José de Souza',
    cemiterio: 'Cemitério Municipal da Saudade',
    rua: 'Rua das Flores',
    quadra: '12',
    chapa: '0458',
    epitafio: 'Saudades eternas de seus filhos e netos.',
    tipoSepultura: 'Jazigo',
    latitude: -20.3856,
    longitude: -43.5035,
    ...overrides,
  };
}

export interface FilePart {
  name: string;
  type: string;
  data: Buffer;
  field?: string;
}

/** multipart/form-data for inject, encoded by the platform's own FormData. */
export async function multipartBody(
  fields: Record<string, string | number | string[]>,
  files: FilePart[] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    for (const item of Array.isArray(v) ? v : [v]) form.append(k, String(item));
  }
  for (const f of files) {
    form.append(f.field ?? 'images', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

export const photo = (data: Buffer, name = 'foto.jpg', type = 'image/jpeg'): FilePart => ({
  name,
  type,
  data,
});

/** Creates a record as the admin given (JSON), answering it. */
export async function createRecord(
  h: Harness,
  admin: Actor,
  overrides: Record<string, unknown> = {},
): Promise<BurialRecord> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/sepultados/create',
    headers: auth(admin),
    payload: sepultadoBody(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { sepultado: BurialRecord }).sepultado;
}

/** Creates a record with photos (multipart). */
export async function createWithPhotos(
  h: Harness,
  admin: Actor,
  photos: Buffer[],
  overrides: Record<string, string> = {},
): Promise<BurialRecord> {
  const { payload, headers } = await multipartBody(
    { nome: 'José de Souza', dtFal: '2020-01-15', quadra: '3', chapa: '0101', ...overrides },
    photos.map((p, i) => photo(p, `foto-${i}.jpg`)),
  );
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/sepultados/create',
    headers: { ...auth(admin), ...headers },
    payload,
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { sepultado: BurialRecord }).sepultado;
}

export function imagesDir(h: Harness, kind = 'sepultados'): string {
  return path.join(h.dataDir, 'images', kind);
}

/** Every file stored for a kind (display images and thumbnails). */
export function storedFiles(h: Harness, kind = 'sepultados'): string[] {
  const dir = imagesDir(h, kind);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}
