/**
 * Serves the built PWA from CLIENT_DIR with an SPA fallback for navigations. The fallback never
 * covers /api: an unknown API path answers 404 JSON. Hashed assets are cached for a year; the
 * service worker and index.html are always revalidated so updates reach people.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '../../src/domain/messages';

function sendIndex(reply: FastifyReply) {
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
      setHeaders(res, filePath) {
        const rel = path.relative(root, filePath).split(path.sep).join('/');
        if (rel.startsWith('assets/')) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (rel === 'sw.js' || rel.endsWith('.html') || rel.endsWith('.webmanifest')) {
          res.header('cache-control', 'no-cache');
        } else {
          res.header('cache-control', 'public, max-age=3600');
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
