/**
 * Security headers and CORS. The Content-Security-Policy allows exactly what the app uses:
 * its own scripts, styles (React sets inline style attributes), images from itself plus the
 * data:/blob: URLs of photo previews, and its own API and service worker.
 */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    // Images are fetched by the page and cached by the service worker on the same origin.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    hsts: app.ctx.config.publicUrl.startsWith('https://'),
  });
  const origins = app.ctx.config.corsOrigins;
  if (origins.length > 0) {
    await app.register(cors, {
      origin: origins,
      methods: ['GET', 'POST', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-Match'],
      maxAge: 600,
    });
  }
});
