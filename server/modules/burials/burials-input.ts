/**
 * The body of a create/edit — JSON, or multipart with repeated `images` parts and the other
 * fields as text parts (read by plugins/forms.ts) — and its turning into the one shape the
 * services work with. Both bodies are checked with a TypeBox schema that refuses unknown fields
 * (src/domain/schemas/burial.ts); the burial rules themselves (src/domain) run in the service,
 * so the answer is the same whichever body carried the fields.
 */
import type { Static } from 'typebox';
import { SEP_MSG } from '../../../src/domain/burial-messages';
import { BURIAL_FIELDS, type BurialInput } from '../../../src/domain/burial-rules';
import { invalidFieldMessage, MSG } from '../../../src/domain/messages';
import { type BurialBodySchema, BurialFormBodySchema } from '../../../src/domain/schemas/burial';
import { badRequest, HttpError } from '../../lib/http-error';
import type { FormOptions } from '../../plugins/forms';
import type { UploadedFile } from '../../plugins/uploads';

export interface BurialRequest {
  /** Only the fields that were sent (an edit changes exactly these). */
  input: BurialInput;
  /** The version the edit started from (If-Match header or `version` field), if given. */
  version: number | null;
  /** Display file names to remove (edit only). */
  removeImages: string[];
  /** New photos, in the order they were sent. */
  files: Buffer[];
}

type BurialBodyValue = Static<typeof BurialBodySchema>;

/** How plugins/forms.ts reads a burial form. */
export const BURIAL_FORM: FormOptions = {
  fileFields: ['images'],
  lists: ['removeImages'],
  multipartBody: BurialFormBodySchema,
  notObject: MSG.unsupportedMedia,
};

/** "3", 3, W/"3" or "3" → 3; absent → null; anything else → 400. */
function parseVersion(value: unknown): number | null {
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

function pickFields(source: Record<string, unknown>): BurialInput {
  const input: BurialInput = {};
  for (const field of BURIAL_FIELDS) {
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

/**
 * A checked create/edit body and its photos as the services take it; `allowRemovals` is false
 * for create. `ifMatch` is the If-Match header (the version, when the body does not say it).
 */
export function toBurialRequest(
  body: BurialBodyValue,
  files: readonly UploadedFile[],
  ifMatch: string | string[] | undefined,
  options: { allowRemovals: boolean },
): BurialRequest {
  const headerVersion = parseVersion(Array.isArray(ifMatch) ? ifMatch[0] : ifMatch);
  if (!options.allowRemovals && body.removeImages !== undefined) {
    throw badRequest(invalidFieldMessage('removeImages'), 'removeImages');
  }
  return {
    input: pickFields(body),
    version: parseVersion(body.version) ?? headerVersion,
    removeImages: asList(body.removeImages),
    files: files.map((f) => f.data),
  };
}
