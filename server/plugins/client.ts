/**
 * Serves the built PWA from CLIENT_DIR with an SPA fallback for navigations. The fallback never
 * covers /api: an unknown API path answers 404 JSON. Text files are sent as the brotli or gzip
 * copy the build wrote beside them (scripts/precompress.ts), chosen by Accept-Encoding, with
 * `Vary: Accept-Encoding`. Hashed assets are cached for a year; everything else (index.html, the
 * service worker, the manifest, logo, icons, placeholders) is revalidated by ETag on each use, so
 * an update reaches people at once and an unchanged file costs a 304 (docs/decisions.md: static files).
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '../../src/domain/messages';

/**
 * Headers that only mean something on a document or a worker (CSP, framing, opener, feature
 * policy). On a script, style or raster image they are ~600 bytes of nothing, paid on each of the
 * first visit's requests over a crowded network; documents, SVG and the service worker keep them.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'permissions-policy',
  'x-permitted-cross-domain-policies',
  'x-dns-prefetch-control',
];

/** Content-hashed build output never changes under its name; anything else may. */
const isHashed = (relPath: string) => relPath.startsWith('assets/');

function cacheControl(relPath: string): string {
  return isHashed(relPath) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Validators and ranges on a hashed asset: an immutable file is never revalidated nor fetched in
 * parts, so they are ~100 bytes of nothing on each of the first visit's scripts and styles.
 */
const HASHED_NEEDLESS_HEADERS = ['etag', 'last-modified', 'accept-ranges'];

/** The shell: the built index.html, which the browser renders from scratch. */
export function sendIndex(reply: FastifyReply) {
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}

export const clientPlugin = fp(async (app: FastifyInstance) => {
  const root = app.ctx.config.clientDir;
  const hasClient = fs.existsSync(path.join(root, 'index.html'));
  if (hasClient) {
    // wildcard: false registers one route per built file, so nothing outside the build is served.
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const rel = path
          .relative(root, filePath)
          .split(path.sep)
          .join('/')
          .replace(/\.(br|gz)$/, '');
        res.header('cache-control', cacheControl(rel));
        if (isHashed(rel)) for (const name of HASHED_NEEDLESS_HEADERS) res.removeHeader(name);
        if (/\.(js|css|png|jpe?g|webp|ico|woff2)$/.test(rel) && rel !== 'sw.js') {
          for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
        }
      },
    });
    app.get('/', (_request, reply) => sendIndex(reply));
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.code(404).send({ message: MSG.apiNotFound });
    }
    // App routes (no file extension) get the shell; a missing file is a real 404.
    const isNavigation = !/\.[a-z0-9]{1,8}$/i.test(pathname);
    if (hasClient && isNavigation && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendIndex(reply);
    }
    return reply.code(404).send({ message: MSG.notFound });
  });
});
