/**
 * The public pages rendered by the server (docs/decisions/0172-server-rendered-public-pages.md):
 * the QR landing, /sepultados/:id, comes as HTML with the record in it, readable before (and
 * without) the app's code. Always the visitor's view, whatever session the request carries:
 * only the public record enters the page, which a shared cache may keep. An unknown or
 * malformed id answers 404 with the page saying so. Any other path under /sepultados (the
 * search, the dashboard…) and any failure of the render answer the shell, as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicBurial } from '../../../src/domain/burial-types';
import type { PublicPageData } from '../../../src/domain/public-page';
import { PublicBurialSchema } from '../../../src/domain/schemas/burial';
import { HttpError } from '../../lib/http-error';
import { sendIndex } from '../../plugins/client';
import { COMPRESSED } from '../../plugins/compression';
import { getBurial } from '../burials/public';
import { chunkLinks, pageHtml } from './page-html';
import { type Rendering, renderingLoader } from './renderer';

const PUBLIC_FIELDS = Object.keys(PublicBurialSchema.properties);

/** The record's public fields only, whatever the read added. */
function publicRecord(record: Record<string, unknown>): PublicBurial {
  return Object.fromEntries(
    PUBLIC_FIELDS.filter((k) => k in record).map((k) => [k, record[k]]),
  ) as PublicBurial;
}

async function recordData(app: FastifyInstance, id: string): Promise<PublicPageData> {
  try {
    // No viewer: the anonymous view, whoever asks.
    return { kind: 'record', record: publicRecord(await getBurial(app.ctx, id, null)) };
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 404) {
      return { kind: 'recordNotFound', id, message: err.message };
    }
    throw err;
  }
}

export async function publicPageRoutes(app: FastifyInstance) {
  const { clientDir, ssrEntry } = app.ctx.config;
  // Without a built client there is no page to fill (the API alone, in development).
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) return;
  const load = renderingLoader(clientDir, ssrEntry);

  async function answer(request: FastifyRequest, reply: FastifyReply) {
    let rendering: Rendering;
    try {
      rendering = await load();
    } catch (err) {
      request.log.warn({ err }, 'renderização no servidor indisponível: enviando o app');
      return sendIndex(reply);
    }
    const url = request.url;
    const page = rendering.renderer.pageOf(url.split('?')[0] ?? '');
    if (!page) return sendIndex(reply);
    let html: string;
    let data: PublicPageData;
    try {
      data = await recordData(app, page.id);
      const rendered = await rendering.renderer.render(url, data);
      const links = chunkLinks(rendering.manifest, page.chunk, rendering.shell);
      html = pageHtml(rendering.shell, rendered, data, links);
    } catch (err) {
      request.log.error({ err }, 'falha ao renderizar a página no servidor: enviando o app');
      return sendIndex(reply);
    }
    return reply
      .code(data.kind === 'record' ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  app.get('/sepultados/:id', { compress: COMPRESSED }, answer);
}
