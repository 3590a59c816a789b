/**
 * Bodies that may come as JSON or as multipart/form-data with one photo in the `image` part
 * (spec §7: admin-create, PATCH /users/:id, PATCH /users/edit/:id). Both shapes pass the same
 * TypeBox schema (server/validate.ts), so the answers to bad input are the same either way.
 */
import type { FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { invalidFieldMessage } from '../../src/domain/messages';
import { badRequest } from '../http-error';
import { readMultipart } from '../plugins/uploads';
import { checker } from '../validate';

export interface UserForm<T> {
  body: T;
  image?: Buffer;
}

export function userFormReader<S extends TSchema>(schema: S) {
  const check = checker(schema);
  return async (request: FastifyRequest): Promise<UserForm<Static<S>>> => {
    if (!request.isMultipart()) return { body: check(request.body ?? {}) };
    const form = await readMultipart(request, { fileFields: ['image'], maxFiles: 1 });
    const fields: Record<string, string> = {};
    for (const [name, values] of Object.entries(form.fields)) {
      if (values.length !== 1) throw badRequest(invalidFieldMessage(name), name);
      // Spec §5: empty values are left out of multipart payloads; treat a sent one the same.
      if (values[0] !== undefined && values[0] !== '') fields[name] = values[0];
    }
    const image = form.files[0]?.data;
    // An empty file goes to the image pipeline too (415, the same on every upload route).
    return { body: check(fields), ...(image ? { image } : {}) };
  };
}
