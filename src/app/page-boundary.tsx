/**
 * One error boundary per page (route): a page whose code cannot load without signal, or that
 * fails while rendering, is replaced by a box saying so, with "Tentar novamente" (a reload: the
 * lazy page keeps its failed import until then); the navbar, the footer and every other route
 * stay. Keyed by the path, so going to another page leaves the failure behind.
 */
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { LOAD_TEXT } from '../lib/texts/load-texts';
import { PartBoundary } from '../ui/part-boundary';

const reload = () => window.location.reload();

export function PageBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <PartBoundary
      key={pathname}
      message={LOAD_TEXT.page}
      onRetry={reload}
      fallback={(box) => (
        <section className="page page-failed">
          <h1>{LOAD_TEXT.pageTitle}</h1>
          {box}
        </section>
      )}
    >
      {children}
    </PartBoundary>
  );
}
