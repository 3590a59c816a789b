/**
 * The files of a concession's documents, under DATA_DIR/images/concessoes/ (a private kind: the
 * public images route never serves it, and backups take it with the photos). What the bytes are
 * decides, never the name or the type the browser claims:
 *  - a PDF (isPdf: "%PDF-" first, "%%EOF" at the end) is kept as received: re-rendering it would
 *    take a PDF engine on the server for a document the office only files and reads back; it is
 *    served with a sandboxing CSP and nosniff, so nothing in it runs on our origin;
 *  - a JPEG, PNG or WebP image goes through the photo pipeline (decoded by sharp, rotated, EXIF
 *    and GPS dropped, re-encoded as WebP) at up to PLAN_MAX_SIDE pixels, so a photographed
 *    certificate keeps its small print legible.
 * Anything else is a 415 with the document's pt-BR message under `arquivo`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  DOCUMENT_IMAGE_TYPES,
  DOCUMENT_LIMITS,
  DOCUMENT_MSG,
  type DocumentMime,
  isPdf,
} from '../../../src/domain/concession-documents';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-error';
import { removeFiles } from '../../lib/image-removal-hold';
import { PLAN_MAX_SIDE, readImage, removeImage, sniffType, storeImage } from '../../lib/images';

const KIND = 'concessoes';
const FIELD = 'arquivo';
const PDF_NAME = /^[0-9a-f]{32}\.pdf$/;

export interface StoredDocument {
  file: string;
  mime: DocumentMime;
  bytes: number;
}

const refuse = () => new HttpError(415, DOCUMENT_MSG.notDocument, FIELD);
const dir = (ctx: AppContext) => path.join(ctx.config.uploadDir, KIND);

export async function storeDocument(ctx: AppContext, bytes: Buffer): Promise<StoredDocument> {
  if (bytes.length > DOCUMENT_LIMITS.maxBytes) {
    throw new HttpError(413, DOCUMENT_MSG.tooLarge, FIELD);
  }
  if (isPdf(bytes)) {
    await fs.mkdir(dir(ctx), { recursive: true });
    const file = `${crypto.randomBytes(16).toString('hex')}.pdf`;
    await fs.writeFile(path.join(dir(ctx), file), bytes, { flag: 'wx', mode: 0o644 });
    return { file, mime: 'application/pdf', bytes: bytes.length };
  }
  const sniffed = bytes.length > 0 ? await sniffType(bytes) : undefined;
  if (!sniffed || !(DOCUMENT_IMAGE_TYPES as readonly string[]).includes(sniffed.mime)) {
    throw refuse();
  }
  try {
    const stored = await storeImage(ctx, KIND, bytes, { maxSide: PLAN_MAX_SIDE });
    const written = await fs.stat(path.join(dir(ctx), stored.file));
    return { file: stored.file, mime: 'image/webp', bytes: written.size };
  } catch (err) {
    // The pipeline's photo words (corrupt, not an image) become the document's; too many pixels
    // keeps its own, under the field.
    if (err instanceof HttpError && err.statusCode === 413) {
      throw new HttpError(413, err.message, FIELD);
    }
    if (err instanceof HttpError) throw refuse();
    throw err;
  }
}

/** The stored bytes, or null when the name is not ours or the file is gone. */
export async function readDocument(ctx: AppContext, file: string): Promise<Buffer | null> {
  if (file.endsWith('.webp')) return readImage(ctx, KIND, file);
  if (!PDF_NAME.test(file)) return null;
  try {
    return await fs.readFile(path.join(dir(ctx), file));
  } catch {
    return null;
  }
}

/** Removes stored documents (an image with its thumbnail); a backup in progress defers it. */
export async function removeDocuments(ctx: AppContext, files: readonly string[]): Promise<void> {
  for (const file of files) {
    if (file.endsWith('.webp')) await removeImage(ctx, KIND, file);
    else if (PDF_NAME.test(file)) await removeFiles([path.join(dir(ctx), file)]);
  }
}
