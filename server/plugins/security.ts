/**
 * Security headers and CORS. The Content-Security-Policy allows exactly what the app uses:
 * its own scripts, styles (React sets inline style attributes), images from itself plus the
 * data:/blob: URLs of photo previews (and of the offline cemetery plan) plus OpenStreetMap's
 * tiles, and its own API and service worker.
 *
 * The headers are computed once and set by one hook: @fastify/helmet did the same work per
 * request and cost about 60% of a bare route's throughput here (measured, see bench/).
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MADE_AT_HEADER } from '../../src/domain/made-at';

const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  // OpenStreetMap tiles of the detail page's map; nothing else from outside.
  'img-src': ["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org'],
  'font-src': ["'self'"],
  // The service worker fetches those tiles itself to cache them as they are viewed.
  'connect-src': ["'self'", 'https://tile.openstreetmap.org'],
  'manifest-src': ["'self'"],
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

function securityHeaders(https: boolean): Record<string, string> {
  const csp = Object.entries(CSP_DIRECTIVES)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    // Same origin for everything but stored images when CORS_ORIGINS is set (below).
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-dns-prefetch-control': 'off',
    'permissions-policy': 'camera=(self), geolocation=(self), microphone=()',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * Stored images are public by nature (a record's photos, a tribute's photo, an author's avatar).
 * When CORS_ORIGINS names other front ends (the original app's, during a migration), their <img>
 * tags load them cross-origin, which `same-origin` would block (ERR_BLOCKED_BY_RESPONSE); without
 * CORS_ORIGINS they stay same-origin, so other sites cannot hotlink them.
 */
const IMAGES_PREFIX = '/api/images/';

/**
 * API answers are JSON or images, never documents: the page's policy (scripts, styles, tiles,
 * manifest, worker) and the document-only headers (COOP, Origin-Agent-Cluster, Permissions-Policy,
 * DNS prefetch) do nothing on them, yet cost ~600 bytes on every answer, which a saturated network
 * on Finados pays on each search keystroke. An API answer opened as a page loads nothing and
 * cannot be framed (OWASP REST security headers); nosniff, CORP and the referrer policy stay.
 */
const API_PREFIX = '/api/';

function apiHeaders(page: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': page['cross-origin-resource-policy'] ?? 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(page['strict-transport-security']
      ? { 'strict-transport-security': page['strict-transport-security'] }
      : {}),
  };
}

export const securityPlugin = fp(async (app: FastifyInstance) => {
  const origins = app.ctx.config.corsOrigins;
  const headers = securityHeaders(app.ctx.config.publicUrl.startsWith('https://'));
  const api = apiHeaders(headers);
  const images =
    origins.length > 0 ? { ...api, 'cross-origin-resource-policy': 'cross-origin' } : api;
  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request;
    reply.headers(
      url.startsWith(IMAGES_PREFIX) ? images : url.startsWith(API_PREFIX) ? api : headers,
    );
    done();
  });
  if (origins.length > 0) {
    await app.register(cors, {
      origin: origins,
      methods: ['GET', 'POST', 'PATCH', 'DELETE'],
      allowedHeaders: [
        'Authorization',
        'Content-Type',
        'Idempotency-Key',
        'If-Match',
        MADE_AT_HEADER,
      ],
      maxAge: 600,
    });
  }
});
