/**
 * The server's render of the public pages (docs/decisions/0172-server-rendered-public-pages.md):
 * the app's own tree under a static router, always as a visitor sees it, with the page's
 * public data in the same context the browser fills from the page (so hydration matches).
 * Built by Vite as a bundle of its own (dist/ssr) that the server loads; the server never
 * imports the client's code.
 */
import { Writable } from 'node:stream';
import { prerenderToNodeStream } from 'react-dom/static';
import { createRoutesFromElements, matchRoutes, StaticRouter } from 'react-router-dom';
import { appTree } from './app/app-tree';
import { titleFor } from './app/document-title';
import { appRoutes } from './app/routes';
import type { PublicPage, PublicPageData, PublicPageRenderer } from './domain/public-page';
import { LOGIN_TITLE } from './features/auth/login-page';

const ROUTES = createRoutesFromElements(appRoutes);

/** A page that waits longer than this (a part that never loads) is not the server's to answer. */
const RENDER_TIMEOUT_MS = 5000;

/** Which public page a URL is, by the app's own route table. */
function pageOf(url: string): PublicPage | null {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const matches = matchRoutes(ROUTES, pathname);
  const route = matches?.[matches.length - 1];
  if (route?.route.path === '/sepultados/:id') {
    return { kind: 'record', id: route.params.id ?? '', chunk: 'burial-detail-page' };
  }
  if (route?.route.path === '/sepultados/pesquisa') {
    const q = (searchParams.get('q') ?? '').trim();
    const cemiterio = searchParams.get('cemiterio') || null;
    return { kind: 'search', q, cemiterio, chunk: 'search-results-page' };
  }
  if (route?.route.path === '/cemiterios/:id') {
    return { kind: 'cemetery', id: route.params.id ?? '', chunk: 'cemetery-page' };
  }
  if (route?.route.path === '/login') return { kind: 'login', chunk: 'visitor-cemetery-choice' };
  return null;
}

/** As the browser titles the page from its heading (the results' heading names the term). */
function titleOf(data: PublicPageData): string {
  if (data.kind === 'record') return titleFor(data.record.nome);
  if (data.kind === 'recordNotFound' || data.kind === 'cemeteryNotFound') {
    return titleFor(data.message);
  }
  if (data.kind === 'cemetery') return titleFor(data.cemetery.nome);
  if (data.kind === 'login') return titleFor(LOGIN_TITLE);
  return titleFor(data.q ? `Resultados: ${data.q}` : 'Resultados da Pesquisa');
}

async function render(url: string, data: PublicPageData) {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    appTree(data, (routes) => <StaticRouter location={url}>{routes}</StaticRouter>),
    { onError: (error) => void errors.push(error), signal: AbortSignal.timeout(RENDER_TIMEOUT_MS) },
  );
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    prelude.on('error', reject);
    prelude.pipe(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
        final(done) {
          resolve();
          done();
        },
      }),
    );
  });
  // A part that failed on the server would be rendered by the browser alone: the page then
  // is not what the server promises; the caller answers the shell instead.
  if (errors.length > 0) throw errors[0];
  return { html: Buffer.concat(chunks).toString('utf8'), title: titleOf(data) };
}

export const renderer: PublicPageRenderer = { pageOf, render };
