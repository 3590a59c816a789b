/**
 * The whole app as one element, the same in the browser and in the server's render
 * (src/entry-server.tsx): only the router differs (the browser's history, or the request's URL).
 */
import { type ReactNode, StrictMode } from 'react';
import type { PublicPageData } from '../domain/public-page';
import { Providers } from './providers';
import { AppRoutes } from './routes';

export function appTree(
  publicData: PublicPageData | null,
  router: (routes: ReactNode) => ReactNode,
): ReactNode {
  return (
    <StrictMode>
      <Providers publicData={publicData}>{router(<AppRoutes />)}</Providers>
    </StrictMode>
  );
}
