/**
 * The pages the server renders for a visitor (docs/decisions/0172-server-rendered-public-pages.md):
 * what such a page carries for the browser to hydrate it without asking again, and what the
 * server-side render bundle (src/entry-server.tsx) offers the server. Only public data: the
 * server renders the anonymous view whatever the request's session.
 */
import type { PublicBurial } from './burial-types';
import type { Cemetery } from './cemetery-types';
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
    }
  /** A cemetery's page: the cemetery as the API gives it to anyone. */
  | { kind: 'cemetery'; cemetery: Cemetery }
  /** An unknown or malformed cemetery id: the page says so in the server's words. */
  | { kind: 'cemeteryNotFound'; id: string; message: string }
  /**
   * /login: whether there are several cemeteries (the visitor's search below the form keeps the
   * choice's room), and what the page says above the form after a form sent without the app's
   * code (a POST the server answers with this page; null on a plain visit).
   */
  | { kind: 'login'; several: boolean; notice: string | null };

/**
 * A URL the server renders: the record page of `id` (any last segment the route takes), the
 * results page of `q` (trimmed), a cemetery's page, or /login. `chunk`: the name of the page's
 * chunk in the client build (vite.config.ts), whose styles and code the page links.
 */
export type PublicPage =
  | { kind: 'record'; id: string; chunk: string }
  | { kind: 'search'; q: string; cemiterio: string | null; chunk: string }
  | { kind: 'cemetery'; id: string; chunk: string }
  /** /login's own code is in the entry chunk; `chunk` is the lazy part it shows (the choice). */
  | { kind: 'login'; chunk: string };

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
