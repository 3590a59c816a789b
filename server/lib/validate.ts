/**
 * TypeBox checks for input the route schema cannot see (multipart fields, a body that may be
 * JSON or multipart): the same {message, field} 400 answers as the error handler gives for
 * schema failures, naming the first field at fault.
 */
import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import {
  invalidFieldMessage,
  MSG,
  missingFieldMessage,
  unknownFieldMessage,
} from '../../src/domain/messages';
import { badRequest, type HttpError } from './http-error';

interface Issue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

function firstName(value: unknown): string | undefined {
  return Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
}

function describeIssues(issues: readonly Issue[]): HttpError {
  // An unknown field is the clearest thing to report, then a missing one, then the first.
  const extra = issues.find((i) => i.keyword === 'additionalProperties');
  const extraName = firstName(extra?.params.additionalProperties);
  if (extraName) return badRequest(unknownFieldMessage(extraName), extraName);
  const missing = issues.find((i) => i.keyword === 'required');
  const missingName = firstName(missing?.params.requiredProperties);
  if (missingName) return badRequest(missingFieldMessage(missingName), missingName);
  const field = issues[0]?.instancePath.replace(/^\//, '').split('/')[0];
  if (field) return badRequest(invalidFieldMessage(field), field);
  return badRequest(MSG.invalidInput);
}

/** Compiles once; the returned function answers the typed value or throws a 400 HttpError. */
export function checker<T extends TSchema>(schema: T): (value: unknown) => Static<T> {
  const validator = Compile(schema);
  return (value: unknown) => {
    if (validator.Check(value)) return value as Static<T>;
    throw describeIssues(validator.Errors(value) as unknown as Issue[]);
  };
}
