/**
 * One upload rule (docs/decisions.md "Photos"): every route that takes a file refuses the same bad files
 * with the same status and message — empty, truncated, wrong type, too big, too many pixels —
 * and keeps nothing of them. An empty photo beside a tribute's text used to be dropped silently.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS, UPLOAD_MSG } from '../../src/domain/upload-rules';
import {
  type Actor,
  actor,
  auth,
  createRecord,
  type FilePart,
  multipartBody,
} from './burials-helpers';
import { engines, type Harness, startApp } from './helpers';
import { jpeg, phpScript, pngClaiming, truncatedJpeg } from './image-fixtures';
import { newUser } from './users-helpers';

interface UploadRoute {
  name: string;
  method: 'POST' | 'PATCH' | 'PUT';
  url: () => string;
  who: () => Actor;
  field: string;
  fields: () => Record<string, string>;
}

function countFiles(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true }).length;
}

describe.each(engines)('one upload rule on every upload route ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let person: Actor;
  let recordId = '';
  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin');
    person = await actor(h, 'usuario');
    recordId = (await createRecord(h, admin)).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  const routes: UploadRoute[] = [
    {
      name: 'create a record',
      method: 'POST',
      url: () => '/api/sepultados/create',
      who: () => admin,
      field: 'images',
      fields: () => ({ nome: 'Ana Lima', dtFal: '2020-01-15', quadra: '3', chapa: '0101' }),
    },
    {
      name: 'edit a record',
      method: 'PATCH',
      url: () => `/api/sepultados/${recordId}`,
      who: () => admin,
      field: 'images',
      fields: () => ({ rua: 'Rua B' }),
    },
    {
      name: 'post a tribute',
      method: 'POST',
      url: () => `/api/sepultados/${recordId}/comentarios`,
      who: () => person,
      field: 'imagem',
      fields: () => ({ comentario: 'Saudades eternas' }),
    },
    {
      name: 'admin creates a user',
      method: 'POST',
      url: () => '/api/users/admin-create',
      who: () => admin,
      field: 'image',
      fields: () => newUser(),
    },
    {
      name: 'admin edits a user',
      method: 'PATCH',
      url: () => `/api/users/${person.id}`,
      who: () => admin,
      field: 'image',
      fields: () => ({ name: 'Pessoa Editada' }),
    },
    {
      name: 'edit own profile',
      method: 'PATCH',
      url: () => `/api/users/edit/${person.id}`,
      who: () => person,
      field: 'image',
      fields: () => ({ name: 'Pessoa Usuaria' }),
    },
    {
      name: 'cemetery plan',
      method: 'PUT',
      url: () => '/api/mapa/plano',
      who: () => admin,
      field: 'imagem',
      fields: () => ({ south: '-20.39', west: '-43.51', north: '-20.38', east: '-43.50' }),
    },
  ];

  const badFiles: Array<[string, () => Promise<Omit<FilePart, 'field'>>, number, string]> = [
    [
      'an empty file',
      async () => ({ name: 'foto.jpg', type: 'image/jpeg', data: Buffer.alloc(0) }),
      415,
      UPLOAD_MSG.notImage,
    ],
    [
      'a truncated JPEG',
      async () => ({ name: 'foto.jpg', type: 'image/jpeg', data: await truncatedJpeg() }),
      415,
      UPLOAD_MSG.corrupt,
    ],
    [
      'a script named .jpg',
      async () => ({ name: 'foto.jpg', type: 'image/jpeg', data: phpScript }),
      415,
      UPLOAD_MSG.notImage,
    ],
    [
      'a PDF',
      async () => ({
        name: 'doc.pdf',
        type: 'application/pdf',
        data: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
      }),
      415,
      UPLOAD_MSG.notImage,
    ],
    [
      'a file over the size limit',
      async () => {
        const real = await jpeg(64, 64);
        const data = Buffer.alloc(UPLOAD_LIMITS.maxFileBytes + 1);
        real.copy(data);
        return { name: 'grande.jpg', type: 'image/jpeg', data };
      },
      413,
      UPLOAD_MSG.fileTooLarge,
    ],
    [
      'too many pixels',
      async () => ({ name: 'x.png', type: 'image/png', data: await pngClaiming(8000, 6000) }),
      413,
      UPLOAD_MSG.tooManyPixels,
    ],
  ];

  for (const route of routes) {
    it.each(badFiles)(
      `${route.name}: refuses %s the same way`,
      async (_what, make, status, message) => {
        const before = countFiles(path.join(h.dataDir, 'images'));
        const file = { ...(await make()), field: route.field };
        const body = await multipartBody(route.fields(), [file]);
        const res = await h.app.inject({
          method: route.method,
          url: route.url(),
          headers: { ...auth(route.who()), ...body.headers },
          payload: body.payload,
        });
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json()).toEqual({ message });
        expect(countFiles(path.join(h.dataDir, 'images'))).toBe(before);
      },
    );

    it(`${route.name}: takes a good photo (the table above is not refusing everything)`, async () => {
      // Refused photos count against the tribute limit (decoding costs); start afresh.
      h.limiter.clear();
      const body = await multipartBody(route.fields(), [
        { name: 'foto.jpg', type: 'image/jpeg', data: await jpeg(120, 90), field: route.field },
      ]);
      const res = await h.app.inject({
        method: route.method,
        url: route.url(),
        headers: { ...auth(route.who()), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    });
  }
});
