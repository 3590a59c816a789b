/**
 * Bodies that may come as JSON or as multipart/form-data, read the same way on every route that
 * takes an upload (burial create/edit, tribute post, plan update, the user forms). A route
 * declares its body schema like any other (`schema.body`) and adds `readForm(options)` as its
 * last preHandler, after the guards (a refused upload is never read):
 *  - multipart: the text parts become `request.body` (one value per name, or a list for the
 *    names in `lists`), the file parts `request.uploads`, within the upload limits (uploads.ts);
 *  - JSON: `request.body` as parsed, `request.uploads` empty;
 * then `request.body` is checked with the route's body schema (server/lib/validate.ts: the same
 * {message, field} 400s as every schema failure). Fastify's own body validation is skipped for
 * these routes (`formValidatorCompiler`): it would run before the guards and before the form is
 * read. Handlers and services then see typed values and buffers, never the request.
 */
import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySchemaValidationError,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { TSchema } from 'typebox';
import { invalidFieldMessage, MSG } from '../../src/domain/messages';
import { badRequest, HttpError } from '../lib/http-error';
import { checker } from '../lib/validate';
import { readMultipart, type UploadedFile } from './uploads';

export interface FormOptions {
  /** Parts that may carry a file; a file part under another name is a 400. */
  fileFields: readonly string[];
  /** At most this many file parts (default: the upload limit). */
  maxFiles?: number;
  /** Bytes per file (default: the photo limit), and the 413 said when one is larger. */
  maxFileBytes?: number;
  fileTooLarge?: { message: string; field: string };
  /** More than one file is refused with this 400 (checked before the fields). */
  oneFile?: { message: string; field: string };
  /** Text parts that may repeat: their values stay a list. Any other name sent twice is a 400. */
  lists?: readonly string[];
  /** How a field's multipart values become its value (default: the one value). */
  decode?: Record<string, (values: string[]) => unknown>;
  /**
   * Text parts sent empty are left out: 'all' (each name still sent once at most), or these
   * names even when repeated (the empty text part of a file input left empty).
   */
  dropEmpty?: 'all' | readonly string[];
  /** A multipart form's own schema, when it is stricter or looser than the JSON body's. */
  multipartBody?: TSchema;
  /** A JSON body that is not an object: 415 with this message (default: the schema decides). */
  notObject?: string;
  /** A request without a body: read as {} (default), or refused like `notObject`. */
  requireBody?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The file parts of a multipart body read by readForm ([] for JSON; null before it). */
    uploads: UploadedFile[] | null;
  }
}

function flatten(fields: Record<string, string[]>, options: FormOptions): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  const dropAll = options.dropEmpty === 'all';
  const dropNamed = options.dropEmpty === 'all' ? [] : (options.dropEmpty ?? []);
  for (const [name, values] of Object.entries(fields)) {
    if (dropNamed.includes(name) && values.every((v) => v === '')) continue;
    const decode = options.decode?.[name];
    if (decode) flat[name] = decode(values);
    else if (options.lists?.includes(name)) flat[name] = values;
    else if (values.length > 1) throw badRequest(invalidFieldMessage(name), name);
    else if (!(dropAll && values[0] === '')) flat[name] = values[0] ?? '';
  }
  return flat;
}

/** The preHandler that reads and checks a JSON-or-multipart body (see the header). */
export function readForm(body: TSchema, options: FormOptions): preHandlerAsyncHookHandler {
  const checkJson = checker(body);
  const checkForm = options.multipartBody ? checker(options.multipartBody) : checkJson;
  const refuse = () => new HttpError(415, options.notObject ?? MSG.unsupportedMedia);
  const reader = async (request: FastifyRequest) => {
    if (request.isMultipart()) {
      const form = await readMultipart(request, {
        fileFields: options.fileFields,
        ...(options.maxFiles !== undefined ? { maxFiles: options.maxFiles } : {}),
        ...(options.maxFileBytes !== undefined ? { maxFileBytes: options.maxFileBytes } : {}),
        ...(options.fileTooLarge ? { fileTooLarge: options.fileTooLarge } : {}),
      });
      if (options.oneFile && form.files.length > 1) {
        throw badRequest(options.oneFile.message, options.oneFile.field);
      }
      request.uploads = form.files;
      request.body = checkForm(flatten(form.fields, options));
      return;
    }
    request.uploads = [];
    const json = request.body;
    if (json === undefined || json === null) {
      if (options.requireBody) throw refuse();
      request.body = checkJson({});
      return;
    }
    if (options.notObject && (typeof json !== 'object' || Array.isArray(json))) throw refuse();
    request.body = checkJson(json);
  };
  formReaders.add(reader);
  return reader;
}

/** readForm's handlers, so the API description can say which routes also take multipart. */
const formReaders = new WeakSet<object>();

/** Whether a route handler is one of readForm's (a body as JSON or multipart/form-data). */
export function isFormReader(handler: unknown): boolean {
  return typeof handler === 'function' && formReaders.has(handler);
}

/** The files readForm read (none for a JSON body). */
export function uploadsOf(request: FastifyRequest): UploadedFile[] {
  return request.uploads ?? [];
}

/**
 * The validator compiler of a form route: Fastify's own for params, query and headers; the body
 * passes through, to be read and checked by readForm after the guards.
 */
export function formValidatorCompiler(app: FastifyInstance): FastifySchemaCompiler<unknown> {
  return (route) => {
    if (route.httpPart === 'body') return () => true;
    const compile = app.validatorCompiler;
    if (!compile) throw new Error('form routes: no default validator compiler yet');
    return compile(route) as (
      data: unknown,
    ) => boolean | { error?: Error | FastifySchemaValidationError[]; value?: unknown };
  };
}
