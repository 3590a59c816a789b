/**
 * The public data a server-rendered page came with (src/domain/public-page.ts): read once from
 * the document by main.tsx, given to the server's render by src/entry-server.tsx, and offered
 * to the screens through one context, so the browser's first render is the server's, and the
 * record the page already holds is not asked for again (docs/decisions/0172-server-rendered-public-pages.md).
 */
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { PublicBurial } from '../domain/burial-types';
import { PUBLIC_DATA_ID, type PublicPageData } from '../domain/public-page';

const PublicDataContext = createContext<PublicPageData | null>(null);

/** The data the page's HTML carries, or null: a shell to render from scratch. */
export function readPublicData(doc: Document): PublicPageData | null {
  const text = doc.getElementById(PUBLIC_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PublicPageData;
  } catch {
    return null;
  }
}

export function PublicDataProvider({
  data,
  children,
}: {
  data: PublicPageData | null;
  children: ReactNode;
}) {
  return <PublicDataContext.Provider value={data}>{children}</PublicDataContext.Provider>;
}

/** What the page came with about record `id`: the record, the server's "not found", or null. */
export function usePublicRecord(
  id: string,
): { record: PublicBurial } | { notFound: string } | null {
  const data = useContext(PublicDataContext);
  return useMemo(() => {
    if (data?.kind === 'record' && data.record.id === id) return { record: data.record };
    if (data?.kind === 'recordNotFound' && data.id === id) return { notFound: data.message };
    return null;
  }, [data, id]);
}
