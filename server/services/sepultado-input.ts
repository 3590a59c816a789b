/**
 * Turns a create/edit request — JSON, or multipart with repeated `images` parts and the other
 * fields as text parts — into one shape the services work with. Both bodies are checked with a
 * TypeBox schema that refuses unknown fields; the burial rules themselves (src/domain) run in
 * the service, so the answer is the same whichever body carried the fields.
 */
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { invalidFieldMessage, MSG } from '../../src/domain/messages';
import { SEP_MSG } from '../../src/domain/sepultado-messages';
import {
  SEPULTADO_FIELDS,
  type SepultadoField,
  type SepultadoInput,
} from '../../src/domain/sepultado-rules';
import { UPLOAD_LIMITS } from '../../src/domain/upload-rules';
import { badRequest, HttpError } from '../http-error';
import { readMultipart } from '../plugins/uploads';
import { checker } from '../validate';

export interface SepultadoRequest {
  /** Only the fields that were sent (an edit changes exactly these). */
  input: SepultadoInput;
  /** The version the edit started from (If-Match header or `version` field), if given. */
  version: number | null;
  /** Display file names to remove (edit only). */
  removeImages: string[];
  /** New photos, in the order they were sent. */
  files: Buffer[];
}

// Generous bounds: the domain rules give the exact lengths and the pt-BR messages.
const Text = Type.Union([Type.String({ maxLength: 5000 }), Type.Null()]);
const NumberOrText = Type.Union([Type.Number(), Type.String({ maxLength: 40 }), Type.Null()]);
const FileNames = Type.Union([
  Type.Array(Type.String({ maxLength: 100 }), { maxItems: UPLOAD_LIMITS.maxPhotosPerRecord }),
  Type.String({ maxLength: 100 }),
]);

const NUMERIC: readonly SepultadoField[] = ['idade', 'latitude', 'longitude'];

const jsonProperties = Object.fromEntries(
  SEPULTADO_FIELDS.map((f) => [f, Type.Optional(NUMERIC.includes(f) ? NumberOrText : Text)]),
);

const checkJson = checker(
  Type.Object(
    {
      ...jsonProperties,
      version: Type.Optional(
        Type.Union([Type.Integer({ minimum: 1 }), Type.String({ maxLength: 20 })]),
      ),
      removeImages: Type.Optional(FileNames),
    },
    { additionalProperties: false },
  ),
);

// Multipart text parts: one string per field (removeImages may repeat).
const checkMultipart = checker(
  Type.Object(
    {
      ...Object.fromEntries(
        SEPULTADO_FIELDS.map((f) => [f, Type.Optional(Type.String({ maxLength: 5000 }))]),
      ),
      version: Type.Optional(Type.String({ maxLength: 20 })),
      removeImages: Type.Optional(
        Type.Array(Type.String({ maxLength: 100 }), { maxItems: UPLOAD_LIMITS.maxPhotosPerRecord }),
      ),
    },
    { additionalProperties: false },
  ),
);

/** "3", 3, W/"3" or "3" → 3; absent → null; anything else → 400. */
export function parseVersion(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const text = String(value)
    .trim()
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1');
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) {
    throw new HttpError(400, SEP_MSG.versionInvalid, 'version');
  }
  return Number(text);
}

function pickFields(source: Record<string, unknown>): SepultadoInput {
  const input: SepultadoInput = {};
  for (const field of SEPULTADO_FIELDS) {
    if (!Object.hasOwn(source, field)) continue;
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number' || value === null) {
      input[field] = value;
    }
  }
  return input;
}

function asList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Reads a create/edit body, JSON or multipart; `allowRemovals` is false for create. */
export async function readSepultadoRequest(
  request: FastifyRequest,
  options: { allowRemovals: boolean },
): Promise<SepultadoRequest> {
  const header = request.headers['if-match'];
  const headerVersion = parseVersion(Array.isArray(header) ? header[0] : header);

  if (request.isMultipart()) {
    const form = await readMultipart(request, { fileFields: ['images'] });
    const flat: Record<string, string | string[]> = {};
    for (const [name, values] of Object.entries(form.fields)) {
      if (name === 'removeImages') flat[name] = values;
      else if (values.length > 1) throw badRequest(invalidFieldMessage(name), name);
      else flat[name] = values[0] ?? '';
    }
    const body = checkMultipart(flat);
    if (!options.allowRemovals && body.removeImages) {
      throw badRequest(invalidFieldMessage('removeImages'), 'removeImages');
    }
    return {
      input: pickFields(body),
      version: parseVersion(body.version) ?? headerVersion,
      removeImages: body.removeImages ?? [],
      files: form.files.map((f) => f.data),
    };
  }

  if (request.body === undefined || request.body === null) {
    return { input: {}, version: headerVersion, removeImages: [], files: [] };
  }
  if (typeof request.body !== 'object' || Array.isArray(request.body)) {
    throw new HttpError(415, MSG.unsupportedMedia);
  }
  const body = checkJson(request.body);
  if (!options.allowRemovals && body.removeImages !== undefined) {
    throw badRequest(invalidFieldMessage('removeImages'), 'removeImages');
  }
  return {
    input: pickFields(body),
    version: parseVersion(body.version) ?? headerVersion,
    removeImages: asList(body.removeImages),
    files: [],
  };
}
