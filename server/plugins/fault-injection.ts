/**
 * Test-only fault injection (docs/decisions.md, "Outcomes"): lets an end-to-end test make the real server
 * answer a chosen status (e.g. 500) to the next matching requests, so the browser meets a real
 * server failure over HTTP. Off by default and impossible to turn on in production: it is
 * registered only when NODE_ENV is "test" AND FAULT_INJECTION is "1" (the e2e harness sets
 * both; `npm start` sets neither), and its control route answers loopback callers only.
 * `{ "shed": true }` makes the real load shedding (plugins/load-shedding.ts) refuse every public
 * API request with its 503 until DELETE, as a server past its bound would.
 * Other failures are made for real in the tests (a 429 by exceeding the tribute limit, a 401
 * by changing the password elsewhere, a deleted account through the admin API).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export function faultInjectionAllowed(env: NodeJS.ProcessEnv): boolean {
  return env.NODE_ENV === 'test' && env.FAULT_INJECTION === '1';
}

interface Fault {
  method: string;
  /** The request URL must start with this (e.g. "/api/sepultados/"). */
  pathPrefix: string;
  status: number;
  /** How many matching requests fail; then the fault is gone. */
  remaining: number;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export const faultInjectionPlugin = fp(async (app: FastifyInstance) => {
  const faults: Fault[] = [];
  app.log.warn('FAULT_INJECTION ativo (somente testes)');

  app.addHook('onRequest', async (request, reply) => {
    const fault = faults.find(
      (f) => f.remaining > 0 && f.method === request.method && request.url.startsWith(f.pathPrefix),
    );
    if (!fault) return;
    fault.remaining -= 1;
    return reply.code(fault.status).send({ message: 'Falha injetada pelo teste.' });
  });

  app.put('/__test/faults', async (request, reply) => {
    if (!LOOPBACK.has(request.ip)) return reply.code(404).send({ message: 'Não encontrado.' });
    const body = request.body as (Partial<Fault> & { shed?: unknown }) | null;
    if (body?.shed === true) {
      app.ctx.admission.setLimit('public', -1);
      return { ok: true };
    }
    if (
      !body ||
      typeof body.method !== 'string' ||
      typeof body.pathPrefix !== 'string' ||
      typeof body.status !== 'number'
    ) {
      return reply.code(400).send({ message: 'Falha inválida.' });
    }
    faults.push({
      method: body.method.toUpperCase(),
      pathPrefix: body.pathPrefix,
      status: body.status,
      remaining: typeof body.remaining === 'number' ? body.remaining : 1,
    });
    return { ok: true };
  });

  app.delete('/__test/faults', async (request, reply) => {
    if (!LOOPBACK.has(request.ip)) return reply.code(404).send({ message: 'Não encontrado.' });
    faults.length = 0;
    app.ctx.admission.setLimit('public', app.ctx.config.maxConcurrent);
    return { ok: true };
  });
});
