/**
 * The public pages rendered by the server (docs/decisions/0172-server-rendered-public-pages.md):
 * the QR landing, /sepultados/:id, and the results page, /sepultados/pesquisa?q=, come as HTML
 * with their content, readable before (and without) the app's code. Always the visitor's view,
 * whatever session the request carries: only public data enters the page, which a shared cache
 * may keep (page-data.ts). An unknown or malformed id answers 404 with the page saying so. Any
 * other path under /sepultados (the dashboard…) and any failure of the render answer the
 * shell, as before.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicPageData } from '../../../src/domain/public-page';
import { ReadCache } from '../../lib/read-cache';
import { sendIndex } from '../../plugins/client';
import { COMPRESSED } from '../../plugins/compression';
import { pageData } from './page-data';
import { chunkLinks, pageHtml } from './page-html';
import { type Rendering, renderingLoader } from './renderer';

/**
 * A rendered page is a function of its URL and its data: kept under a hash of both, it can never
 * be stale (an edited record is other data, so another key), and a crowd reading the same grave
 * costs one render. The time to live and the cache's bounds only limit memory.
 */
const PAGE_TTL_MS = 60_000;
const pageKey = (url: string, data: PublicPageData) =>
  createHash('sha1').update(url).update('\0').update(JSON.stringify(data)).digest('base64url');

export async function publicPageRoutes(app: FastifyInstance) {
  const { clientDir, ssrEntry } = app.ctx.config;
  // Without a built client there is no page to fill (the API alone, in development).
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) return;
  const load = renderingLoader(clientDir, ssrEntry);
  const pages = new ReadCache<string>(PAGE_TTL_MS);

  async function answer(request: FastifyRequest, reply: FastifyReply) {
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
      data = await pageData(app, request, page);
      if (!data) return sendIndex(reply);
      const held = data;
      const rendered = await pages.get(pageKey(url, held), async () => {
        const markup = await rendering.renderer.render(url, held);
        const links = chunkLinks(rendering.manifest, page.chunk, rendering.shell);
        return pageHtml(rendering.shell, markup, held, links);
      });
      if (rendered === null) return sendIndex(reply);
      html = rendered;
    } catch (err) {
      request.log.error({ err }, 'falha ao renderizar a página no servidor: enviando o app');
      return sendIndex(reply);
    } finally {
      admission.leave('public', performance.now() - started);
    }
    return reply
      .code(data.kind === 'recordNotFound' ? 404 : 200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  app.get('/sepultados/:id', { compress: COMPRESSED }, answer);
  app.get('/sepultados/pesquisa', { compress: COMPRESSED }, answer);
}
