/**
 * Opens the audit scope of every request (server/db/audit-scope.ts): its id, when it arrived,
 * when the device says the write was made (the outbox's header), and who is signed in, read
 * when a transaction starts. The scope wraps the rest of the request's hooks and its handler.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MADE_AT_HEADER } from '../../src/domain/made-at';
import { runInAuditScope } from '../db/audit-scope';

/** A device clock this far ahead of the server is wrong: its time is not kept. */
const FUTURE_SLACK_MS = 5 * 60_000;

/** The device's time of the change, when it is a plausible past time. */
export function madeAtOf(request: FastifyRequest, now: Date): Date | null {
  const raw = request.headers[MADE_AT_HEADER];
  if (typeof raw !== 'string' || raw.length > 40) return null;
  const at = new Date(raw);
  const ms = at.getTime();
  if (Number.isNaN(ms) || ms > now.getTime() + FUTURE_SLACK_MS || at.getUTCFullYear() < 2000) {
    return null;
  }
  return at;
}

export const auditScopePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    const receivedAt = new Date();
    runInAuditScope(
      {
        requestId: String(request.id),
        receivedAt,
        madeAt: madeAtOf(request, receivedAt),
        actor: () =>
          request.user
            ? { id: request.user.id, role: request.user.role, name: request.user.name }
            : null,
      },
      done,
    );
  });
});
