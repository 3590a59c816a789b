/**
 * Reads a tribute POST, JSON or multipart, into one TributeInput:
 *  - JSON {comentario?, emojis?, clientId?};
 *  - multipart: `comentario`, `clientId` text parts, at most one `imagem` file, and `emojis` as
 *    repeated parts or one part holding a JSON array.
 * Both go through a TypeBox schema refusing unknown fields (400 naming the field). The schema
 * bounds are generous on purpose: the tribute rules then answer 422 with the exact limit.
 */
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ID_PATTERN } from '../../src/domain/ids';
import { invalidFieldMessage, MSG } from '../../src/domain/messages';
import { TRIBUTE_MSG } from '../../src/domain/tribute-rules';
import { badRequest, HttpError } from '../http-error';
import { readMultipart } from '../plugins/uploads';
import { checker } from '../validate';
import type { TributeInput } from './comentarios-write';

const Comentario = Type.String({ maxLength: 10_000 });
const Emojis = Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 });
const ClientId = Type.String({ pattern: ID_PATTERN });

const checkJson = checker(
  Type.Object(
    {
      comentario: Type.Optional(Type.Union([Comentario, Type.Null()])),
      emojis: Type.Optional(Type.Union([Emojis, Type.Null()])),
      clientId: Type.Optional(ClientId),
    },
    { additionalProperties: false },
  ),
);

const checkMultipart = checker(
  Type.Object(
    {
      comentario: Type.Optional(Comentario),
      emojis: Type.Optional(Emojis),
      clientId: Type.Optional(ClientId),
    },
    { additionalProperties: false },
  ),
);

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

async function readForm(request: FastifyRequest): Promise<Omit<TributeInput, 'idempotencyKey'>> {
  // Two files allowed through so a second one gets our message rather than the generic limit.
  const form = await readMultipart(request, { fileFields: ['imagem'], maxFiles: 2 });
  // Every file part goes to the image pipeline, an empty one too (415, like every upload
  // route); readMultipart already left out the nameless empty part of an unused file input.
  const photos = form.files;
  if (photos.length > 1) throw badRequest(TRIBUTE_MSG.oneImage, 'imagem');
  const flat: Record<string, unknown> = {};
  for (const [name, values] of Object.entries(form.fields)) {
    if (name === 'emojis') {
      flat.emojis = multipartEmojis(values);
      continue;
    }
    // A browser sends an empty text part for a file input left empty: nothing was attached.
    if (name === 'imagem' && values.every((v) => v === '')) continue;
    if (values.length > 1) throw badRequest(invalidFieldMessage(name), name);
    flat[name] = values[0];
  }
  const body = checkMultipart(flat);
  return {
    comentario: body.comentario ?? null,
    emojis: body.emojis ?? [],
    image: photos[0]?.data ?? null,
    clientId: body.clientId ?? null,
  };
}

export async function readTributeRequest(
  request: FastifyRequest,
  idempotencyKey: string | undefined,
): Promise<TributeInput> {
  const key = idempotencyKey ?? null;
  if (request.isMultipart()) return { ...(await readForm(request)), idempotencyKey: key };
  if (request.body === undefined || request.body === null) {
    return { comentario: null, emojis: [], image: null, clientId: null, idempotencyKey: key };
  }
  if (typeof request.body !== 'object' || Array.isArray(request.body)) {
    throw new HttpError(415, MSG.unsupportedMedia);
  }
  const body = checkJson(request.body);
  return {
    comentario: body.comentario ?? null,
    emojis: body.emojis ?? [],
    image: null,
    clientId: body.clientId ?? null,
    idempotencyKey: key,
  };
}
