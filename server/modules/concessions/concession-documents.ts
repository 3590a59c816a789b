/**
 * A concession's documents (admin writes; admins and the titular's account read): the file is
 * checked and stored first (concession-files.ts), then the row is written in a transaction that
 * locks the concession; a refused or failed write leaves no file behind, and a removed document
 * takes its file with it once the row is gone. Rows are audited by their trigger (0065).
 */
import {
  DOCUMENT_MSG,
  type DocumentMime,
  documentTitle,
} from '../../../src/domain/concession-documents';
import { CONC_MSG } from '../../../src/domain/concession-rules';
import type { Concession, DocumentForm } from '../../../src/domain/concession-types';
import { newId } from '../../../src/domain/ids';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';
import { removeDocuments, storeDocument } from './concession-files';
import { findConcession } from './concessions-read';

async function answer(ctx: AppContext, id: string): Promise<Concession> {
  const found = await findConcession(ctx.database.sql, id);
  if (!found) throw notFound(CONC_MSG.notFound);
  return found;
}

export async function attachDocument(
  ctx: AppContext,
  user: UserRow,
  concessionId: string,
  form: DocumentForm,
  uploads: Buffer[],
): Promise<Concession> {
  const titulo = documentTitle(form.titulo);
  if (typeof titulo !== 'string') throw badRequest(titulo.message, 'titulo');
  const [bytes] = uploads;
  if (!bytes || bytes.length === 0) throw badRequest(DOCUMENT_MSG.fileRequired, 'arquivo');
  // Nobody's concession: 404 before any file is written.
  const [exists] = await ctx.database.sql.query<{ id: string }>(
    'SELECT id FROM concessoes WHERE id = $1',
    [concessionId],
  );
  if (!exists) throw notFound(CONC_MSG.notFound);
  const stored = await storeDocument(ctx, bytes);
  try {
    await ctx.database.sql.transaction(async (tx) => {
      const [held] = await tx.query<{ id: string }>(
        'SELECT id FROM concessoes WHERE id = $1 FOR SHARE',
        [concessionId],
      );
      if (!held) throw notFound(CONC_MSG.notFound);
      await tx.query(
        `INSERT INTO concessao_documentos (id, concessao_id, titulo, file, mime, bytes, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [newId(), concessionId, titulo, stored.file, stored.mime, stored.bytes, user.id],
      );
    });
  } catch (err) {
    await removeDocuments(ctx, [stored.file]);
    throw err;
  }
  return answer(ctx, concessionId);
}

export async function removeDocument(
  ctx: AppContext,
  concessionId: string,
  docId: string,
): Promise<Concession> {
  const [gone] = await ctx.database.sql.transaction((tx) =>
    tx.query<{ file: string }>(
      'DELETE FROM concessao_documentos WHERE id = $1 AND concessao_id = $2 RETURNING file',
      [docId, concessionId],
    ),
  );
  if (!gone) throw notFound(DOCUMENT_MSG.notFound);
  await removeDocuments(ctx, [gone.file]);
  return answer(ctx, concessionId);
}

export interface DocumentFile {
  file: string;
  titulo: string;
  mime: DocumentMime;
  /** Who may read it besides admins: the account linked to the concession's titular. */
  titularUserId: string | null;
}

/** One document of one concession, with what the route needs to decide who may have it. */
export async function findDocument(
  ctx: AppContext,
  concessionId: string,
  docId: string,
): Promise<DocumentFile | null> {
  const [row] = await ctx.database.sql.query<{
    file: string;
    titulo: string;
    mime: DocumentMime;
    titular_user_id: string | null;
  }>(
    `SELECT d.file, d.titulo, d.mime, c.titular_user_id FROM concessao_documentos d
     JOIN concessoes c ON c.id = d.concessao_id WHERE d.id = $1 AND d.concessao_id = $2`,
    [docId, concessionId],
  );
  return row
    ? { file: row.file, titulo: row.titulo, mime: row.mime, titularUserId: row.titular_user_id }
    : null;
}
