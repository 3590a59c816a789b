/**
 * The pages the server renders for a visitor (docs/decisions/0172-server-rendered-public-pages.md):
 * what such a page carries for the browser to hydrate it without asking again, and what the
 * server-side render bundle (src/entry-server.tsx) offers the server. Only public data: the
 * server renders the anonymous view whatever the request's session.
 */
import type { PublicBurial } from './burial-types';
import type { SearchAnswer } from './search-types';

/** The id of the <script type="application/json"> holding a page's PublicPageData. */
export const PUBLIC_DATA_ID = 'dados-publicos';

export type PublicPageData =
  | { kind: 'record'; record: PublicBurial }
  /** An unknown or malformed id: the page says so in the server's words. */
  | { kind: 'recordNotFound'; id: string; message: string }
  /**
   * The results page: the API's answer for `q` (null: no term, or one the rules refuse), and
   * whether there are several cemeteries (room for the choice, each card's cemetery named) so
   * the page does not change its rows when the list of cemeteries comes.
   */
  | {
      kind: 'search';
      q: string;
      cemiterio: string | null;
      answer: SearchAnswer | null;
      several: boolean;
    };

/**
 * A URL the server renders: the record page of `id` (any last segment the route takes), or
 * the results page of `q` (trimmed). `chunk`: the name of the page's chunk in the client build
 * (vite.config.ts), whose styles and code the page links.
 */
export type PublicPage =
  | { kind: 'record'; id: string; chunk: string }
  | { kind: 'search'; q: string; cemiterio: string | null; chunk: string };

export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** The document's title, as the browser sets it from the page's heading. */
  title: string;
}

export interface PublicPageRenderer {
  /** The public page `url` (path and query) is, or null: the shell answers it. */
  pageOf(url: string): PublicPage | null;
  render(url: string, data: PublicPageData): Promise<RenderedPage>;
}
