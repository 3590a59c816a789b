/**
 * One error handler for the whole API: every failure answers JSON {message, field?} in pt-BR
 * with a 4xx that says what went wrong, and 5xx details stay in the log, never in the answer.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  invalidFieldMessage,
  MSG,
  missingFieldMessage,
  unknownFieldMessage,
} from '../../src/domain/messages';
import { HttpError } from '../lib/http-error';
import { graveFullError } from '../lib/pg-error';
import { drainRequest } from './drain';

interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

function describeValidation(issues: AjvIssue[]): { message: string; field?: string } {
  const issue = issues[0];
  if (!issue) return { message: MSG.invalidInput };
  const pathField = issue.instancePath.replace(/^\//, '').split('/')[0] || undefined;
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
    const field = issue.params.missingProperty;
    return { message: missingFieldMessage(field), field };
  }
  if (
    issue.keyword === 'additionalProperties' &&
    typeof issue.params.additionalProperty === 'string'
  ) {
    const field = issue.params.additionalProperty;
    return { message: unknownFieldMessage(field), field };
  }
  if (pathField) return { message: invalidFieldMessage(pathField), field: pathField };
  return { message: MSG.invalidInput };
}

const CODE_ANSWERS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, MSG.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, MSG.invalidJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, MSG.bodyTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, MSG.unsupportedMedia],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, MSG.invalidInput],
  FST_ERR_CTP_INVALID_TYPE: [415, MSG.unsupportedMedia],
};

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    // A refusal while the body is still arriving: read the rest first (drain.ts), so the
    // client finishes sending and then reads this answer instead of a reset connection.
    if (request.raw.complete === false && !request.raw.destroyed) {
      await drainRequest(request.raw);
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send({
        message: error.message,
        ...(error.field ? { field: error.field } : {}),
        ...(error.reason ? { reason: error.reason } : {}),
      });
    }
    const refusal = graveFullError(error);
    if (refusal) {
      return reply
        .code(refusal.statusCode)
        .send({ message: refusal.message, field: refusal.field });
    }
    if (error.validation) {
      return reply.code(400).send(describeValidation(error.validation as AjvIssue[]));
    }
    const known = error.code ? CODE_ANSWERS[error.code] : undefined;
    if (known) return reply.code(known[0]).send({ message: known[1] });
    if (error instanceof SyntaxError || error.statusCode === 400) {
      return reply.code(400).send({ message: MSG.invalidJson });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ message: MSG.tooManyRequests });
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: MSG.invalidInput });
    }
    request.log.error({ err: error, url: request.url }, 'unhandled error');
    return reply.code(500).send({ message: MSG.internalError });
  });
});
