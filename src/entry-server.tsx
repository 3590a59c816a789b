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

const ROUTES = createRoutesFromElements(appRoutes);
const RECORD_ROUTE = '/sepultados/:id';
const RECORD_CHUNK = 'burial-detail-page';

function pageOf(pathname: string): PublicPage | null {
  const matches = matchRoutes(ROUTES, pathname);
  const last = matches?.[matches.length - 1];
  if (last?.route.path !== RECORD_ROUTE) return null;
  return { kind: 'record', id: last.params.id ?? '', chunk: RECORD_CHUNK };
}

function titleOf(data: PublicPageData): string {
  return titleFor(data.kind === 'record' ? data.record.nome : data.message);
}

async function render(url: string, data: PublicPageData) {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    appTree(data, (routes) => <StaticRouter location={url}>{routes}</StaticRouter>),
    { onError: (error) => void errors.push(error) },
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
