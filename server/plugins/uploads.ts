/**
 * Multipart uploads with explicit limits (docs/engineering.md#chosen-packages-and-why): registers @fastify/multipart once
 * and offers `readMultipart`, which reads a whole form into text fields and file buffers and
 * turns every limit into a 413 (or a malformed form into a 400) with a pt-BR message. Memory is
 * bounded by the whole-request cap; files never touch the disk here (the image pipeline
 * decides what is kept).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UPLOAD_LIMITS, UPLOAD_MSG } from '../../src/domain/upload-rules';
import { HttpError } from '../lib/http-error';
import { assertCleanText } from './input-guard';

interface UploadLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxRequestBytes: number;
  maxFields: number;
  maxFieldBytes: number;
}

const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  maxFiles: UPLOAD_LIMITS.maxFiles,
  maxFileBytes: UPLOAD_LIMITS.maxFileBytes,
  maxRequestBytes: UPLOAD_LIMITS.maxRequestBytes,
  maxFields: UPLOAD_LIMITS.maxFields,
  maxFieldBytes: UPLOAD_LIMITS.maxFieldBytes,
};

export interface UploadedFile {
  fieldname: string;
  /** As the sender named it: for logs only, never used to build a path. */
  filename: string;
  data: Buffer;
}

interface MultipartForm {
  /** Text parts by name, in arrival order (a repeated name gives several values). */
  fields: Record<string, string[]>;
  files: UploadedFile[];
}

interface ReadMultipartOptions extends Partial<UploadLimits> {
  /** Field names that may carry files (e.g. ["images"]); a file anywhere else is a 400. */
  fileFields: readonly string[];
  /** The 413 of a file over maxFileBytes, when the photo's words do not fit (a PDF). */
  fileTooLarge?: { message: string; field: string };
}

export const uploadsPlugin = fp(async (app: FastifyInstance) => {
  // The file parts of a form route (forms.ts), set by readForm.
  app.decorateRequest('uploads', null);
  await app.register(multipart, {
    // Defaults for anyone calling request.parts() directly; readMultipart passes its own.
    limits: {
      files: DEFAULT_UPLOAD_LIMITS.maxFiles,
      fileSize: DEFAULT_UPLOAD_LIMITS.maxFileBytes,
      fields: DEFAULT_UPLOAD_LIMITS.maxFields,
      fieldSize: DEFAULT_UPLOAD_LIMITS.maxFieldBytes,
      parts: DEFAULT_UPLOAD_LIMITS.maxFiles + DEFAULT_UPLOAD_LIMITS.maxFields,
      fieldNameSize: 100,
      headerPairs: 20,
    },
    throwFileSizeLimit: true,
  });
});

const MULTIPART_ERRORS: Record<string, [number, string]> = {
  FST_FILES_LIMIT: [413, UPLOAD_MSG.tooManyFiles],
  FST_REQ_FILE_TOO_LARGE: [413, UPLOAD_MSG.fileTooLarge],
  FST_FIELDS_LIMIT: [413, UPLOAD_MSG.tooManyFields],
  FST_PARTS_LIMIT: [413, UPLOAD_MSG.tooManyFields],
  FST_PROTO_VIOLATION: [400, UPLOAD_MSG.malformed],
  FST_INVALID_JSON_FIELD_ERROR: [400, UPLOAD_MSG.malformed],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, UPLOAD_MSG.malformed],
  FST_MP_PREMATURE_CLOSE: [400, UPLOAD_MSG.malformed],
};

function toHttpError(err: unknown, tooLarge?: { message: string; field: string }): HttpError {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: unknown })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' && tooLarge) {
    return new HttpError(413, tooLarge.message, tooLarge.field);
  }
  const known = typeof code === 'string' ? MULTIPART_ERRORS[code] : undefined;
  if (known) return new HttpError(known[0], known[1]);
  // busboy's own failures (bad boundary, truncated body) are a malformed form, not our fault.
  return new HttpError(400, UPLOAD_MSG.malformed);
}

/**
 * Reads every part of a multipart request. Refuses with 413 as soon as a limit is passed (the
 * declared Content-Length first, then the bytes actually read, for chunked bodies).
 */
export async function readMultipart(
  request: FastifyRequest,
  options: ReadMultipartOptions,
): Promise<MultipartForm> {
  const limits = { ...DEFAULT_UPLOAD_LIMITS, ...options };
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limits.maxRequestBytes) throw new HttpError(413, UPLOAD_MSG.requestTooLarge);

  // Plain object is safe: @fastify/multipart refuses field names found on Object.prototype.
  const form: MultipartForm = { fields: {}, files: [] };
  let total = 0;
  const count = (bytes: number) => {
    total += bytes;
    if (total > limits.maxRequestBytes) throw new HttpError(413, UPLOAD_MSG.requestTooLarge);
  };
  try {
    const parts = request.parts({
      limits: {
        files: limits.maxFiles,
        fileSize: limits.maxFileBytes,
        fields: limits.maxFields,
        fieldSize: limits.maxFieldBytes,
        parts: limits.maxFiles + limits.maxFields,
        fieldNameSize: 100,
        headerPairs: 20,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (!options.fileFields.includes(part.fieldname)) {
          part.file.resume();
          throw new HttpError(400, UPLOAD_MSG.unexpectedFile(part.fieldname));
        }
        const data = await part.toBuffer();
        count(data.length);
        // A browser form with no file chosen still sends the part: empty, without a name.
        if (data.length === 0 && !part.filename) continue;
        form.files.push({ fieldname: part.fieldname, filename: part.filename, data });
      } else {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw new HttpError(413, UPLOAD_MSG.fieldTooLarge);
        }
        if (typeof part.value !== 'string') throw new HttpError(400, UPLOAD_MSG.malformed);
        assertCleanText(part.fieldname, part.value);
        count(Buffer.byteLength(part.value) + part.fieldname.length);
        const list = form.fields[part.fieldname] ?? [];
        list.push(part.value);
        form.fields[part.fieldname] = list;
      }
    }
  } catch (err) {
    throw toHttpError(err, options.fileTooLarge);
  }
  return form;
}
