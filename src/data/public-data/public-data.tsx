/**
 * The public data a server-rendered page came with (src/domain/public-page.ts): read once from
 * the document by main.tsx, given to the server's render by src/entry-server.tsx, and offered
 * to the screens through one context, so the browser's first render is the server's (the
 * visitor's view, with the data the page holds) and nothing the page holds is asked for again
 * (docs/decisions/0172-server-rendered-public-pages.md).
 */
import { createContext, useContext } from 'react';
import { PUBLIC_DATA_ID, type PublicPageData } from '../../domain/public-page';

const PublicDataContext = createContext<PublicPageData | null>(null);

export const PublicDataProvider = PublicDataContext.Provider;

/** The data the page's HTML carries (the server's JSON), or null: a shell to render from scratch. */
export function readPublicData(doc: Document): PublicPageData | null {
  const text = doc.getElementById(PUBLIC_DATA_ID)?.textContent;
  return text ? (JSON.parse(text) as PublicPageData) : null;
}

/** What the page came with, or null (a page the browser rendered from scratch). */
export function usePublicData(): PublicPageData | null {
  return useContext(PublicDataContext);
}
