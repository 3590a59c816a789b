/**
 * A concession's documents (/api/concessoes/:id/documentos…): admins attach a PDF (kept as sent)
 * or an image (re-encoded); a file that is not one, however named, and one over 10 MB are
 * refused in pt-BR under `arquivo` with nothing left on disk; the file and the list reach only
 * admins and the titular's own account (404 to anyone else, as for a document that does not
 * exist); removing one removes its file; every write is in the audit trail.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_LIMITS, DOCUMENT_MSG } from '../../src/domain/concession-documents';
import type { Concession } from '../../src/domain/concession-types';
import { storedEntries } from './audit-helpers';
import {
  type Actor,
  actor,
  auth,
  createRecord,
  imagesDir,
  insertPerson,
  multipartBody,
  storedFiles,
} from './burials-helpers';
import { engines, type Harness, STRONG_PASSWORD, startApp } from './helpers';
import { jpegWithGps } from './image-fixtures';

/** A small but whole PDF: header, one empty page, trailer and end marker. */
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
  'latin1',
);

describe.each(engines)('documentos de concessão ($name)', (engine) => {
  let h: Harness;
  let admin: Actor;
  let conc: Actor;
  let usuario: Actor;
  let rita: Actor;
  let concession: Concession;
  const KIND = 'concessoes';

  beforeAll(async () => {
    h = await startApp(engine);
    admin = await actor(h, 'admin');
    conc = await actor(h, 'concessionario');
    usuario = await actor(h, 'usuario');
    const { row, email } = await insertPerson(h.app.ctx, 'usuario', 'Rita Titular');
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: STRONG_PASSWORD },
    });
    rita = { id: row.id, name: 'Rita Titular', token: login.json().token };
    const r = await createRecord(h, admin, { cemiterio: 'Documentos', quadra: 'D', chapa: '1' });
    const granted = await h.app.inject({
      method: 'POST',
      url: `/api/sepulturas/${r.sepulturaId}/concessoes`,
      headers: auth(admin),
      payload: {
        titularNome: 'Rita Titular',
        titularCpf: row.cpf,
        regime: 'perpetua',
        inicio: '01/01/2001',
      },
    });
    expect(granted.statusCode, granted.body).toBe(201);
    concession = granted.json();
    expect(concession.titularUserId).toBe(rita.id);
    expect(concession.documentos).toEqual([]);
  });
  afterAll(async () => {
    await h?.close();
  });

  const attach = async (
    who: Actor | null,
    titulo: string | null,
    file: { data: Buffer; name: string; type: string } | null,
    id = concession.id,
  ) => {
    const { payload, headers } = await multipartBody(
      titulo === null ? {} : { titulo },
      file ? [{ ...file, field: 'arquivo' }] : [],
    );
    return h.app.inject({
      method: 'POST',
      url: `/api/concessoes/${id}/documentos`,
      headers: { ...auth(who), ...headers },
      payload,
    });
  };
  const open = (who: Actor | null, docId: string, id = concession.id) =>
    h.app.inject({
      method: 'GET',
      url: `/api/concessoes/${id}/documentos/${docId}`,
      headers: auth(who),
    });
  const pdfFile = { data: PDF, name: 'titulo.pdf', type: 'application/pdf' };

  it('admins attach a PDF (kept as sent) and a JPEG (re-encoded, GPS gone); both listed', async () => {
    const res = await attach(admin, '  Título de concessão ', pdfFile);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const [doc] = res.json().documentos;
    expect(doc).toMatchObject({ titulo: 'Título de concessão', mime: 'application/pdf' });
    expect(doc.bytes).toBe(PDF.length);
    const file = await open(admin, doc.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['content-disposition']).toBe('inline; filename="titulo-de-concessao.pdf"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PDF)).toBe(true);

    const photo = await jpegWithGps(600, 400);
    const img = await attach(admin, 'Certidão de óbito', {
      data: photo,
      name: 'certidao.jpg',
      type: 'image/jpeg',
    });
    expect(img.statusCode, img.body).toBe(201);
    const listed = img.json().documentos as Concession['documentos'];
    expect(listed.map((d) => d.titulo)).toEqual(['Título de concessão', 'Certidão de óbito']);
    expect(listed[1]?.mime).toBe('image/webp');
    const served = await open(admin, listed[1]?.id ?? '');
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['content-disposition']).toContain('certidao-de-obito.webp');
    expect(served.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
    expect(served.rawPayload.length).toBe(listed[1]?.bytes);
    // Never on the public images route, whatever the name.
    const stored = storedFiles(h, KIND);
    expect(stored.some((f) => f.endsWith('.pdf'))).toBe(true);
    for (const f of stored) {
      expect(
        (await h.app.inject({ method: 'GET', url: `/api/images/${KIND}/${f}` })).statusCode,
      ).toBe(404);
    }
  });

  it('refuses what is not a PDF or an image, a file too big, no file and no title', async () => {
    const before = storedFiles(h, KIND);
    const cases: [Awaited<ReturnType<typeof attach>>, number, string, string][] = [
      [
        await attach(admin, 'Falso PDF', {
          data: Buffer.from('isto é só um texto com nome de PDF\n', 'utf8'),
          name: 'documento.pdf',
          type: 'application/pdf',
        }),
        415,
        DOCUMENT_MSG.notDocument,
        'arquivo',
      ],
      [
        // The header alone: a cut-off upload has no end marker.
        await attach(admin, 'PDF cortado', {
          data: PDF.subarray(0, 40),
          name: 'cortado.pdf',
          type: 'application/pdf',
        }),
        415,
        DOCUMENT_MSG.notDocument,
        'arquivo',
      ],
      [
        await attach(admin, 'Página', {
          data: Buffer.from('<html><script>alert(1)</script></html>'),
          name: 'foto.jpg',
          type: 'image/jpeg',
        }),
        415,
        DOCUMENT_MSG.notDocument,
        'arquivo',
      ],
      [
        await attach(admin, 'Grande demais', {
          data: Buffer.concat([PDF, Buffer.alloc(DOCUMENT_LIMITS.maxBytes, 0x20)]),
          name: 'grande.pdf',
          type: 'application/pdf',
        }),
        413,
        DOCUMENT_MSG.tooLarge,
        'arquivo',
      ],
      [await attach(admin, 'Sem arquivo', null), 400, DOCUMENT_MSG.fileRequired, 'arquivo'],
      [await attach(admin, '   ', pdfFile), 400, DOCUMENT_MSG.tituloRequired, 'titulo'],
      [await attach(admin, 'x'.repeat(121), pdfFile), 400, DOCUMENT_MSG.tituloTooLong, 'titulo'],
    ];
    for (const [res, status, message, field] of cases) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toMatchObject({ message, field });
    }
    expect(DOCUMENT_MSG.tooLarge).toBe('O documento pode ter no máximo 10 MB.');
    expect(storedFiles(h, KIND)).toEqual(before);
    expect((await attach(admin, 'Sem concessão', pdfFile, 'f'.repeat(24))).statusCode).toBe(404);
    expect(storedFiles(h, KIND)).toEqual(before);
  });

  it('only admins attach and remove; the file and the list reach admins and the titular only', async () => {
    const docId = (await docs(admin))[0]?.id;
    expect(docId).toBeTruthy();
    for (const who of [null, usuario, conc, rita]) {
      const res = await attach(who, 'Intruso', pdfFile);
      expect(res.statusCode).toBe(who ? 403 : 401);
      const del = await h.app.inject({
        method: 'DELETE',
        url: `/api/concessoes/${concession.id}/documentos/${docId}`,
        headers: auth(who),
      });
      expect(del.statusCode).toBe(who ? 403 : 401);
    }
    expect((await open(null, docId as string)).statusCode).toBe(401);
    for (const who of [usuario, conc]) {
      const res = await open(who, docId as string);
      // The same answer as for a document that does not exist.
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(DOCUMENT_MSG.notFound);
      expect((await open(who, 'e'.repeat(24))).json()).toEqual(res.json());
      const page = await h.app.inject({
        method: 'GET',
        url: `/api/sepulturas/${concession.sepulturaId}`,
        headers: auth(who),
      });
      expect(page.body).not.toContain(docId);
      expect(page.body).not.toContain('Título de concessão');
    }
    const visitor = await h.app.inject({
      method: 'GET',
      url: `/api/sepulturas/${concession.sepulturaId}`,
    });
    expect(visitor.body).not.toContain(docId);
    expect(visitor.body).not.toContain('documentos');
    // The titular's own account reads its documents, and no one else's grave's.
    const own = await open(rita, docId as string);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PDF)).toBe(true);
    const ownPage = await h.app.inject({
      method: 'GET',
      url: `/api/sepulturas/${concession.sepulturaId}`,
      headers: auth(rita),
    });
    expect(ownPage.json().concessao.documentos.map((d: { id: string }) => d.id)).toContain(docId);
    // A document asked for under another concession is not found.
    expect((await open(admin, docId as string, 'a'.repeat(24))).statusCode).toBe(404);
  });

  it('removing a document removes its file; every write is in the audit trail', async () => {
    const list = await docs(admin);
    const image = list.find((d) => d.mime === 'image/webp');
    expect(image).toBeDefined();
    const files = fs.readdirSync(imagesDir(h, KIND));
    const before = files.length;
    const res = await h.app.inject({
      method: 'DELETE',
      url: `/api/concessoes/${concession.id}/documentos/${image?.id}`,
      headers: auth(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().documentos.map((d: { id: string }) => d.id)).not.toContain(image?.id);
    // The display file and its thumbnail are gone.
    expect(fs.readdirSync(imagesDir(h, KIND)).length).toBe(before - 2);
    expect((await open(admin, image?.id as string)).statusCode).toBe(404);
    const again = await h.app.inject({
      method: 'DELETE',
      url: `/api/concessoes/${concession.id}/documentos/${image?.id}`,
      headers: auth(admin),
    });
    expect(again.statusCode).toBe(404);

    const pdf = list.find((d) => d.mime === 'application/pdf');
    const pdfName = storedFiles(h, KIND).find((f) => f.endsWith('.pdf')) as string;
    await h.app.inject({
      method: 'DELETE',
      url: `/api/concessoes/${concession.id}/documentos/${pdf?.id}`,
      headers: auth(admin),
    });
    expect(fs.existsSync(path.join(imagesDir(h, KIND), pdfName))).toBe(false);

    const entries = await storedEntries(h, 'concessao_documento');
    const mine = entries.filter((e) => e.subject_id === concession.id);
    expect(mine.map((e) => e.action)).toEqual(['criar', 'criar', 'excluir', 'excluir']);
    expect(mine.every((e) => e.actor_id === admin.id)).toBe(true);
    expect(mine[0]?.changes.titulo?.[1]).toBe('Título de concessão');
  });

  async function docs(who: Actor): Promise<Concession['documentos']> {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/sepulturas/${concession.sepulturaId}/concessoes`,
      headers: auth(who),
    });
    return (res.json() as Concession[])[0]?.documentos ?? [];
  }
});
