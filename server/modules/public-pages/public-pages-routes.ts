/**
 * The public pages rendered by the server (docs/decisions/0172-server-rendered-public-pages.md,
 * 0176-login-and-cemetery-pages-rendered-by-the-server.md): the QR landing, /sepultados/:id,
 * the results page, /sepultados/pesquisa?q=, a cemetery's page, /cemiterios/:id, and /login come
 * as HTML with their content, readable before (and without) the app's code. Always the
 * visitor's view, whatever session the request carries: only public data enters the page, which
 * a shared cache may keep (page-data.ts). An unknown or malformed id answers 404 with the page
 * saying so. Any other path under /sepultados (the dashboard…) and any failure of the render
 * answer the shell, as before. /login's form sent without the app (POST /login) gets /login
 * again saying the app is needed to sign in: no password is read or checked there.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN_FORM_MSG, MSG } from '../../../src/domain/messages';
import type { PublicPageData } from '../../../src/domain/public-page';
import { ReadCache } from '../../lib/read-cache';
import { sendIndex } from '../../plugins/client';
import { COMPRESSED } from '../../plugins/compression';
import { admitLoginForm } from '../users/public';
import { pageData } from './page-data';
import { afterPaintLoader, chunkLinks, pageHtml } from './page-html';
import { type Rendering, renderingLoader } from './renderer';

/**
 * A rendered page is a function of its URL and its data: kept under a hash of both, it can never
 * be stale (an edited record is other data, so another key), and a crowd reading the same grave
 * costs one render. The time to live and the cache's bounds only limit memory.
 */
const PAGE_TTL_MS = 60_000;
const pageKey = (url: string, data: PublicPageData) =>
  createHash('sha1').update(url).update('\0').update(JSON.stringify(data)).digest('base64url');

/** A login form's body is two short fields; anything larger is not one (413). */
const LOGIN_FORM_BYTES = 4096;

/** What /login says above its form, and the status it answers with (a POST's answer). */
interface Notice {
  text: string;
  status: number;
  retryAfter?: number;
}

const NOT_FOUND: ReadonlySet<PublicPageData['kind']> = new Set([
  'recordNotFound',
  'cemeteryNotFound',
]);

export async function publicPageRoutes(app: FastifyInstance) {
  const { clientDir, ssrEntry } = app.ctx.config;
  // Without a built client there is no page to fill (the API alone, in development).
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) return;
  const load = renderingLoader(clientDir, ssrEntry);
  const pages = new ReadCache<string>(PAGE_TTL_MS);

  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    notice: Notice | null = null,
  ) {
    let rendering: Rendering;
    try {
      rendering = await load();
    } catch (err) {
      request.log.warn({ err }, 'renderização no servidor indisponível: enviando o app');
      return sendIndex(reply);
    }
    const url = request.url;
    const page = rendering.renderer.pageOf(url);
    // ?ssr=0: the page as the browser renders it alone (benchmarks set the two side by side).
    if (!page || new URL(url, 'http://x').searchParams.get('ssr') === '0') return sendIndex(reply);
    // The page reads the database as the API does, so it takes a slot of the API's public lane
    // (server/plugins/load-shedding.ts). Refused, it answers the shell, which costs nothing: the
    // app then asks the API, hears "busy" with its Retry-After and shows the device's copy.
    const { admission } = app.ctx;
    if (!admission.tryEnter('public')) return sendIndex(reply);
    const started = performance.now();
    let html: string;
    let data: PublicPageData | null;
    try {
      data = await pageData(app, request, page, notice?.text ?? null);
      if (!data) return sendIndex(reply);
      const held = data;
      const rendered = await pages.get(pageKey(url, held), async () => {
        const markup = await rendering.renderer.render(url, held);
        const links = chunkLinks(rendering.manifest, page.chunk, rendering.shell);
        return pageHtml(
          rendering.shell,
          markup,
          held,
          links,
          rendering.styles,
          afterPaintLoader(rendering.manifest),
        );
      });
      if (rendered === null) return sendIndex(reply);
      html = rendered;
    } catch (err) {
      request.log.error({ err }, 'falha ao renderizar a página no servidor: enviando o app');
      return sendIndex(reply);
    } finally {
      admission.leave('public', performance.now() - started);
    }
    if (notice?.retryAfter) reply.header('retry-after', String(notice.retryAfter));
    return reply
      .code(NOT_FOUND.has(data.kind) ? 404 : (notice?.status ?? 200))
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  const visit = (request: FastifyRequest, reply: FastifyReply) => answer(request, reply);
  app.get('/sepultados/:id', { compress: COMPRESSED }, visit);
  app.get('/sepultados/pesquisa', { compress: COMPRESSED }, visit);
  app.get('/cemiterios/:id', { compress: COMPRESSED }, visit);
  app.get('/login', { compress: COMPRESSED }, visit);

  // /login's form as the browser sends it without the app (method="post", so the password never
  // rides in a URL). The app keeps its session in the browser, so no login can happen here: the
  // body is read only to be dropped (never parsed, logged or echoed), and the answer is /login
  // again saying so. Each post counts against the address's login attempts, as the API's login.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit: LOGIN_FORM_BYTES },
    (_request, _body, done) => done(null, undefined),
  );
  app.post('/login', { compress: COMPRESSED }, async (request, reply) => {
    // A post another site's page made the browser send is not counted: it could otherwise use
    // up the login attempts of every address whose visitors open that page.
    const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
    const wait = crossSite ? null : await admitLoginForm(app.ctx, request.ip);
    return answer(
      request,
      reply,
      wait === null
        ? { text: LOGIN_FORM_MSG.needsScript, status: 200 }
        : { text: MSG.tooManyAttempts, status: 429, retryAfter: wait },
    );
  });
}
