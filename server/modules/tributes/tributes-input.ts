/**
 * The body of a tribute POST, JSON or multipart (read by plugins/forms.ts), and its turning into
 * one TributeInput:
 *  - JSON {comentario?, emojis?, clientId?};
 *  - multipart: `comentario`, `clientId` text parts, at most one `imagem` file, and `emojis` as
 *    repeated parts or one part holding a JSON array.
 * Both go through a TypeBox schema refusing unknown fields (400 naming the field;
 * src/domain/schemas/tribute.ts), whose bounds are generous on purpose: the tribute rules then
 * answer 422 with the exact limit.
 */
import type { Static } from 'typebox';
import { invalidFieldMessage, MSG } from '../../../src/domain/messages';
import type { TributeBodySchema } from '../../../src/domain/schemas/tribute';
import { TRIBUTE_MSG } from '../../../src/domain/tribute-rules';
import { badRequest } from '../../lib/http-error';
import type { FormOptions } from '../../plugins/forms';
import type { UploadedFile } from '../../plugins/uploads';
import type { TributeInput } from './tributes-write';

/** One `emojis` part holding '["🌹","🙏"]', or one emoji per part. */
function multipartEmojis(values: string[]): unknown {
  if (values.length === 1 && values[0]?.trimStart().startsWith('[')) {
    try {
      return JSON.parse(values[0]) as unknown;
    } catch {
      throw badRequest(invalidFieldMessage('emojis'), 'emojis');
    }
  }
  return values.filter((v) => v !== '');
}

/** How plugins/forms.ts reads a tribute form. */
export const TRIBUTE_FORM: FormOptions = {
  fileFields: ['imagem'],
  // Two files allowed through so a second one gets our message rather than the generic limit.
  maxFiles: 2,
  oneFile: { message: TRIBUTE_MSG.oneImage, field: 'imagem' },
  decode: { emojis: multipartEmojis },
  // A browser sends an empty text part for a file input left empty: nothing was attached.
  dropEmpty: ['imagem'],
  notObject: MSG.unsupportedMedia,
};

/**
 * A checked body and its photo as the service takes them. Every file part goes to the image
 * pipeline, an empty one too (415, like every upload route); the reader already left out the
 * nameless empty part of an unused file input.
 */
export function toTributeInput(
  body: Static<typeof TributeBodySchema>,
  files: readonly UploadedFile[],
  idempotencyKey: string | undefined,
): TributeInput {
  return {
    comentario: body.comentario ?? null,
    emojis: body.emojis ?? [],
    image: files[0]?.data ?? null,
    clientId: body.clientId ?? null,
    idempotencyKey: idempotencyKey ?? null,
  };
}
