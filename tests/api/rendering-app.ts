/**
 * An app that renders the public pages (docs/decisions/0172-server-rendered-public-pages.md)
 * from the app's own source (src/entry-server.tsx) into a minimal shell, for tests through
 * HTTP; and the public data such a page carries for hydration.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PUBLIC_DATA_ID, type PublicPageData } from '../../src/domain/public-page';
import { type Engine, type Harness, startApp } from './helpers';

export const SHELL = `<!doctype html><html lang="pt-BR"><head><title>Memorial</title></head><body>
<noscript>Ative o JavaScript para usar o Memorial.</noscript>
<div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`;

/** The page's public data (the `<script type="application/json">` the browser hydrates from). */
export function publicData(html: string): PublicPageData {
  const match = new RegExp(
    `<script type="application/json" id="${PUBLIC_DATA_ID}">([^<]*)</script>`,
  ).exec(html);
  if (!match?.[1]) throw new Error('página sem dados públicos');
  return JSON.parse(match[1]) as PublicPageData;
}

/** The app with a client directory holding only SHELL, removed when the app closes. */
export async function startRenderingApp(engine: Engine): Promise<Harness> {
  const clientDir = fs.mkdtempSync(path.join(process.cwd(), 'tests/.tmp-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), SHELL);
  const h = await startApp(engine, {
    CLIENT_DIR: clientDir,
    SSR_ENTRY: path.resolve('src/entry-server.tsx'),
  });
  const closeApp = h.close;
  h.close = async () => {
    await closeApp();
    fs.rmSync(clientDir, { recursive: true, force: true });
  };
  return h;
}
