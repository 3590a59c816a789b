/**
 * Overload is answered, not queued (docs/decisions.md "Load shedding"): every API request takes
 * a slot in its lane (server/lib/admission.ts) for as long as it runs; past the lane's bound it
 * is answered at once with 503, `Retry-After` and a pt-BR message, before any parsing or
 * database work. The app reads that answer as "server busy" (src/domain/outcome.ts): it shows
 * the device's copy where it has one and tries again after Retry-After.
 *
 * Lanes: `account` = login, the session check that follows it (checkuser, a memory read since
 * the user cache), registration and the e-mailed account links (a person trying to log in is
 * never pushed out by the public flood, nor can a login storm take the reads' slots);
 * `public` = every other /api route. Not bounded: GET /api/health (the load balancer
 * must see a live, if busy, instance) and the PWA's static files (precompressed, from disk).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '../../src/domain/messages';
import type { Lane } from '../lib/admission';

const ACCOUNT_PATHS = new Set([
  '/api/users/login',
  '/api/users/checkuser',
  '/api/users/register',
  '/api/users/forgot-password',
  '/api/users/reset-password',
  '/api/users/verify-email',
  '/api/users/resend-verification',
]);

/** Seconds in Retry-After: spread over 2–5 s so the refused do not all come back together. */
export const RETRY_AFTER_MIN = 2;
const RETRY_AFTER_SPREAD = 4;

/** Slots the public lane keeps however slow its answers get (≥ the database pool's 10). */
export const PUBLIC_LANE_FLOOR = 16;

/**
 * The account lane's bound: an eighth of the public one, at least 4 (logins pay an Argon2
 * hash, slow by design: more at once would only queue on the CPU); 0 stays off.
 */
export function accountLaneBound(maxConcurrent: number): number {
  return maxConcurrent === 0 ? 0 : Math.max(4, Math.round(maxConcurrent / 8));
}

export function laneOf(url: string): Lane | null {
  const q = url.indexOf('?');
  const path = q >= 0 ? url.slice(0, q) : url;
  if (!path.startsWith('/api/')) return null;
  if (path === '/api/health') return null;
  return ACCOUNT_PATHS.has(path) ? 'account' : 'public';
}

export const loadSheddingPlugin = fp(async (app: FastifyInstance) => {
  const { admission } = app.ctx;
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    const lane = laneOf(request.url);
    if (!lane) return;
    if (!admission.tryEnter(lane)) {
      const seconds = RETRY_AFTER_MIN + Math.floor(Math.random() * RETRY_AFTER_SPREAD);
      return reply
        .code(503)
        .header('retry-after', String(seconds))
        .header('cache-control', 'no-store')
        .send({ message: MSG.serverBusy });
    }
    // 'close' comes once the answer is sent or the client went away, whichever is first.
    const started = performance.now();
    let left = false;
    reply.raw.once('close', () => {
      if (left) return;
      left = true;
      admission.leave(lane, performance.now() - started);
    });
  });
});
